// Builds dist/hoadon-linux-x64: one file holding Node itself, the bundled code and its assets, using Node's
// own Single Executable Applications (see docs/binary.md). The base is Node 24 LTS from the npm registry with
// better-sqlite3's addon compiled for it (scripts/binary-runtime.mjs, cached after the first build); that
// Node writes the blob and postject (an npm package) injects it into a copy of it.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { build } from 'esbuild';
import { inject } from 'postject';
import { embeddedRuntime } from './binary-runtime.mjs';
import { buildInfo } from './build-info.mjs';
import { laterScript, loadedAtFirstUse, loadedLater, workerScripts } from './esbuild-plugins.mjs';

const OUT_DIR = 'dist/sea';
const EXECUTABLE = 'dist/hoadon-linux-x64';
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** Asset key → file. Keys are the paths src/assets.ts asks for. */
function collectAssets(sqliteAddon) {
  const assets = {
    'package.json': 'package.json',
    'native/better_sqlite3.node': sqliteAddon,
  };
  const addTree = (dir, prefix, keep = () => true) => {
    for (const entry of readdirSync(dir, { recursive: true })) {
      const file = join(dir, entry);
      if (statSync(file).isFile() && keep(file)) assets[`${prefix}/${relative(dir, file)}`] = file;
    }
  };
  // What src/db/migrate.ts reads, for the store and for headquarters (migrations/hq): journals and SQL.
  addTree('migrations', 'migrations', (f) => f.endsWith('.sql') || f.endsWith('/meta/_journal.json'));
  addTree('node_modules/@fastify/swagger-ui/static', 'swagger-ui', (f) => !f.endsWith('.map'));
  for (const extra of JSON.parse(readFileSync('scripts/binary-assets.json', 'utf8'))) {
    if (statSync(extra.from).isDirectory()) addTree(extra.from, extra.key);
    else assets[extra.key] = extra.from;
  }
  return assets;
}

/** A journal entry without its SQL would fail only inside the executable, on a shop's machine: fail here. */
function checkMigrations(assets) {
  for (const journal of Object.keys(assets).filter((key) => key.endsWith('/meta/_journal.json'))) {
    const folder = journal.slice(0, -'/meta/_journal.json'.length);
    for (const { tag } of JSON.parse(readFileSync(assets[journal], 'utf8')).entries) {
      if (!assets[`${folder}/${tag}.sql`])
        throw new Error(`${journal} lists ${tag}, but ${folder}/${tag}.sql does not exist`);
    }
  }
}

/** Optional modules a dependency tries to require inside try/catch: resolved to nothing at build time. */
function withoutOptionalModules(names) {
  const filter = new RegExp(`^(${names.join('|')})$`);
  return {
    name: 'without-optional-modules',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'absent' }));
      build.onLoad({ filter: /.*/, namespace: 'absent' }, () => ({ contents: 'module.exports = {};' }));
    },
  };
}

/**
 * V8 keeps the executable's code in memory as one string: one byte per character, but two for the whole
 * string as soon as a single character is above U+00FF (5.5 MB more). esbuild escapes such characters in
 * strings and names, not in regular expression literals (`/[đĐ]/`): escaped here, where `\u` means the same
 * thing. A character already behind a backslash (an identity escape, `\đ`) loses that backslash.
 */
function escapeNonAscii(file) {
  // Without the u flag, each UTF-16 unit on its own: a character beyond U+FFFF becomes its two surrogates.
  const code = readFileSync(file, 'utf8').replace(/(\\*)([^\0-\x7f])/g, (_, slashes, unit) => {
    const escaped = `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
    return `${slashes.length % 2 === 1 ? slashes.slice(1) : slashes}${escaped}`;
  });
  writeFileSync(file, code);
}

const runtime = embeddedRuntime();
rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });

/** Packages imported with import() that some shops never use, by group (see loadedLater). */
const LOADED_LATER = { 'api-docs': ['@fastify/swagger', '@fastify/swagger-ui'], 'http-client': ['undici'] };

/** Every script of the executable: minified, names kept (stack traces, error names, fastify's plugin names). */
const bundled = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  keepNames: true,
  logLevel: 'error',
};

await build({
  ...bundled,
  entryPoints: ['cli/hoadon.ts'],
  outfile: join(OUT_DIR, 'hoadon.cjs'),
  // import.meta does not exist in CommonJS; inside the executable src/assets.ts never reads it.
  define: {
    'import.meta.url': '"file:///hoadon-executable/dist/hoadon.cjs"',
    __HOADON_BUILD__: JSON.stringify(buildInfo()),
  },
  plugins: [
    withoutOptionalModules(['supports-color']),
    loadedAtFirstUse(['xml-crypto', '@xmldom/xmldom', 'node-forge'], { installed: false }),
    loadedLater(LOADED_LATER),
  ],
});
escapeNonAscii(join(OUT_DIR, 'hoadon.cjs'));
const later = {};
for (const [group, names] of Object.entries(LOADED_LATER)) {
  const outfile = join(OUT_DIR, 'later', `${group}.cjs`);
  const stdin = { contents: laterScript(names), resolveDir: '.' };
  await build({ ...bundled, stdin, outfile, plugins: [withoutOptionalModules(['supports-color'])] });
  escapeNonAscii(outfile);
  later[`later/${group}.cjs`] = outfile;
}

const workers = {};
for (const [asset, options] of Object.entries(workerScripts)) {
  const outfile = join(OUT_DIR, basename(asset));
  await build({ ...bundled, ...options, outfile });
  escapeNonAscii(outfile);
  workers[asset] = outfile;
}

// The console (web/, docs/console.md) into dist/web, embedded under the same keys (scripts/binary-assets.json):
// the executable never ships without it, or with an older one than its code.
const { build: buildConsole } = await import('vite');
await buildConsole({ configFile: 'web/vite.config.ts', logLevel: 'warn' });

const assets = { ...collectAssets(runtime.addon), ...later, ...workers };
checkMigrations(assets);
const manifestFile = join(OUT_DIR, 'asset-manifest.json');
writeFileSync(manifestFile, JSON.stringify(Object.keys(assets)));
assets['asset-manifest.json'] = manifestFile;
const blob = join(OUT_DIR, 'hoadon.blob');
const RUNTIME_FLAGS = JSON.parse(readFileSync('scripts/node-runtime.json', 'utf8')).flags;
writeFileSync(
  join(OUT_DIR, 'sea-config.json'),
  JSON.stringify(
    {
      main: join(OUT_DIR, 'hoadon.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      // The V8 flags the node runs with wherever it is started (scripts/node-runtime.json, docs/performance.md
      // "Memory"); its environment comes from the service unit (docs/hoadon.service).
      execArgv: RUNTIME_FLAGS,
      assets,
    },
    null,
    2,
  ),
);
// A blob is read only by the Node that wrote it: the embedded one writes it, with the flags the executable
// runs with (V8 rejects a code cache made under other flags, e.g. --heap-growing-percent, and warns at start).
execFileSync(runtime.node, [...RUNTIME_FLAGS, '--experimental-sea-config', join(OUT_DIR, 'sea-config.json')], {
  stdio: 'inherit',
});

rmSync(EXECUTABLE, { force: true });
copyFileSync(runtime.node, EXECUTABLE);
chmodSync(EXECUTABLE, 0o755);
try {
  execFileSync('strip', [EXECUTABLE], { stdio: 'ignore' });
} catch {
  console.warn('strip is not available: the executable keeps its symbols (larger, works the same)');
}
await inject(EXECUTABLE, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL_FUSE });

const digest = createHash('sha256').update(readFileSync(EXECUTABLE)).digest('hex');
writeFileSync(`${EXECUTABLE}.sha256`, `${digest}  hoadon-linux-x64\n`);
console.log(
  `${EXECUTABLE}: Node ${runtime.version}, ${(statSync(EXECUTABLE).size / 1e6).toFixed(1)} MB, sha256 ${digest}`,
);
