/**
 * `npm run bench -- --only hq`: headquarters at chain scale. 200 simulated stores (each its own credential,
 * outbox and connection; bench/hq-stores.ts) push to two `hoadon hq` on one PostgreSQL, then to one on
 * SQLite; beside them the ceiling, the same rows inserted in batches straight into the same PostgreSQL
 * (HQ's own statements, no HTTP). Then the admin reads at 10 million invoices (generate_series; `--hq-invoices`
 * to change), over HTTP. The PostgreSQL cluster is a throwaway one (test/support/postgres.ts) with fsync on.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHq } from '../sync/hq/hq-node.js';
import type { ProjectedInvoice } from '../sync/hq/hq-store.js';
import { createPool, openPgHq } from '../sync/hq/pg/pg-hq-node.js';
import { createPgHqStore } from '../sync/hq/pg/pg-hq-store.js';
import { migratePg } from '../sync/hq/pg/pg-migrate.js';
import { taxLinesOf } from '../sync/hq/revenue.js';
import { BASELINE_PUSH_RECORDS } from '../sync/protocol.js';
import { type invoicePayload, type SimulatedStore, simulatedStore } from '../test/hq/simulated-store.js';
import { createTestDatabase, type PgCluster, startPgCluster } from '../test/support/postgres.js';
import {
  type Goal,
  type Measurement,
  measure,
  type Options,
  type RunResult,
  row,
  startProcess,
  warmUp,
} from './harness.js';
import { percentile, pushStores } from './hq-stores.js';
import { framesOf } from './profile.js';

const STORES = 200;
const ADMIN_TOKEN = 'bench-hq-admin-token-0123456789abcdef';
const POOL_SIZE = 10;
const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const text = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

function storesWith(credentials: string[], invoicesPerStore: number): SimulatedStore[] {
  return credentials.map((credential, i) => simulatedStore(`bench-${i + 1}`, credential, invoicesPerStore));
}

async function registerPg(url: string): Promise<string[]> {
  const hq = await openPgHq(url, { poolSize: 4 });
  try {
    const credentials: string[] = [];
    for (let i = 1; i <= STORES; i += 1) {
      credentials.push((await hq.services.admin.addStore(`bench-${i}`, `Cửa hàng ${i}`)).credential);
    }
    return credentials;
  } finally {
    await hq.close();
  }
}

async function registerSqlite(dataDir: string): Promise<string[]> {
  const hq = await openHq(dataDir);
  try {
    const credentials: string[] = [];
    for (let i = 1; i <= STORES; i += 1) {
      credentials.push((await hq.services.admin.addStore(`bench-${i}`, `Cửa hàng ${i}`)).credential);
    }
    return credentials;
  } finally {
    hq.close();
  }
}

const startHq = (name: string, env: NodeJS.ProcessEnv, dataDir: string, nodeFlags: string[] = []) =>
  startProcess(
    name,
    [...nodeFlags, 'dist/hoadon.mjs', 'hq', '--port', '{port}', '--data-dir', dataDir],
    { HOADON_HQ_ADMIN_TOKEN: ADMIN_TOKEN, HOADON_HQ_DB_POOL_SIZE: String(POOL_SIZE), ...env },
    '/hq/v1/health',
  );

function pushRow(scenario: string, invoices: number, pushed: Awaited<ReturnType<typeof pushStores>>, vs?: string) {
  return row(scenario, {
    reqPerSec: Math.round(invoices / pushed.seconds),
    p50: Math.round(percentile(pushed.latenciesMs, 50)),
    p99: Math.round(percentile(pushed.latenciesMs, 99)),
    non2xx: pushed.failures,
    ...(vs ? { vs } : {}),
  });
}

/** The same rows as the stores push, inserted by HQ's own statements in batches, as many at once as HQ's pools. */
async function ceilingInvoicesPerSec(url: string, stores: SimulatedStore[], batch: number): Promise<number> {
  const pool = createPool(url, 2 * POOL_SIZE);
  try {
    await migratePg(pool);
    const store = createPgHqStore(pool);
    for (const s of stores) {
      await store.addStore({ id: s.storeId, name: s.storeId, credentialHash: '0'.repeat(64), createdAt: '2026-03-15' });
    }
    const batches = stores.flatMap((s) =>
      Array.from({ length: Math.ceil(s.records.length / batch) }, (_, b) => ({
        s,
        records: s.records.slice(b * batch, (b + 1) * batch),
      })),
    );
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 2 * POOL_SIZE }, async () => {
        for (let item = batches[next++]; item; item = batches[next++]) {
          const { s, records } = item;
          await store.transaction(async (tx) => {
            await tx.insertRecords(
              records.map((r) => ({
                storeId: s.storeId,
                recordId: r.recordId,
                version: r.version,
                kind: r.kind,
                seq: r.seq,
                at: r.at,
                payload: JSON.stringify(r.payload),
                receivedAt: r.at,
              })),
            );
            await tx.insertInvoices(
              records
                .filter((r) => r.kind === 'invoice')
                .map((r): ProjectedInvoice => {
                  const p = r.payload as ReturnType<typeof invoicePayload>;
                  return {
                    storeId: s.storeId,
                    invoiceId: p.id,
                    version: r.version,
                    status: p.status,
                    mauSo: p.mauSo,
                    kyHieu: p.kyHieu,
                    number: p.number,
                    issueDate: p.issueDate,
                    buyerName: p.buyer.name,
                    buyerMst: p.buyer.mst ?? null,
                    total: p.totals.total,
                    createdAt: p.createdAt,
                    receivedSeq: r.seq,
                    demo: false,
                    taxLines: taxLinesOf(p),
                  };
                }),
            );
          });
        }
      }),
    );
    const invoices = stores.reduce((sum, s) => sum + s.records.length / 2, 0);
    return invoices / ((performance.now() - started) / 1000);
  } finally {
    await pool.end();
  }
}

/**
 * `count` invoices of 200 stores over a year, their per-store counters and revenue rollups, a million at a time.
 * Each run of 200 invoices is one day's sale at every store, so every store sells every day (a month of every
 * store's revenue is 200 × 30 days of rows).
 */
export async function fillInvoices(url: string, count: number): Promise<void> {
  const pool = createPool(url, 1);
  try {
    await migratePg(pool);
    await pool.query(
      `INSERT INTO stores (id, name, credential_hash, created_at)
       SELECT 'shop-' || s, 'Cửa hàng ' || s, repeat('0', 64), '2025-01-01T00:00:00.000Z' FROM generate_series(1, ${STORES}) AS s`,
    );
    for (let from = 1; from <= count; from += 1_000_000) {
      const to = Math.min(count, from + 999_999);
      await pool.query(
        `INSERT INTO invoices (store_id, invoice_id, version, status, mau_so, ky_hieu, number, issue_date, buyer_name, buyer_mst,
           total, created_at, received_seq, tax_lines)
         SELECT 'shop-' || (1 + n % ${STORES}), 'inv-' || n, 1, CASE WHEN n % 10 = 0 THEN 'replaced' ELSE 'issued' END, '1',
           'C26MAA', n, to_char(date '2025-03-16' + (n / ${STORES} % 365), 'YYYY-MM-DD'), 'Khách ' || (n % 1000), NULL, 27500,
           to_char(date '2025-03-16' + (n / ${STORES} % 365), 'YYYY-MM-DD') || 'T02:' || lpad((n % 60)::text, 2, '0') || ':00.000Z', n,
           '[{"taxRate":0.1,"amount":25000,"taxAmount":2500}]'
         FROM generate_series(${from}, ${to}) AS n`,
      );
      console.log(`hq bench: ${to.toLocaleString('en')} / ${count.toLocaleString('en')} invoices generated`);
    }
    await pool.query(
      `UPDATE stores SET invoice_count = c.n FROM (SELECT store_id, count(*) AS n FROM invoices GROUP BY store_id) AS c
       WHERE stores.id = c.store_id`,
    );
    await pool.query(
      `INSERT INTO daily_revenue (store_id, issue_date, status, tax_rate, invoices, amount, tax_amount)
       SELECT store_id, issue_date, status, 0.1, count(*), 25000 * count(*), 2500 * count(*) FROM invoices
       GROUP BY store_id, issue_date, status`,
    );
    await pool.query(
      `INSERT INTO monthly_revenue (store_id, month, status, tax_rate, invoices, amount, tax_amount)
       SELECT store_id, substr(issue_date, 1, 7), status, tax_rate, sum(invoices), sum(amount), sum(tax_amount)
       FROM daily_revenue GROUP BY 1, 2, 3, 4`,
    );
    await pool.query('VACUUM ANALYZE');
  } finally {
    await pool.end();
  }
}

/** The frames an HQ process spent its CPU in, summed by function (bench/profile.ts), self and total time. */
function printProfile(dir: string, label: string): void {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  const frames = framesOf(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  const wall = frames.reduce((sum, f) => sum + f.selfMs, 0);
  console.log(`${label}: profile ${join(dir, file)} (${Math.round(wall)} ms, idle included)`);
  for (const key of ['selfMs', 'totalMs'] as const) {
    console.log(key === 'selfMs' ? 'self time:' : 'total time:');
    for (const f of [...frames].sort((a, b) => b[key] - a[key]).slice(0, 30)) {
      console.log(`  ${((100 * f[key]) / wall).toFixed(1).padStart(5)} %  ${f.frame}`);
    }
  }
}

/** A read measured must answer rows: an empty answer (a rollup the fill forgot) would measure nothing. */
async function mustAnswerRows(url: string, headers: Record<string, string>): Promise<void> {
  const answer = await fetch(url, { headers });
  const body = (await answer.json()) as { data?: unknown[] | { items?: unknown[] } };
  const rows = Array.isArray(body.data) ? body.data : body.data?.items;
  if (!answer.ok || !rows?.length)
    throw new Error(`${url} answered ${answer.status} without rows (a year of every store takes 73,000 invoices)`);
}

/**
 * The admin reads over HTTP, one after the other against one HQ. `--hq-read <text>` keeps the reads whose name
 * holds the text; `--hq-cpu-prof` runs HQ under `--cpu-prof` and prints where its CPU went.
 */
async function adminReads(url: string, invoices: number, options: Options): Promise<Measurement[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hoadon-bench-hq-'));
  const profileDir = join('bench', 'profiles', `hq-${Date.now()}`);
  const profiled = process.argv.includes('--hq-cpu-prof');
  if (profiled) mkdirSync(profileDir, { recursive: true });
  const hq = await startHq(
    'hq-reads',
    { HOADON_HQ_DATABASE_URL: url },
    dir,
    profiled ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const deep = Buffer.from(
    JSON.stringify(['2025-06-01', '2025-06-01T02:30:00.000Z', Math.floor(invoices / 2)]),
  ).toString('base64url');
  const revenueCursor = Buffer.from(JSON.stringify(['shop-50', '2025-09-15', 0.1])).toString('base64url');
  const only = text('--hq-read');
  const reads: [string, string][] = (
    [
      ['invoices, every store, first page of 100', '/hq/v1/invoices/cursor?limit=100'],
      ['invoices, every store, a page deep in the list (cursor)', `/hq/v1/invoices/cursor?limit=100&cursor=${deep}`],
      [
        'invoices of one store, a status and a month',
        '/hq/v1/invoices/cursor?limit=100&storeId=shop-7&status=issued&dateFrom=2025-09-01&dateTo=2025-09-30',
      ],
      [
        'revenue per store, month and tax rate: every store, one month (the monthly rollup)',
        '/hq/v1/revenue?dateFrom=2025-09-01&dateTo=2025-09-30&per=month',
      ],
      [
        'revenue per store, day and tax rate: every store, one month, a page of 500 in the middle (cursor)',
        `/hq/v1/revenue?dateFrom=2025-09-01&dateTo=2025-09-30&limit=500&cursor=${revenueCursor}`,
      ],
      [
        'revenue per day and tax rate: one store, one year',
        '/hq/v1/revenue?dateFrom=2025-03-16&dateTo=2026-03-15&storeId=shop-7',
      ],
      ["every store's lag (GET /hq/v1/stores)", '/hq/v1/stores'],
    ] satisfies [string, string][]
  ).filter(([name]) => only === undefined || name.includes(only));
  try {
    const rows: Measurement[] = [];
    for (const [name, path] of reads) {
      const request = { url: `${hq.base}${path}`, headers };
      await mustAnswerRows(request.url, headers);
      const load = { ...options, connections: POOL_SIZE };
      // Unmeasured first: the first read after the start would otherwise pay for opening the pool's connections
      // and for compiling the code, and so would each read for its own index pages.
      await warmUp(hq, request, load);
      rows.push(
        await measure(
          `HQ admin read at ${(invoices / 1e6).toLocaleString('en')} M invoices (PostgreSQL): ${name}`,
          hq,
          request,
          load,
        ),
      );
    }
    return rows;
  } finally {
    await hq.stop();
    rmSync(dir, { recursive: true, force: true });
    if (profiled) printProfile(profileDir, `HQ reads (${reads.map(([name]) => name).join('; ')})`);
  }
}

/**
 * `--hq-reads-only`: the admin reads alone, without the pushes and their ceiling (`--hq-reads-url <url>`: on a
 * database filled before, by `fillInvoices` with as many invoices as `--hq-invoices` says).
 */
async function readsOnly(cluster: PgCluster, readInvoices: number, options: Options): Promise<RunResult> {
  const readsUrl = await createTestDatabase(cluster.url, 'bench_reads');
  await fillInvoices(readsUrl, readInvoices);
  const rows = await adminReads(readsUrl, readInvoices, options);
  return { rows, goals: [readsGoal(readInvoices, rows)] };
}

const readsGoal = (readInvoices: number, reads: Measurement[]): Goal => ({
  name: `HQ admin reads p99 at ${(readInvoices / 1e6).toLocaleString('en')} M invoices (worst read)`,
  value: Math.max(...reads.map((r) => r.p99)),
  unit: 'ms',
  limit: 50,
  better: 'lower',
});

export async function benchHq(options: Options): Promise<RunResult> {
  const invoicesPerStore = flag('--hq-store-invoices', 1_000);
  const readInvoices = flag('--hq-invoices', 10_000_000);
  const pushed = STORES * invoicesPerStore;
  const rows: Measurement[] = [];
  const goals: Goal[] = [];
  const filled = text('--hq-reads-url');
  if (filled) {
    const reads = await adminReads(filled, readInvoices, options);
    return { rows: reads, goals: [readsGoal(readInvoices, reads)] };
  }
  let cluster: PgCluster | undefined;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoadon-bench-hq-'));
    dirs.push(dir);
    return dir;
  };
  try {
    cluster = await startPgCluster({
      settings: { fsync: 'on', full_page_writes: 'on', shared_buffers: '512MB', max_wal_size: '8GB' },
    });
    if (process.argv.includes('--hq-reads-only')) return await readsOnly(cluster, readInvoices, options);
    const label = `${STORES} stores × ${invoicesPerStore} invoices (+ an audit entry each), batches of ${BASELINE_PUSH_RECORDS} records`;

    const ceilingName = `HQ ceiling: the same rows by HQ's statements straight into PostgreSQL, ${2 * POOL_SIZE} connections (invoices/s)`;
    const ceiling = await ceilingInvoicesPerSec(
      await createTestDatabase(cluster.url, 'bench_ceiling'),
      storesWith(Array(STORES).fill(''), invoicesPerStore),
      BASELINE_PUSH_RECORDS,
    );
    rows.push(row(ceilingName, { reqPerSec: Math.round(ceiling) }));

    const pgUrl = await createTestDatabase(cluster.url, 'bench_push');
    const pgStores = storesWith(await registerPg(pgUrl), invoicesPerStore);
    const pgHqs = [
      await startHq('hq-pg-1', { HOADON_HQ_DATABASE_URL: pgUrl }, tempDir()),
      await startHq('hq-pg-2', { HOADON_HQ_DATABASE_URL: pgUrl }, tempDir()),
    ];
    let pgPush: Awaited<ReturnType<typeof pushStores>>;
    try {
      pgPush = await pushStores(
        pgStores,
        pgHqs.map((h) => h.base),
        BASELINE_PUSH_RECORDS,
      );
    } finally {
      for (const hq of pgHqs) await hq.stop();
    }
    const pgName = `HQ push: ${label} → two hoadon hq on PostgreSQL (invoices/s; p50/p99 = push ms)`;
    rows.push(pushRow(pgName, pushed, pgPush, ceilingName));

    const sqliteDir = tempDir();
    const sqliteStores = storesWith(await registerSqlite(sqliteDir), invoicesPerStore);
    const sqliteHq = await startHq('hq-sqlite', {}, sqliteDir);
    let sqlitePush: Awaited<ReturnType<typeof pushStores>>;
    try {
      sqlitePush = await pushStores(sqliteStores, [sqliteHq.base], BASELINE_PUSH_RECORDS);
    } finally {
      await sqliteHq.stop();
    }
    rows.push(
      pushRow(`HQ push: ${label} → one hoadon hq on SQLite (invoices/s; p50/p99 = push ms)`, pushed, sqlitePush),
    );

    const pgRate = pushed / pgPush.seconds;
    goals.push(
      {
        name: 'HQ on PostgreSQL: invoices ingested per second across 200 stores',
        value: Math.round(pgRate),
        unit: 'invoices/s',
        limit: 20_000,
        better: 'higher',
      },
      {
        name: 'HQ on PostgreSQL against its ceiling',
        value: Number((pgRate / ceiling).toFixed(2)),
        unit: '×',
        limit: 0.5,
        better: 'higher',
      },
    );

    const readsUrl = await createTestDatabase(cluster.url, 'bench_reads');
    await fillInvoices(readsUrl, readInvoices);
    const reads = await adminReads(readsUrl, readInvoices, options);
    rows.push(...reads);
    goals.push(readsGoal(readInvoices, reads));
    return { rows, goals };
  } finally {
    cluster?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
