// esbuild plugins that keep code out of a start: scripts/build.mjs (dist/hoadon.mjs), scripts/build-binary.mjs (the executable).
import { createRequire } from 'node:module';
import { join } from 'node:path';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Packages the node needs only to sign or check an invoice's XML and to make a certificate (xml-crypto,
 * @xmldom/xmldom, node-forge) are imported statically by modules that every command loads. As they are, they
 * would be evaluated at every start: about 20 ms inside the executable, 50 ms from node_modules. Each is
 * replaced by a module with the same exports, as getters that load the package at the first use of any of
 * them. Only the node's own imports are replaced; a package's imports of another stay as they are.
 *
 * `installed`: the packages stay in node_modules (dist/hoadon.mjs). A package missing from a broken install
 * must still stop the start, not the first signature: the replacement resolves it at once, which is cheap.
 */
export function loadedAtFirstUse(names, { installed }) {
  const filter = new RegExp(`^(${names.map(escapeRegExp).join('|')})$`);
  return {
    name: 'loaded-at-first-use',
    setup(build) {
      build.onResolve({ filter }, (args) =>
        args.namespace === 'first-use' || args.importer.includes('/node_modules/')
          ? undefined
          : { path: args.path, namespace: 'first-use', pluginData: { resolveDir: args.resolveDir } },
      );
      build.onLoad({ filter: /.*/, namespace: 'first-use' }, ({ path, pluginData: { resolveDir } }) => {
        const actual = createRequire(join(resolveDir, 'index.js'))(path);
        const exported = Object.keys(actual).filter((name) => name !== '__esModule');
        const contents = [
          ...(installed ? [`require.resolve(${JSON.stringify(path)});`] : []),
          'let actual;',
          `const load = () => (actual ??= require(${JSON.stringify(path)}));`,
          // esbuild's interop reads it when the importing module is evaluated: a value, not a getter.
          ...(actual.__esModule ? ['Object.defineProperty(exports, "__esModule", { value: true });'] : []),
          `for (const name of ${JSON.stringify(exported)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
        ].join('\n');
        return { contents, resolveDir, loader: 'js' };
      });
    },
  };
}

/**
 * Packages the node imports with import(), at first use and only in some shops (the API documents; the HTTP
 * client towards an HTTP tax authority, headquarters and the MST registry). Even never evaluated, their code
 * in the main script is held in memory from the start, twice: the executable's pages and V8's copy of the
 * source. Each group is a separate script in the executable instead (asset `later/<group>.cjs`, to be built
 * with `laterScript`), compiled at the first import.
 */
export function loadedLater(groups) {
  const groupOf = new Map(Object.entries(groups).flatMap(([group, names]) => names.map((name) => [name, group])));
  const filter = new RegExp(`^(${[...groupOf.keys()].map(escapeRegExp).join('|')})$`);
  return {
    name: 'loaded-later',
    setup(build) {
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData === 'resolving' || args.namespace === 'loaded-later') return undefined;
        if (args.kind !== 'dynamic-import')
          return { errors: [{ text: `${args.path} is loaded later: import it with import() only` }] };
        // The group's script reaches it with require(): that must be the file import() finds.
        const options = { resolveDir: args.resolveDir, pluginData: 'resolving' };
        const [imported, required] = await Promise.all([
          build.resolve(args.path, { ...options, kind: 'dynamic-import' }),
          build.resolve(args.path, { ...options, kind: 'require-call' }),
        ]);
        if (imported.path !== required.path)
          return { errors: [{ text: `${args.path}: import() and require() find different files` }] };
        return { path: args.path, namespace: 'loaded-later' };
      });
      build.onResolve({ filter: /^group:/, namespace: 'loaded-later' }, (args) => ({
        path: args.path,
        namespace: 'loaded-later',
      }));
      build.onLoad({ filter: /.*/, namespace: 'loaded-later' }, ({ path }) => {
        if (!path.startsWith('group:')) {
          const group = JSON.stringify(`group:${groupOf.get(path)}`);
          return { contents: `module.exports = require(${group})[${JSON.stringify(path)}];`, loader: 'js' };
        }
        const asset = `later/${path.slice('group:'.length)}.cjs`;
        // Only built-in modules are left to require: everything else is bundled into the group's script.
        const contents = [
          `const code = require('node:sea').getAsset(${JSON.stringify(asset)}, 'utf8');`,
          "const parameters = ['exports', 'require', 'module', '__filename', '__dirname'];",
          `const run = require('node:vm').compileFunction(code, parameters, { filename: ${JSON.stringify(asset)} });`,
          'run(exports, require, module, __filename, __dirname);',
        ].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

/** The source of group `names`' script for `loadedLater`: each package by its name. */
export const laterScript = (names) =>
  names.map((name) => `exports[${JSON.stringify(name)}] = require(${JSON.stringify(name)});`).join('\n');

/**
 * A worker thread's script (the XML thread, src/xml/xml-thread.ts; the backup thread,
 * src/backup/backup-thread.ts; the checkpoint thread, src/db/checkpoint-thread.ts; the embedded tax authority's,
 * src/tax-sim/tax-sim.embedded.ts; the token thread, src/signing/token-thread.ts): one CommonJS file with its packages inside, run with
 * `new Worker(text, { eval: true })`, so that a checkout, dist/ and the executable run the same text.
 */
const workerScript = (entry) => ({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
});

/** Each worker script by the asset name the node reads it under. */
export const workerScripts = {
  'dist/xml-worker.cjs': workerScript('src/xml/xml-thread.worker.ts'),
  'dist/backup-worker.cjs': workerScript('src/backup/backup.worker.ts'),
  'dist/checkpoint-worker.cjs': workerScript('src/db/checkpoint.worker.ts'),
  'dist/tax-sim-worker.cjs': workerScript('src/tax-sim/tax-sim.worker.ts'),
  'dist/token-worker.cjs': workerScript('src/signing/token.worker.ts'),
};
