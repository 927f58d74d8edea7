// The console's build: Preact through its Vite preset, output to dist/web (served by src/http/console.ts and
// embedded in the single executable). Hashed file names under /assets/ are cached for a year.

import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
