// The HQ console's build: Preact through its Vite preset, output to dist/web-hq (served by `hoadon hq` at `/`
// and embedded in the single executable). It shares the store console's look and base pieces (web/src).

import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web-hq', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
  },
  server: { proxy: { '/hq': 'http://127.0.0.1:9090' } },
});
