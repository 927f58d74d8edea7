// Bundles the `hoadon` command into dist/hoadon.mjs (dependencies stay in node_modules).
import { build } from 'esbuild';
import { buildInfo } from './build-info.mjs';

await build({
  entryPoints: ['cli/hoadon.ts'],
  outfile: 'dist/hoadon.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  define: { __HOADON_BUILD__: JSON.stringify(buildInfo()) },
  logLevel: 'warning',
});
