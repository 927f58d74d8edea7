/**
 * Store → HQ sync through a bad network, with real processes: `hoadon hq`, `hoadon serve` and `hoadon sync
 * now` talk through a fault-injecting TCP proxy (blackhole, delay, reset mid-request, response dropped after
 * HQ committed) while cashiers keep issuing; the store and HQ are each killed with SIGKILL mid-work. After the
 * network heals HQ must hold exactly the store's invoices (count and content equal, latest version), each
 * once, in outbox order; settings edited on both sides during a partition converge to one value.
 */

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/db/open.js';
import type { Answer } from '../support/answer.js';
import { type FaultMode, startFaultProxy } from '../support/fault-proxy.js';
import { HOADON, type RunningProcess, runHoadon, runHoadonAsync, startHoadon } from '../support/processes.js';
import { invoiceBody } from '../support/test-node.js';

const PASSWORD = 'sync-faults-admin';
const STORE = 'shop-1';
const FAULT_SECONDS = Number(process.env.SYNC_FAULT_SECONDS ?? 15);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const FAULTS: FaultMode[] = [
  { kind: 'pass' },
  { kind: 'blackhole' },
  { kind: 'delay', ms: 300 },
  { kind: 'reset-after', bytes: 700 },
  { kind: 'drop-response' },
];

async function json(response: Response) {
  return (await response.json()) as Answer;
}

describe('store → HQ sync through faults', () => {
  it('HQ ends with exactly the store’s invoices after partitions, resets, lost replies and kill -9s', async () => {
    const hqDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-faults-'));
    const storeDir = mkdtempSync(join(tmpdir(), 'hoadon-store-faults-'));
    // Three cashiers issue as fast as the node answers, well past a real till's pace: no rate limits here.
    const storeEnv = {
      HOADON_DATA_DIR: storeDir,
      HOADON_ADMIN_PASSWORD: PASSWORD,
      HOADON_RATE_LIMIT_PER_MINUTE: '0',
      HOADON_ISSUE_BURST: '100000',
      HOADON_ISSUE_RATE_PER_HOUR: '10000000',
    };

    const added = runHoadon(['hq', 'store', 'add', STORE, '--name', 'Cửa hàng Quận 1', '--data-dir', hqDir]);
    expect(added.status).toBe(0);
    const credential = added.stdout.trim().split('\n').at(-1)!;
    // HQ restarts where it listened first: the fault proxy in front of it keeps its address.
    let hqPort: number | undefined;
    const startHq = async () => {
      const started = await startHoadon(['hq', '--data-dir', hqDir], { port: hqPort, healthPath: '/hq/v1/health' });
      hqPort = Number(new URL(started.baseUrl).port);
      return started;
    };
    let hq = await startHq();
    const adminToken = readFileSync(join(hqDir, 'hq-admin-token'), 'utf8').trim();
    const proxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(hq.baseUrl).port) });

    const connected = runHoadon(
      [
        'sync',
        'connect',
        '--hq',
        proxy.url,
        '--store-id',
        STORE,
        '--credential-stdin',
        '--interval',
        '5',
        '--data-dir',
        storeDir,
      ],
      {
        env: storeEnv,
        input: credential,
      },
    );
    expect(connected.status, connected.stderr).toBe(0);
    const startStore = () => startHoadon(['serve'], { env: storeEnv });
    let store: RunningProcess = await startStore();
    const login = await json(
      await fetch(`${store.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      }),
    );
    const auth = { authorization: `Bearer ${login.data.accessToken}`, 'content-type': 'application/json' };

    // Cashiers issue invoices the whole time; a request cut by a store kill is retried with its key.
    let issuing = true;
    let issued = 0;
    const cashier = async (c: number) => {
      for (let n = 0; issuing; n += 1) {
        const key = `till-${c}-${n}`;
        for (;;) {
          try {
            const r = await fetch(`${store.baseUrl}/api/v1/invoices`, {
              method: 'POST',
              headers: { ...auth, 'x-idempotency-key': key },
              body: JSON.stringify(invoiceBody({ buyer: { name: `Khách ${c}-${n}` } })),
            });
            if (r.status === 201) {
              issued += 1;
              break;
            }
            throw new Error(`POST /invoices answered ${r.status}: ${await r.text()}`);
          } catch (error) {
            if (!(error instanceof TypeError)) throw error;
            await sleep(100);
          }
        }
        await sleep(20);
      }
    };
    const cashiers = [0, 1, 2].map(cashier);

    // Extra passes from the command line while the node's own job runs: concurrent pushers, same outbox.
    const syncPassKilledAfter = (ms: number) =>
      new Promise<void>((resolve) => {
        const child = spawn(process.execPath, [HOADON, 'sync', 'now', '--data-dir', storeDir], {
          env: { ...process.env, ...storeEnv },
          stdio: 'ignore',
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), ms);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });

    const deadline = Date.now() + FAULT_SECONDS * 1000;
    let round = 0;
    while (Date.now() < deadline) {
      round += 1;
      proxy.setMode(FAULTS[round % FAULTS.length]!);
      await syncPassKilledAfter(round % 3 === 0 ? 150 + Math.random() * 400 : 5_000);
      if (round === 4) {
        // The store dies mid-work and comes back on the same data dir.
        store.child.kill('SIGKILL');
        await store.exited;
        store = await startStore();
      }
      if (round === 7) {
        // HQ dies while a push is being applied.
        proxy.setMode({ kind: 'pass' });
        const pass = syncPassKilledAfter(5_000);
        await sleep(30 + Math.random() * 100);
        hq.child.kill('SIGKILL');
        await hq.exited;
        await pass;
        hq = await startHq();
      }
    }

    // Partition: both sides edit the same settings document; the later edit must win on both.
    proxy.setMode({ kind: 'blackhole' });
    const storeEdit = await fetch(`${store.baseUrl}/api/v1/settings/automation`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ delayMinutes: 7 }),
    });
    expect(storeEdit.status).toBe(200);
    await sleep(5);
    const automation = (await json(await fetch(`${store.baseUrl}/api/v1/settings/automation`, { headers: auth }))).data;
    const hqEdit = await fetch(`${hq.baseUrl}/hq/v1/stores/${STORE}/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ automation: { ...automation, delayMinutes: 9 } }),
    });
    expect(hqEdit.status).toBe(200);

    issuing = false;
    await Promise.all(cashiers);
    expect(proxy.counts.blackhole + proxy.counts['reset-after'] + proxy.counts['drop-response']).toBeGreaterThan(0);

    // Heal, then sync until nothing is pending. The tax authority's answers keep adding audit entries (and so
    // outbox rows) until its queue is empty: the last pass starts after that.
    proxy.setMode({ kind: 'pass' });
    let status: Answer;
    // Quiet twice in a row: a reply of the tax authority or a signed document can still add outbox rows just
    // after a pass that found nothing left.
    let quiet = 0;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const health = await json(await fetch(`${store.baseUrl}/api/v1/health`));
      const transmitting = health.data.transmissionQueue.queued > 0;
      const pass = await runHoadonAsync(['sync', 'now', '--data-dir', storeDir], { env: storeEnv });
      status = JSON.parse(
        (await runHoadonAsync(['sync', 'status', '--json', '--data-dir', storeDir], { env: storeEnv })).stdout,
      );
      quiet = pass.status === 0 && status.pendingOutbox === 0 && !transmitting ? quiet + 1 : 0;
      if (quiet === 2) break;
      await sleep(200);
    }
    expect(status.pendingOutbox).toBe(0);
    const storeAutomation = (await json(await fetch(`${store.baseUrl}/api/v1/settings/automation`, { headers: auth })))
      .data;
    await store.stop();
    await hq.stop();
    await proxy.close();

    const storeDb = new Database(join(storeDir, DATABASE_FILE), { readonly: true });
    const hqDb = new Database(join(hqDir, 'hoadon-hq.sqlite'), { readonly: true });
    try {
      const storeInvoices = storeDb.prepare('SELECT id, version FROM invoices ORDER BY id').all() as {
        id: string;
        version: number;
      }[];
      expect(storeInvoices.length).toBeGreaterThanOrEqual(issued);
      // What the store said last about each invoice, as it left the outbox.
      const latest = storeDb
        .prepare(
          `SELECT substr(record_id, 9) AS id, version, payload FROM sync_outbox o WHERE kind = 'invoice'
             AND version = (SELECT max(version) FROM sync_outbox WHERE record_id = o.record_id) ORDER BY id`,
        )
        .all() as { id: string; version: number; payload: string }[];
      const atHq = hqDb
        .prepare(
          `SELECT i.invoice_id AS id, i.version, r.payload FROM invoices i
             JOIN records r ON r.store_id = i.store_id AND r.record_id = 'invoice:' || i.invoice_id AND r.version = i.version
           WHERE i.store_id = ? ORDER BY i.invoice_id`,
        )
        .all(STORE) as { id: string; version: number; payload: string }[];
      expect(atHq.map((r) => [r.id, r.version])).toEqual(storeInvoices.map((r) => [r.id, r.version]));
      expect(sha256(atHq.map((r) => `${r.id}:${r.version}:${r.payload}`).join('\n'))).toBe(
        sha256(latest.map((r) => `${r.id}:${r.version}:${r.payload}`).join('\n')),
      );

      // Every record the store queued is at HQ exactly once, and HQ holds nothing else. (An invoice's document
      // can be queued twice around the moment HQ first announces itself; HQ keeps one: docs/sync.md.)
      const outbox = storeDb
        .prepare('SELECT DISTINCT record_id AS recordId, version FROM sync_outbox ORDER BY record_id, version')
        .all();
      const records = hqDb
        .prepare('SELECT record_id AS recordId, version FROM records WHERE store_id = ? ORDER BY record_id, version')
        .all(STORE);
      expect(records).toEqual(outbox);

      const hqAutomation = hqDb
        .prepare("SELECT document FROM settings WHERE store_id = ? AND name = 'automation'")
        .get(STORE) as { document: string };
      expect(JSON.parse(hqAutomation.document).delayMinutes).toBe(9);
      expect(storeAutomation.delayMinutes).toBe(9);
    } finally {
      storeDb.close();
      hqDb.close();
    }
  }, 240_000);
});
