// Bundles the benchmark runner into dist/bench.mjs (dependencies stay in node_modules).
import { build } from 'esbuild';
import { buildInfo } from './build-info.mjs';

await build({
  entryPoints: ['bench/run.ts'],
  outfile: 'dist/bench.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  define: { __HOADON_BUILD__: JSON.stringify(buildInfo()) },
  logLevel: 'warning',
});
