/**
 * Applies the SQL migrations drizzle-kit generated into migrations/. Idempotent; each migration in its own
 * transaction, recorded in `schema_migrations`. A database that has migrations this code does not know was
 * written by a newer hoadon: refuse it rather than run old code on a schema it does not understand. A
 * database built through the chain later folded into the baseline (src/db/folded-migrations.ts) is recorded
 * as at the baseline when it reached the chain's end, and refused with what to do when it stopped earlier.
 */
import type Database from 'better-sqlite3';
import { readAsset } from '../assets.js';
import { backupDatabase, backupPath } from './backup.js';
import { FOLDED_CHAINS, type FoldedChain } from './folded-migrations.js';

export interface Migration {
  idx: number;
  tag: string;
}

/** The database's schema is not one this build can open or migrate. */
export class SchemaMismatchError extends Error {}

export class SchemaTooNewError extends SchemaMismatchError {
  constructor(readonly unknownTags: string[]) {
    super(
      `Cơ sở dữ liệu được tạo bởi phiên bản hoadon mới hơn (migration ${unknownTags.join(', ')}). ` +
        'Hãy chạy phiên bản hoadon mới hơn, hoặc khôi phục bản sao lưu tương ứng.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Built through the folded chain but stopped before its end: only the builds that carried the chain can finish it. */
export class SchemaBeforeBaselineError extends SchemaMismatchError {
  constructor(
    readonly lastApplied: string,
    readonly chainEnd: string,
  ) {
    super(
      `Cơ sở dữ liệu dừng ở migration ${lastApplied}, trước ${chainEnd} mà phiên bản này nhận làm mốc. ` +
        `Hãy chạy \`hoadon migrate\` của phiên bản hoadon trước (bản còn chuỗi migration cũ) để đưa nó tới ${chainEnd}, ` +
        'rồi mở lại bằng phiên bản này. ' +
        `(This database stops at migration ${lastApplied}, before ${chainEnd}: run \`hoadon migrate\` of the ` +
        'previous hoadon release first, then open it with this version.)',
    );
    this.name = 'SchemaBeforeBaselineError';
  }
}

/** The store's migrations; headquarters keeps its own database and migrations in `migrations/hq`. */
export const STORE_MIGRATIONS = 'migrations';

/** The migrations this build knows in `folder`, in order (drizzle-kit's journal). */
export function knownMigrations(folder = STORE_MIGRATIONS): Migration[] {
  return (JSON.parse(readAsset(`${folder}/meta/_journal.json`)) as { entries: Migration[] }).entries;
}

function appliedTags(sqlite: Database.Database): string[] {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    idx INTEGER PRIMARY KEY, tag TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  return (sqlite.prepare('SELECT tag FROM schema_migrations ORDER BY idx').all() as { tag: string }[]).map(
    (r) => r.tag,
  );
}

export interface MigrationPlan {
  /** Migrations already applied to this database (the baseline for a database of the folded chain). */
  applied: string[];
  pending: Migration[];
  /** Set when the database was built through the folded chain to its end: its records become the baseline's. */
  folded?: FoldedChain;
}

/** Throws when the records are those of the folded chain stopped before its end. */
function foldedChainOf(applied: string[], chain: FoldedChain | undefined): FoldedChain | undefined {
  if (!chain || !applied.some((tag) => chain.tags.includes(tag))) return undefined;
  const chainEnd = chain.tags.at(-1) ?? '';
  const complete = applied.length === chain.tags.length && applied.every((tag, i) => tag === chain.tags[i]);
  if (!complete) throw new SchemaBeforeBaselineError(applied.at(-1) ?? '', chainEnd);
  return chain;
}

export function planMigrations(
  sqlite: Database.Database,
  options: { folder?: string; known?: Migration[] } = {},
): MigrationPlan {
  const folder = options.folder ?? STORE_MIGRATIONS;
  const known = options.known ?? knownMigrations(folder);
  const recorded = appliedTags(sqlite);
  const chain = FOLDED_CHAINS[folder];
  const knownTags = new Set(known.map((m) => m.tag));
  const unknown = recorded.filter((tag) => !knownTags.has(tag) && !chain?.tags.includes(tag));
  if (unknown.length > 0) throw new SchemaTooNewError(unknown);
  const folded = foldedChainOf(recorded, chain);
  const applied = folded ? [folded.baseline] : recorded;
  const done = new Set(applied);
  return { applied, pending: known.filter((m) => !done.has(m.tag)), ...(folded ? { folded } : {}) };
}

export interface MigrationResult {
  applied: string[];
  current: string;
  /** The last tag of the folded chain, when this call recorded the database as at the baseline. */
  recordedBaselineFrom?: string;
}

/** The chain's records replaced by the baseline's: the schema is the same, only its name in the records changes. */
function recordBaseline(sqlite: Database.Database, chain: FoldedChain, known: Migration[], appliedAt: string): void {
  const baseline = known.find((m) => m.tag === chain.baseline);
  if (!baseline) throw new Error(`${chain.baseline} is not among the known migrations`);
  sqlite
    .transaction(() => {
      sqlite.prepare('DELETE FROM schema_migrations').run();
      sqlite
        .prepare('INSERT INTO schema_migrations (idx, tag, applied_at) VALUES (?, ?, ?)')
        .run(baseline.idx, baseline.tag, appliedAt);
    })
    .immediate();
}

export function migrate(
  sqlite: Database.Database,
  options: { known?: Migration[]; now?: () => Date; folder?: string } = {},
): MigrationResult {
  const folder = options.folder ?? STORE_MIGRATIONS;
  const known = options.known ?? knownMigrations(folder);
  const now = options.now ?? (() => new Date());
  const { pending, folded } = planMigrations(sqlite, { folder, known });
  if (folded) recordBaseline(sqlite, folded, known, now().toISOString());
  for (const migration of pending) {
    const statements = readAsset(`${folder}/${migration.tag}.sql`)
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    sqlite
      .transaction(() => {
        for (const statement of statements) sqlite.exec(statement);
        sqlite
          .prepare('INSERT INTO schema_migrations (idx, tag, applied_at) VALUES (?, ?, ?)')
          .run(migration.idx, migration.tag, now().toISOString());
      })
      .immediate();
  }
  return {
    applied: pending.map((m) => m.tag),
    current: known.at(-1)?.tag ?? '',
    ...(folded ? { recordedBaselineFrom: folded.tags.at(-1) ?? '' } : {}),
  };
}

/**
 * Brings a data dir's database to this build's schema, as the store and headquarters do on start. An
 * upgrade (pending migrations on a database that has some applied, or the folded chain's records becoming the
 * baseline's, which the builds of that chain no longer open) first keeps a full copy in
 * `<data>/backups/before-<last migration>-<time>.sqlite` to roll back to; a database written by a newer
 * hoadon, or stopped inside the folded chain, is refused before anything is written.
 */
export async function upgradeDatabase(
  sqlite: Database.Database,
  dataDir: string,
  options: { folder?: string; now: () => Date },
): Promise<MigrationResult> {
  const folder = options.folder ?? STORE_MIGRATIONS;
  const known = knownMigrations(folder);
  const plan = planMigrations(sqlite, { folder, known });
  if (plan.folded || (plan.applied.length > 0 && plan.pending.length > 0)) {
    const label = `before-${plan.pending.at(-1)?.tag ?? plan.folded?.baseline ?? 'upgrade'}`;
    await backupDatabase(sqlite, backupPath(dataDir, label, options.now()));
  }
  return migrate(sqlite, { known, folder, now: options.now });
}
