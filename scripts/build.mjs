// Bundles the `hoadon` command into dist/hoadon.mjs (dependencies stay in node_modules), and each worker
// thread's script into its own file (dist/xml-worker.cjs, dist/backup-worker.cjs, dist/checkpoint-worker.cjs).
import { build } from 'esbuild';
import { buildInfo } from './build-info.mjs';
import { loadedAtFirstUse, workerScripts } from './esbuild-plugins.mjs';

await build({
  entryPoints: ['cli/hoadon.ts'],
  outfile: 'dist/hoadon.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  // The packages loaded at first use are loaded with require(), which an ES module has to make for itself.
  banner: {
    js: "import { createRequire as __hoadonRequire } from 'node:module'; const require = __hoadonRequire(import.meta.url);",
  },
  define: { __HOADON_BUILD__: JSON.stringify(buildInfo()) },
  plugins: [loadedAtFirstUse(['xml-crypto', '@xmldom/xmldom', 'node-forge'], { installed: true })],
  logLevel: 'warning',
});

for (const [outfile, options] of Object.entries(workerScripts))
  await build({ ...options, outfile, logLevel: 'warning' });

// The console (web/, docs/console.md): a Vite build into dist/web, served by the node at `/`.
if (!process.argv.includes('--node-only')) {
  const { build: buildConsole } = await import('vite');
  await buildConsole({ configFile: 'web/vite.config.ts', logLevel: 'warn' });
  // HQ's console (web-hq/, docs/hq.md "The console"): dist/web-hq, served by `hoadon hq` at `/`.
  await buildConsole({ configFile: 'web-hq/vite.config.ts', logLevel: 'warn' });
}
