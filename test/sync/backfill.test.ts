/**
 * A store whose invoices predate its outbox has no outbox rows for them: a `sync_backfill` row marks them (a
 * data dir of the migration chain folded into the baseline may hold one), and the sync passes queue their
 * current versions so that HQ ends with every invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, hqRecords, startHq, type HqPeer } from './hq-peer.js';

const STORE = 'store-upgraded';

describe('history of an upgraded store', () => {
  const clock = testClock('2026-06-01T03:00:00.000Z');
  let t: TestNode;
  let peer: HqPeer;

  beforeAll(async () => {
    peer = await startHq({ clock });
    t = await startTestNode({ clock });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('queues the invoices issued before the outbox existed, once, and then only new changes', async () => {
    const before: string[] = [];
    for (let i = 0; i < 3; i++)
      before.push((await t.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string);
    const replaced = await t.request('POST', `/invoices/${before[0]}/replace`, {
      body: { buyer: { name: 'Công ty Mới' }, items: invoiceBody().items, reason: 'Sai tên người mua' },
    });
    expect(replaced.status).toBe(200);

    // The same invoices without their outbox rows, marked for the backfill as the outbox's arrival marked them.
    const { sqlite } = t.node.services;
    sqlite.exec(`DELETE FROM sync_outbox; DELETE FROM sqlite_sequence WHERE name = 'sync_outbox'; DELETE FROM sync_state;
      INSERT INTO sync_backfill (id, through_rowid, until_rowid) SELECT 1, 0, max(rowid) FROM invoices`);
    const sync = t.node.services.sync;
    expect(sync.status().backfillPending).toBe(4);

    await connectStore(t, peer, STORE);
    const afterUpgrade = (await t.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string;
    const pass = await sync.runNow();
    expect(pass, JSON.stringify(pass)).toMatchObject({ ok: true });
    expect(sync.status()).toMatchObject({ backfillPending: 0, pendingOutbox: 0 });
    expect(sqlite.prepare('SELECT count(*) AS n FROM sync_backfill').get()).toEqual({ n: 0 });

    const atHq = hqRecords(peer, STORE, 'invoice');
    const versions = new Map(atHq.map((r) => [r.recordId, r.version]));
    expect([...versions.keys()].sort()).toEqual(
      [...before, replaced.json.data.id, afterUpgrade].map((id) => `invoice:${id}`).sort(),
    );
    // The replaced original went up at its current version, with its current status.
    const original = atHq.filter((r) => r.recordId === `invoice:${before[0]}`).at(-1)!;
    expect(original.payload.status).toBe('replaced');

    const again = await sync.runNow();
    expect(again.ok && again.pushed).toBe(0);
    expect(hqRecords(peer, STORE, 'invoice')).toHaveLength(atHq.length);
  });
});
