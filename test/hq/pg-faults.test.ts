/**
 * Headquarters on PostgreSQL under faults, with real processes: two `hoadon hq` on one database, stores
 * pushing to both; one HQ killed with SIGKILL, PostgreSQL crashed and restarted (`pg_ctl restart -m
 * immediate`), the same batch sent to both HQs at the same moment, PostgreSQL down (503) and not up yet at
 * start. After each, HQ's count and content hash of every store equal the store's own, with no duplicate.
 * This file restarts its server: it runs its own cluster, not the run's shared one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeContent } from '../../sync/hq/content-hash.js';
import { createPool } from '../../sync/hq/pg/pg-hq-node.js';
import { createPgHqStore } from '../../sync/hq/pg/pg-hq-store.js';
import { createTestDatabase, type PgCluster, startPgCluster } from '../support/postgres.js';
import { HOADON, type RunningProcess, runHoadon, startHoadon } from '../support/processes.js';
import { ownContent, pushAll, pushRequest, type SimulatedStore, sendPush, simulatedStore } from './simulated-store.js';

const ADMIN_TOKEN = 'pg-faults-admin-token-0123456789abcdef';
const HEALTH = '/hq/v1/health';

let cluster: PgCluster;
let url: string;
let dataDir: string;
const processes: RunningProcess[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
}, 120_000);
afterAll(() => cluster.stop());

afterEach(async () => {
  for (const hq of processes.splice(0)) await hq.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  HOADON_HQ_DATABASE_URL: url,
  HOADON_HQ_ADMIN_TOKEN: ADMIN_TOKEN,
  HOADON_HQ_DB_POOL_SIZE: '4',
  HOADON_HQ_DATA_DIR: dataDir,
});

async function startHq(): Promise<RunningProcess> {
  const hq = await startHoadon(['hq'], { healthPath: HEALTH, env: env() });
  processes.push(hq);
  return hq;
}

async function freshDatabase(stores: number, invoices: number): Promise<SimulatedStore[]> {
  url = await createTestDatabase(cluster.url, 'hoadon_faults');
  dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-pg-'));
  return Array.from({ length: stores }, (_, i) => {
    const id = `shop-${i + 1}`;
    const added = runHoadon(['hq', 'store', 'add', id, '--name', `Cửa hàng ${id}`, '--database-url', url]);
    if (added.status !== 0) throw new Error(added.stderr);
    return simulatedStore(id, added.stdout.trim().split('\n').at(-1) as string, invoices);
  });
}

/** Every store's records at HQ equal its own (count and content hash), and each invoice is held once. */
async function expectHqHoldsExactly(stores: SimulatedStore[]): Promise<void> {
  const pool = createPool(url, 2);
  try {
    const store = createPgHqStore(pool);
    for (const s of stores) {
      expect(await storeContent(store, s.storeId), s.storeId).toEqual(ownContent(s));
      const row = await store.findStore(s.storeId);
      expect(row?.appliedThroughSeq).toBe(s.records.length);
      expect(row?.invoiceCount).toBe(s.records.length / 2);
    }
    const counted = await pool.query<{ n: number; distinct: number }>(
      'SELECT count(*) AS n, count(DISTINCT (store_id, invoice_id)) AS distinct FROM invoices',
    );
    expect(counted.rows[0]).toEqual({
      n: (stores.length * stores[0]!.records.length) / 2,
      distinct: counted.rows[0]?.n,
    });
  } finally {
    await pool.end();
  }
}

/** Resolves once `count()` reaches `n` (a fault is injected part way through the pushes). */
const whenReached = (count: () => number, n: number) =>
  new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (count() >= n) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });

describe('HQ on PostgreSQL with two processes', { timeout: 180_000 }, () => {
  it('loses and doubles nothing when one of the two HQ processes is killed with SIGKILL during pushes', async () => {
    const stores = await freshDatabase(6, 150);
    const [a, b] = [await startHq(), await startHq()];
    let alive = [a.baseUrl, b.baseUrl];
    let batches = 0;
    const pushing = stores.map((s) =>
      pushAll(s, () => alive, { batchSize: 30, pauseMs: 50, onBatch: () => (batches += 1) }),
    );
    await whenReached(() => batches, 12);
    expect(stores.some((s) => s.position < s.records.length)).toBe(true);
    a.child.kill('SIGKILL');
    alive = [b.baseUrl];
    await Promise.all(pushing);
    expect(await a.exited).toBe(null);
    await expectHqHoldsExactly(stores);
  });

  it('loses and doubles nothing when PostgreSQL crashes and restarts during pushes', async () => {
    const stores = await freshDatabase(6, 150);
    const [a, b] = [await startHq(), await startHq()];
    let batches = 0;
    const pushing = stores.map((s) =>
      pushAll(s, () => [a.baseUrl, b.baseUrl], { batchSize: 30, pauseMs: 100, onBatch: () => (batches += 1) }),
    );
    await whenReached(() => batches, 12);
    expect(stores.some((s) => s.position < s.records.length)).toBe(true);
    await cluster.restart('immediate');
    await Promise.all(pushing);
    await expectHqHoldsExactly(stores);
    // Both processes serve on after the restart (their pools replaced the dropped connections).
    for (const hq of [a, b]) expect((await fetch(`${hq.baseUrl}${HEALTH}`)).status).toBe(200);
  });

  it('applies a batch sent to both processes at the same moment once, and answers both alike', async () => {
    const [store] = await freshDatabase(1, 200);
    const s = store as SimulatedStore;
    const [a, b] = [await startHq(), await startHq()];
    while (s.position < s.records.length) {
      const request = pushRequest(s, 25);
      const [fromA, fromB] = await Promise.all([sendPush(a.baseUrl, request.init), sendPush(b.baseUrl, request.init)]);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(fromA.position).toBe(request.last);
      expect(fromB.position).toBe(request.last);
      s.position = request.last;
    }
    await expectHqHoldsExactly([s]);
  });

  it('answers 503 with Retry-After while PostgreSQL is down, then takes the same batch once it is back', async () => {
    const [store] = await freshDatabase(1, 10);
    const s = store as SimulatedStore;
    const hq = await startHq();
    const request = pushRequest(s, 20);
    cluster.pause();
    try {
      const refused = await sendPush(hq.baseUrl, request.init);
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe('5');
      expect(refused.body?.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(refused.body?.error?.message).toMatch(/Cơ sở dữ liệu của trụ sở tạm thời không truy cập được/);
      const health = (await (await fetch(`${hq.baseUrl}${HEALTH}`)).json()) as { data: unknown };
      expect(health.data).toMatchObject({ status: 'degraded', db: 'error' });
    } finally {
      cluster.start();
    }
    const accepted = await sendPush(hq.baseUrl, request.init);
    expect(accepted).toMatchObject({ status: 200, position: 20 });
    s.position = 20;
    await expectHqHoldsExactly([s]);
  });

  it('waits for PostgreSQL when started before it, saying so in its log, then serves', async () => {
    await freshDatabase(1, 1);
    cluster.pause();
    let child: ChildProcess | undefined;
    try {
      child = spawn(process.execPath, [HOADON, 'hq'], {
        env: { ...process.env, ...env(), HOADON_HQ_PORT: '0', HOADON_LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      await whenReached(() => (output.includes('Đang chờ PostgreSQL') ? 1 : 0), 1);
      expect(output).not.toMatch(/hoadon listening on/);
      cluster.start();
      await whenReached(() => (/hoadon listening on (http:\/\/\S+)/.test(output) ? 1 : 0), 1);
      const baseUrl = /hoadon listening on (http:\/\/\S+)/.exec(output)?.[1];
      expect((await fetch(`${baseUrl}${HEALTH}`)).status).toBe(200);
      expect(output).toContain('PostgreSQL đã sẵn sàng.');
    } finally {
      child?.kill('SIGKILL');
      startIfStopped();
    }
  });
});

/** The cluster may be up again already (the test reached its start): a second start is refused, harmlessly. */
function startIfStopped(): void {
  try {
    cluster.start();
  } catch {
    // already running
  }
}
