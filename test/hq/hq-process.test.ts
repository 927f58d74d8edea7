import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_FILE } from '../../sync/hq/hq-auth.js';
import { HQ_DATABASE_FILE } from '../../sync/hq/hq-node.js';
import { MAX_PUSH_RECORDS } from '../../sync/protocol.js';
import type { Answer } from '../support/answer.js';
import { type RunningProcess, runHoadon, startHoadon } from '../support/processes.js';
import { invoiceRecord } from './hq-test-node.js';

const HEALTH = '/hq/v1/health';

async function startHq(dataDir: string, env: Record<string, string> = {}): Promise<RunningProcess> {
  return startHoadon(['hq', '--data-dir', dataDir], { healthPath: HEALTH, env });
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const r = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Answer };
}

const batch = (first: number, size: number) =>
  Array.from({ length: size }, (_, i) => invoiceRecord(first + i, `inv-${first + i}`));

const push = (baseUrl: string, credential: string, first: number, size: number) =>
  call(
    baseUrl,
    'POST',
    '/sync/v1/push',
    credential,
    { storeId: 'shop-1', batchSeq: first, records: batch(first, size) },
    {
      'x-idempotency-key': `shop-1:${first}`,
    },
  );

function addStore(dataDir: string, id: string): string {
  const added = runHoadon(['hq', 'store', 'add', id, '--name', `Cửa hàng ${id}`, '--data-dir', dataDir]);
  expect(added.status, added.stderr).toBe(0);
  const credential = added.stdout.trim().split('\n').at(-1) as string;
  expect(credential).toMatch(new RegExp(`^${id}\\.[A-Za-z0-9_-]{43}$`));
  return credential;
}

describe('hoadon hq as a process', () => {
  it('registers a store from the CLI, serves its push and the admin API, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-'));
    const credential = addStore(dataDir, 'shop-1');
    expect(runHoadon(['hq', 'store', 'add', 'shop-1', '--name', 'again', '--data-dir', dataDir]).status).toBe(1);

    const hq = await startHq(dataDir);
    const tokenFile = join(dataDir, ADMIN_TOKEN_FILE);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const adminToken = readFileSync(tokenFile, 'utf8').trim();
    expect(hq.output()).toContain(tokenFile);

    expect((await push(hq.baseUrl, credential, 1, 3)).json.data).toEqual({
      appliedThroughSeq: 3,
      maxRecords: MAX_PUSH_RECORDS,
      heldBeforeSeq: 0,
      // No HOADON_HQ_PUBLIC_URL set: HQ announces no portal address (docs/delivery.md).
      hqPublicUrl: null,
    });
    const stores = await call(hq.baseUrl, 'GET', '/hq/v1/stores', adminToken);
    expect(stores.json.data).toMatchObject([{ id: 'shop-1', appliedThroughSeq: 3, invoiceCount: 3 }]);
    expect((await call(hq.baseUrl, 'GET', '/hq/v1/stores', credential)).status).toBe(403);

    const listed = runHoadon(['hq', 'store', 'list', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: 'shop-1', appliedThroughSeq: 3 }]);
    expect(await hq.stop('SIGTERM')).toBe(0);

    // The token file is made once; HOADON_HQ_ADMIN_TOKEN replaces it when set.
    const configured = 'configured-admin-token-0123456789abcdef';
    const again = await startHq(dataDir, { HOADON_HQ_ADMIN_TOKEN: configured });
    expect((await call(again.baseUrl, 'GET', '/hq/v1/stores', configured)).status).toBe(200);
    expect((await call(again.baseUrl, 'GET', '/hq/v1/stores', adminToken)).status).toBe(401);
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(adminToken);
    expect(await again.stop('SIGINT')).toBe(0);
  });

  it('loses nothing and applies nothing twice when killed with -9 while a store pushes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-kill-'));
    const credential = addStore(dataDir, 'shop-1');
    const SIZE = 20;
    const TOTAL = 400;
    let acknowledged = 0;
    let hq = await startHq(dataDir);
    // Push like a store: the next batch starts after the acknowledged seq; kill HQ while batches fly.
    for (let round = 0; acknowledged < TOTAL; round += 1) {
      const inFlight = push(hq.baseUrl, credential, acknowledged + 1, SIZE).catch(() => undefined);
      if (round === 5) {
        hq.child.kill('SIGKILL');
        await hq.exited;
        await inFlight;
        hq = await startHq(dataDir);
        continue;
      }
      const answer = await inFlight;
      if (answer?.status === 200) acknowledged = answer.json.data.appliedThroughSeq;
    }
    // The batch cut by the kill was either applied whole or not at all; resending it was harmless.
    expect(acknowledged).toBe(TOTAL);
    expect(await hq.stop('SIGTERM')).toBe(0);

    const db = new Database(join(dataDir, HQ_DATABASE_FILE), { readonly: true });
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    expect(db.prepare('SELECT count(*) AS n, min(seq) AS lo, max(seq) AS hi FROM records').get()).toEqual({
      n: TOTAL,
      lo: 1,
      hi: TOTAL,
    });
    expect(db.prepare('SELECT count(*) AS n FROM invoices').get()).toEqual({ n: TOTAL });
    expect(
      db.prepare("SELECT applied_through_seq AS seq, invoice_count AS count FROM stores WHERE id = 'shop-1'").get(),
    ).toEqual({
      seq: TOTAL,
      count: TOTAL,
    });
    db.close();
  });
});
