/**
 * A store queues nothing for headquarters until HQ is configured (its outbox would only grow); connecting it
 * queues its history, kind after kind in slices with a progress line in the log, so that HQ ends with every
 * invoice at its current version, its customers and its audit trail, once, and then only new changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, type HqPeer, hqRecords, startHq } from './hq-peer.js';

const STORE = 'store-late';

describe('a store connected to HQ after months without it', () => {
  const clock = testClock('2026-06-01T03:00:00.000Z');
  let t: TestNode;
  let peer: HqPeer;
  const count = (sql: string) => (t.node.services.storage.sqlite.prepare(sql).get() as { n: number }).n;

  beforeAll(async () => {
    peer = await startHq({ clock });
    t = await startTestNode({ clock });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('queues nothing without HQ, then its whole history once connected, and then only new changes', async () => {
    const before: string[] = [];
    for (let i = 0; i < 3; i++)
      before.push((await t.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string);
    const replaced = await t.request('POST', `/invoices/${before[0]}/replace`, {
      body: { buyer: { name: 'Công ty Mới' }, items: invoiceBody().items, reason: 'Sai tên người mua' },
    });
    expect(replaced.status).toBe(200);
    const templates = await t.request('PATCH', '/settings/templates', { body: { templateName: 'Mẫu của cửa hàng' } });
    expect(templates.status).toBe(200);
    expect(count('SELECT count(*) AS n FROM sync_outbox')).toBe(0);

    const sync = t.node.services.sync;
    const lines: string[] = [];
    sync.logTo((line) => lines.push(line));
    await connectStore(t, peer, STORE);
    expect(sync.status().backfillPending).toBeGreaterThan(4);
    const afterConnect = (await t.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string;
    await t.node.services.invoiceXml.signWaiting();
    const pass = await sync.runNow();
    expect(pass, JSON.stringify(pass)).toMatchObject({ ok: true });
    // HQ's first answer said it takes invoice documents: the five stored before follow in the next pass.
    expect(await sync.runNow()).toMatchObject({ ok: true, pushed: 5 });
    expect(hqRecords(peer, STORE, 'document')).toHaveLength(5);
    expect(sync.status()).toMatchObject({ backfillPending: 0, pendingOutbox: 0, resyncing: false });
    expect(count('SELECT count(*) AS n FROM sync_backfill')).toBe(0);
    expect(lines.some((line) => /mục lịch sử đã xếp hàng gửi trụ sở/.test(line))).toBe(true);

    const atHq = hqRecords(peer, STORE, 'invoice');
    const versions = new Map(atHq.map((r) => [r.recordId, r.version]));
    expect([...versions.keys()].sort()).toEqual(
      [...before, replaced.json.data.id, afterConnect].map((id) => `invoice:${id}`).sort(),
    );
    // The replaced original went up at its current version, with its current status.
    const original = atHq.filter((r) => r.recordId === `invoice:${before[0]}`).at(-1)!;
    expect(original.payload.status).toBe('replaced');
    expect(hqRecords(peer, STORE, 'audit')).toHaveLength(count('SELECT count(*) AS n FROM audit_entries'));
    expect(hqRecords(peer, STORE, 'customer').length).toBeGreaterThan(0);
    const settings = hqRecords(peer, STORE, 'settings');
    expect(settings.map((r) => r.payload.document.templateName)).toContain('Mẫu của cửa hàng');

    const again = await sync.runNow();
    expect(again.ok && again.pushed).toBe(0);
    expect(hqRecords(peer, STORE, 'invoice')).toHaveLength(atHq.length);
  });
});

describe('a large history connected while HQ is away', () => {
  it('queues one pass’s worth until HQ answers, then the rest, and HQ ends with every invoice', async () => {
    const peer = await startHq();
    const t = await startTestNode();
    try {
      const { sync } = t.node.services;
      const { sqlite } = t.node.services.storage;
      insertSyntheticInvoices(sqlite, 6_000);
      await peer.stop();
      await connectStore(t, peer, 'store-big');
      const rows = () => (sqlite.prepare('SELECT count(*) AS n FROM sync_outbox').get() as { n: number }).n;
      expect((await sync.runNow()).ok).toBe(false);
      const queued = rows();
      for (let pass = 0; pass < 2; pass++) expect((await sync.runNow()).ok).toBe(false);
      // Rows HQ has not placed yet may still be renumbered in one transaction: they stay one pass's worth
      // (and the audit entry of the connection itself).
      expect(rows()).toBe(queued);
      expect(queued).toBeLessThanOrEqual(5_001);

      await peer.restart();
      for (let pass = 0; pass < 10 && sync.status().resyncing; pass++) expect((await sync.runNow()).ok).toBe(true);
      expect(sync.status()).toMatchObject({ resyncing: false, backfillPending: 0, pendingOutbox: 0 });
      expect(new Set(hqRecords(peer, 'store-big', 'invoice').map((r) => r.recordId)).size).toBe(6_000);
    } finally {
      await t.close();
      await peer.close();
    }
  }, 60_000);
});
