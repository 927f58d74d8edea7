/**
 * Power-cut discipline, Jepsen style: clients keep issuing invoices while the node is SIGKILLed at random
 * moments and restarted. Whatever the node acknowledged with 201 must exist afterwards with the same
 * content, numbering must stay gapless, and a retry with the same idempotency key must never make a second
 * invoice; every audit chain still verifies; the transmission queue resumes and every invoice is accepted;
 * the sync outbox resumes and headquarters ends with every invoice exactly once.
 * RELIABILITY_SOAK=1 runs many more kills.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/db/open.js';
import type { Answer } from '../support/answer.js';
import { type RunningProcess, runHoadon, runHoadonAsync, startHoadon } from '../support/processes.js';
import { invoiceBody } from '../support/test-node.js';
import { type HqPeer, hqRecords, startHq } from '../sync/hq-peer.js';

const SOAK = process.env.RELIABILITY_SOAK === '1';
const KILLS = SOAK ? 200 : 20;
const CLIENTS = 6;
const PASSWORD = 'crash-admin-pw';

interface Sent {
  key?: string;
  body: ReturnType<typeof invoiceBody>;
}

interface Acknowledged {
  id: string;
  number: number;
  kyHieu: string;
  total: number;
  buyerName: string;
}

/** What the store and HQ hold around invoices HQ lacks: enough to tell which side lost them, and where. */
function missingAtHq(db: Database.Database, hq: HqPeer, missing: Acknowledged[]): string {
  if (missing.length === 0) return '';
  const outboxRows = db.prepare('SELECT seq, version, at FROM sync_outbox WHERE record_id = ? ORDER BY seq');
  const state = db.prepare('SELECT * FROM sync_state').get();
  const store = hq.hq.sqlite.prepare('SELECT applied_through_seq FROM stores WHERE id = ?').get('crash-store');
  const near = hq.hq.sqlite.prepare(
    'SELECT seq, record_id AS recordId, version FROM records WHERE store_id = ? AND seq BETWEEN ? AND ? ORDER BY seq',
  );
  const batches = hq.hq.sqlite.prepare(
    'SELECT batch_seq AS batchSeq, answer FROM push_batches WHERE store_id = ? AND batch_seq BETWEEN ? AND ?',
  );
  const lines = missing.slice(0, 3).map((invoice) => {
    const queued = outboxRows.all(`invoice:${invoice.id}`) as { seq: number }[];
    const seq = queued[0]?.seq ?? 0;
    return JSON.stringify({
      invoice,
      queued,
      hqNear: near.all('crash-store', seq - 3, seq + 3),
      hqBatches: batches.all('crash-store', seq - 2_000, seq),
    });
  });
  return `${missing.length} invoices missing at HQ; store sync_state ${JSON.stringify(state)}; HQ ${JSON.stringify(store)}\n${lines.join('\n')}`;
}

describe('crash safety of issuing', () => {
  it(
    `keeps every acknowledged invoice and gapless numbers through ${KILLS} kill -9s`,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-crash-'));
      const env = { HOADON_DATA_DIR: dataDir, HOADON_ADMIN_PASSWORD: PASSWORD, HOADON_RATE_LIMIT_PER_MINUTE: '0' };
      const hq = await startHq();
      const { credential } = await hq.hq.services.admin.addStore('crash-store', 'Cửa hàng thử sập nguồn');
      const connected = await runHoadonAsync(
        [
          'sync',
          'connect',
          '--hq',
          hq.url,
          '--store-id',
          'crash-store',
          '--credential-stdin',
          '--interval',
          '5',
          '--data-dir',
          dataDir,
        ],
        {
          env,
          input: credential,
        },
      );
      expect(connected.status, connected.stderr).toBe(0);
      const acknowledged = new Map<string, Acknowledged>();
      const inDoubt: Sent[] = [];
      let requestSeq = 0;
      let token = '';
      let node: RunningProcess;

      const post = async (base: string, sent: Sent) => {
        const headers: Record<string, string> = {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        };
        if (sent.key) headers['x-idempotency-key'] = sent.key;
        const r = await fetch(`${base}/api/v1/invoices`, { method: 'POST', headers, body: JSON.stringify(sent.body) });
        const json = (await r.json()) as Answer;
        expect(r.status).toBe(201);
        const d = json.data;
        const seen = { id: d.id, number: d.number, kyHieu: d.kyHieu, total: d.totals.total, buyerName: d.buyer.name };
        const earlier = acknowledged.get(d.id);
        if (earlier) expect(seen).toEqual(earlier);
        acknowledged.set(d.id, seen);
        return seen;
      };

      for (let round = 0; round < KILLS; round += 1) {
        node = await startHoadon(['serve'], { env });
        if (!token) {
          const login = await fetch(`${node.baseUrl}/api/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: PASSWORD }),
          });
          token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
        }
        // Requests in doubt from the previous crash are retried first, keyed ones with their original key.
        for (const sent of inDoubt.splice(0).filter((s) => s.key)) await post(node.baseUrl, sent);

        let alive = true;
        const client = async (c: number) => {
          while (alive) {
            requestSeq += 1;
            const keyed = requestSeq % 2 === 0;
            const sent: Sent = {
              ...(keyed ? { key: `crash-${c}-${requestSeq}` } : {}),
              body: invoiceBody({ buyer: { name: `Khách ${requestSeq}` } }),
            };
            try {
              await post(node.baseUrl, sent);
            } catch (error) {
              if (alive) throw error;
              inDoubt.push(sent);
            }
          }
        };
        const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 400));
        alive = false;
        node.child.kill('SIGKILL');
        await node.exited;
        await Promise.allSettled(clients);
      }

      // After the last crash the queue to the tax authority resumes by itself and empties.
      const last = await startHoadon(['serve'], { env });
      // The simulator takes about a hundred invoices a second (docs/performance.md): the wait grows with them.
      const deadline = Date.now() + 90_000 + 20 * acknowledged.size;
      for (;;) {
        const health = ((await (await fetch(`${last.baseUrl}/api/v1/health`)).json()) as Answer).data;
        if (health.transmissionQueue.queued === 0 && health.sync.pendingOutbox === 0) break;
        if (Date.now() > deadline) throw new Error(`queue or outbox did not drain: ${JSON.stringify(health)}`);
        // Sync passes wait for their interval or backoff; one more pass now instead of waiting for it.
        if (health.sync.pendingOutbox > 0) await runHoadonAsync(['sync', 'now', '--data-dir', dataDir], { env });
        await new Promise((r) => setTimeout(r, 250));
      }
      await last.stop();

      const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const rows = db
          .prepare('SELECT id, number, ky_hieu AS kyHieu, total, buyer_name AS buyerName FROM invoices')
          .all() as Acknowledged[];
        const stored = new Map(rows.map((r) => [r.id, r]));
        for (const [id, seen] of acknowledged) expect(stored.get(id)).toEqual(seen);
        const bySymbol = db
          .prepare(
            'SELECT ky_hieu, count(*) AS n, count(DISTINCT number) AS d, min(number) AS lo, max(number) AS hi FROM invoices GROUP BY ky_hieu',
          )
          .all() as { n: number; d: number; lo: number; hi: number }[];
        for (const s of bySymbol) expect(s).toMatchObject({ d: s.n, lo: 1, hi: s.n });
        expect(db.prepare("SELECT count(*) AS n FROM transmissions WHERE state = 'accepted'").get()).toEqual({
          n: rows.length,
        });
        const perBuyer = db
          .prepare('SELECT buyer_name, count(*) AS n FROM invoices GROUP BY buyer_name HAVING n > 1')
          .all();
        expect(perBuyer).toEqual([]);
        const atHq = new Set(hqRecords(hq, 'crash-store', 'invoice').map((r) => r.recordId));
        const missing = rows.filter((r) => !atHq.has(`invoice:${r.id}`));
        expect(missing.length, missingAtHq(db, hq, missing)).toBe(0);
        expect(atHq.size).toBe(rows.length);
        expect(
          hq.hq.sqlite.prepare('SELECT count(*) AS n FROM invoices WHERE store_id = ?').get('crash-store'),
        ).toEqual({ n: rows.length });
        const audit = runHoadon(['audit', 'verify', '--data-dir', dataDir]);
        expect(audit.status, audit.stdout + audit.stderr).toBe(0);
        console.log(
          `${KILLS} kills, ${acknowledged.size} invoices acknowledged, ${rows.length} stored, lost 0, duplicates 0`,
        );
      } finally {
        db.close();
        await hq.close();
      }
    },
    SOAK ? 3_600_000 : 240_000,
  );
});
