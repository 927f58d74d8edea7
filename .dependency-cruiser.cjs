/**
 * Dependencies run one way (src/README.md, "What may import what"). `npm run lint` runs this over src/, sync/
 * and cli/; type-only imports count too, since they couple folders as much as calls do.
 *
 * The folders of src/ that hold a feature, lowest first: a folder may import the folders before it and never
 * one after it, so no two of them import each other and no cycle can run through several. A new folder
 * takes its place here (the rule `feature-folder-placed` says so when one is missing).
 */
const FEATURES = [
  'signing',
  'aggregate',
  'backup',
  'health',
  'idempotency',
  'auth',
  'audit',
  'settings',
  'customers',
  'invoices',
  'rollups',
  'mst',
  'products',
  'xml',
  'pdf',
  'printing',
  'exports',
  'tax-messages',
  'notifications',
  'reports',
  'transmission',
  'delivery',
  'portal',
  'tax-sim',
  'orders',
  'auto-issue',
  'shifts',
];

/** The layers every feature stands on; they import no feature. */
const BASE = ['db', 'domain', 'http'];

const anyOf = (folders) => `^src/(${folders.join('|')})/`;

const featureOrder = FEATURES.slice(0, -1).map((folder, i) => ({
  name: `feature-order-${folder}`,
  severity: 'error',
  comment: `src/${folder}/ may import only the feature folders listed before it in .dependency-cruiser.cjs`,
  from: { path: `^src/${folder}/` },
  to: { path: anyOf(FEATURES.slice(i + 1)) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'a module must not reach itself again through its imports',
      from: {},
      to: { circular: true },
    },
    ...featureOrder,
    {
      name: 'feature-folder-placed',
      severity: 'error',
      comment: 'every folder of src/ is either a base layer or a feature placed in the FEATURES order',
      from: { path: '^src/[^/]+/', pathNot: anyOf([...BASE, ...FEATURES, 'composition']) },
      to: {},
    },
    {
      name: 'base-imports-no-feature',
      severity: 'error',
      comment:
        'db/, domain/, http/, errors.ts and clock.ts import no feature folder (db/schema.ts gathers the tables ' +
        'for drizzle-kit and is held to `schema-imports-tables-only` instead)',
      from: { path: [`${anyOf(BASE)}`, '^src/(errors|clock)\\.ts$'], pathNot: '^src/db/schema\\.ts$' },
      to: { path: anyOf(FEATURES) },
    },
    {
      name: 'schema-imports-tables-only',
      severity: 'error',
      comment: 'db/schema.ts only re-exports the *.table.ts files',
      from: { path: '^src/db/schema\\.ts$' },
      to: { pathNot: '\\.table\\.ts$' },
    },
    {
      name: 'domain-imports-nothing-of-src',
      severity: 'error',
      comment: 'domain/ holds pure functions over plain data: it imports nothing from the rest of src/',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'features-import-no-root',
      severity: 'error',
      comment:
        'the composition root (services.ts and its factories in composition/) and what runs it (app, server, ' +
        'node, jobs) import the features and sync/, not the reverse',
      from: { path: ['^src/[^/]+/', '^sync/'], pathNot: '^src/composition/' },
      to: { path: ['^src/(app|services|server|node|jobs)\\.ts$', '^src/composition/'] },
    },
    {
      name: 'composition-below-the-root',
      severity: 'error',
      comment: 'the subsystem factories (src/composition/) are called by services.ts and never import it',
      from: { path: '^src/composition/' },
      to: { path: '^src/(app|services|server|node|jobs)\\.ts$' },
    },
    {
      name: 'routes-get-no-database',
      severity: 'error',
      comment:
        'a *.routes.ts file translates HTTP and calls services: it receives what it needs from the composition ' +
        'root and never imports the database (src/db/, better-sqlite3, drizzle)',
      from: { path: '\\.routes\\.ts$' },
      to: {
        path: [
          '^src/db/',
          '(^|/)node_modules/(@types/)?(better-sqlite3|drizzle-orm)/',
          '^(better-sqlite3|drizzle-orm)$',
        ],
      },
    },
    {
      name: 'src-imports-no-tooling',
      severity: 'error',
      comment: 'nothing in src/ or sync/ imports cli/, bench/, test/ or scripts/',
      from: { path: '^(src|sync)/' },
      to: { path: '^(cli|bench|test|scripts)/' },
    },
    {
      name: 'sync-store-only-from-the-root',
      severity: 'error',
      comment:
        'only the composition root (services.ts, composition/) and db/schema.ts import sync/store/: the domain ' +
        'sees the outbox only as the listeners it is given (sync/README.md)',
      from: { path: '^src/', pathNot: ['^src/(services|db/schema)\\.ts$', '^src/composition/'] },
      to: { path: '^sync/store/' },
    },
    {
      name: 'src-imports-no-hq',
      severity: 'error',
      comment: 'the store node does not import headquarters (sync/hq/) or the shared protocol files outside sync/store',
      from: { path: '^src/' },
      to: { path: '^sync/', pathNot: '^sync/store/' },
    },
    {
      name: 'store-and-hq-apart',
      severity: 'error',
      comment: 'sync/store/ and sync/hq/ share only the files of sync/ itself',
      from: { path: '^sync/(store|hq)/' },
      to: { path: '^sync/(store|hq)/', pathNot: '^sync/$1/' },
    },
    {
      name: 'cli-entry-on-top',
      severity: 'error',
      comment: 'the entry (cli/hoadon.ts) registers the commands; no command imports it',
      from: { path: '^cli/commands/' },
      to: { path: '^cli/hoadon\\.ts$' },
    },
    {
      name: 'sync-shared-stands-alone',
      severity: 'error',
      comment: 'the files directly in sync/ (protocol, clock) import neither side',
      from: { path: '^sync/[^/]+$' },
      to: { path: '^sync/(store|hq)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: it couples two folders as much as a call does.
    tsPreCompilationDeps: true,
    // Resolves the `.js` specifiers of NodeNext imports to their `.ts` files.
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
