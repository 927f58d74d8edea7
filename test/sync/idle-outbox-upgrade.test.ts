/**
 * Migration 0004 on a store of the version before it: invoices issued without a seller MST become demo
 * invoices, and the outbox a store without headquarters had filled for nobody is emptied; a store connected
 * to HQ keeps its outbox.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { inTransaction } from '../../src/db/transaction.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const TAG = '0004_demo_flag_and_idle_outbox';

/** The store as the version before 0004 left it: demo unset, an outbox row per change whether or not HQ was set. */
async function olderStore(connected: boolean): Promise<TestNode> {
  const t = await startTestNode();
  const { settings } = t.node.services;
  const { sqlite } = t.node.services.storage;
  expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
  if (connected)
    inTransaction(sqlite, () => settings.update('config', { headquarters: { url: 'https://hq.example.vn' } }, 'test'));
  sqlite.exec(`UPDATE invoices SET demo = 0, seller_mst = '';
    INSERT INTO sync_outbox (record_id, kind, version, at, payload) VALUES ('audit:1', 'audit', 1, '2026-01-01T00:00:00.000Z', '{}');
    INSERT INTO sync_push_acks (through_seq, at) VALUES (1, '2026-01-01T00:00:00.000Z');
    DELETE FROM schema_migrations WHERE tag = '${TAG}'`);
  return t;
}

const count = (t: TestNode, table: string) =>
  (t.node.services.storage.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe(`migration ${TAG}`, () => {
  let t: TestNode | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('marks invoices without a seller MST as demo invoices and empties an outbox nobody reads', async () => {
    t = await olderStore(false);
    expect(migrate(t.node.services.storage.sqlite).applied).toEqual([TAG]);
    expect(t.node.services.storage.sqlite.prepare('SELECT demo FROM invoices').all()).toEqual([{ demo: 1 }]);
    expect((await t.request('GET', '/invoices')).json.data.items[0].demo).toBe(true);
    expect([count(t, 'sync_outbox'), count(t, 'sync_push_acks')]).toEqual([0, 0]);
  });

  it('keeps the outbox of a store connected to headquarters', async () => {
    t = await olderStore(true);
    const before = [count(t, 'sync_outbox'), count(t, 'sync_push_acks')];
    expect(before[0]).toBeGreaterThan(0);
    expect(migrate(t.node.services.storage.sqlite).applied).toEqual([TAG]);
    expect([count(t, 'sync_outbox'), count(t, 'sync_push_acks')]).toEqual(before);
  });
});
