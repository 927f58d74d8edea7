/**
 * In-process timings of the slow computed reads (docs/performance.md "Where the time goes"): each read's
 * service call and its whole route (app.inject, `Cache-Control: no-cache`), µs per call, the best of
 * repeated batches on a fresh copy of a generated data set. Less noisy than req/s on a shared machine.
 *
 *   npx tsx bench/read-timings.ts --invoices 20000 [--batches 15] [--calls 200] [--today 10000]
 *
 * `--today N` issues N invoices through the API first, as the API bench's POST scenarios do before its reads:
 * the reads then meet a day of thousands of buyers.
 */
import { inProcessNode } from './in-process-node.js';

const option = (flag: string, fallback: number): number => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

const invoices = option('--invoices', 20_000);
const batches = option('--batches', 15);
const calls = option('--calls', 200);
const today = option('--today', 0);

/** µs per call: the best of `batches` batches of `calls` calls. */
async function best(run: () => unknown): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let b = 0; b < batches; b++) {
    const started = performance.now();
    for (let c = 0; c < calls; c++) await run();
    fastest = Math.min(fastest, ((performance.now() - started) * 1000) / calls);
  }
  return fastest;
}

const { node, app, token, issue } = await inProcessNode(invoices);
for (let i = 0; i < today; i++) await issue();
await node.services.invoiceXml.signWaiting();
const { invoices: invoiceService, customers, reports } = node.services;
const month = new Date().toISOString().slice(0, 7);

const reads: [string, string, () => unknown][] = [
  [
    'GET /invoices?buyerName=nguyen van an',
    '/invoices?buyerName=nguyen%20van%20an',
    () => invoiceService.list({ buyerName: 'nguyen van an', page: 1, pageSize: 20 }),
  ],
  ['GET /customers?search=tran', '/customers?search=tran', () => customers.list('tran', 1, 20)],
  ['GET /reports/monthly', `/reports/monthly?month=${month}`, () => reports.monthly(month, 1, 100)],
  ['GET /analytics/top-customers?days=366', '/analytics/top-customers?days=366', () => reports.topCustomers(366)],
  ['GET /invoices (the plain list, for scale)', '/invoices', () => invoiceService.list({ page: 1, pageSize: 20 })],
];

const headers = { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' };
console.log(
  `${invoices} invoices (${today} of them today), best of ${batches} batches of ${calls} calls (µs per call)`,
);
console.log('| read | service | route (inject, no-cache) |\n|---|---:|---:|');
for (const [name, url, run] of reads) {
  const first = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body.slice(0, 200)}`);
  const service = await best(run);
  const route = await best(async () => {
    const answer = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
  });
  console.log(`| ${name} | ${service.toFixed(0)} | ${route.toFixed(0)} |`);
}
await app.close();
await node.close();
