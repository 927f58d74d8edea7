// The console's figures (docs/performance.md): the JavaScript of its first screen and of the till, gzipped,
// beside the API docs UI the same node serves (Swagger UI, the comparable console measured); and the time
// from opening /till, signed in, to a till that takes a scan (its search field enabled and focused), on
// loopback, median of 7. Usage: npm run build && node bench/console.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ADMIN_PASSWORD, api, launchChromium, startBuiltNode } from '../scripts/console-node.mjs';

const RUNS = 7;
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The scripts a page loads before its first screen: its script tags and module preloads. */
const scriptsOf = (html) => [
  ...new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]),
  ),
];

function consoleFirstScreen() {
  const html = readFileSync('dist/web/index.html', 'utf8');
  const files = scriptsOf(html);
  return { files, bytes: files.reduce((sum, f) => sum + gzipped(readFileSync(join('dist/web', f))), 0) };
}

async function swaggerUiFirstScreen(url) {
  const base = `${url}/api/v1/docs/`;
  const html = await (await fetch(base)).text();
  let bytes = 0;
  const files = scriptsOf(html);
  for (const file of files) bytes += gzipped(Buffer.from(await (await fetch(new URL(file, base))).arrayBuffer()));
  return { files, bytes };
}

const node = await startBuiltNode();
const browser = await launchChromium();
try {
  const token = (await api(node.url, null, 'POST', '/auth/login', { username: 'admin', password: ADMIN_PASSWORD }))
    .accessToken;
  await api(node.url, token, 'POST', '/invoices', {
    buyer: { name: 'Khách lẻ' },
    items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 1, unitPrice: 25_000, taxRate: 0.08 }],
  });
  const ours = consoleFirstScreen();
  const swagger = await swaggerUiFirstScreen(node.url);

  const page = await browser.context.newPage();
  await page.goto(`${node.url}/login`);
  await page.evaluate((session) => sessionStorage.setItem('hoadon.session', JSON.stringify(session)), {
    token,
    username: 'admin',
    role: 'admin',
    expiresAt: Date.now() + 3_600_000,
  });
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await page.goto(`${node.url}/till`);
    await page.waitForFunction(() => {
      const search = document.querySelector('#product-search');
      return search instanceof HTMLInputElement && !search.disabled && document.activeElement === search;
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  // Every script the page loaded to show the till (the shell and the till's chunks), gzipped.
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
  const tillBytes = [...new Set(loaded)].reduce((sum, f) => sum + gzipped(readFileSync(join('dist/web', f))), 0);
  console.log(`console first screen (sign-in): ${kb(ours.bytes)} JS gzipped (${ours.files.join(', ')})`);
  console.log(`the till, all its scripts: ${kb(tillBytes)} JS gzipped (${new Set(loaded).size} files)`);
  console.log(`Swagger UI at /api/v1/docs: ${kb(swagger.bytes)} JS gzipped (${swagger.files.length} scripts)`);
  console.log(
    `time to a usable till, loopback, median of ${RUNS}: ${times[RUNS >> 1].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[RUNS - 1].toFixed(0)})`,
  );
} finally {
  await browser.close();
  await node.stop();
}
