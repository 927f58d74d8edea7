import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncPassResult } from '../../sync/store/store-sync.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, type HqPeer, hqRecords, startHq } from './hq-peer.js';

const STORE = 'store-hn-01';

function succeeded(result: SyncPassResult) {
  if (!result.ok) throw new Error(`sync pass failed: ${JSON.stringify(result)}`);
  return result;
}

describe('store sync against a real headquarters on loopback', () => {
  const clock = testClock('2026-03-15T03:00:00.000Z');
  let t: TestNode;
  let peer: HqPeer;
  const sync = () => t.node.services.sync;
  const outboxPayloads = (kind: string) =>
    t.node.services.storage.sqlite
      .prepare('SELECT record_id AS recordId, version, payload FROM sync_outbox WHERE kind = ? ORDER BY seq')
      .all(kind) as {
      recordId: string;
      version: number;
      payload: string;
    }[];

  beforeAll(async () => {
    peer = await startHq({ clock });
    t = await startTestNode({ clock });
    await connectStore(t, peer, STORE);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('pushes every pending change once, and HQ holds each invoice version as the store wrote it', async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
    // Their documents are stored before the pass: HQ's first answer then says it takes them (below).
    await t.node.services.invoiceXml.signWaiting();
    const pending = sync().status().pendingOutbox;
    expect(pending).toBeGreaterThanOrEqual(9);

    const first = succeeded(await sync().runNow());
    expect(first.pushed).toBe(pending);
    expect(sync().status()).toMatchObject({
      state: 'online',
      pendingOutbox: 0,
      pushedThroughSeq: pending,
      lastSuccessAt: clock.now().toISOString(),
    });

    const atHq = hqRecords(peer, STORE, 'invoice');
    expect(atHq).toHaveLength(3);
    const atStore = outboxPayloads('invoice');
    expect(atHq.map((r) => [r.recordId, r.version, JSON.stringify(r.payload)])).toEqual(
      atStore.map((r) => [r.recordId, r.version, r.payload]),
    );
    expect(
      (
        await peer.hq.services.admin.listInvoices({ storeId: STORE, page: 1, pageSize: 10 } as Parameters<
          typeof peer.hq.services.admin.listInvoices
        >[0])
      ).items,
    ).toHaveLength(3);

    // HQ's first answer said it takes invoice documents: the three documents go with the next pass, once.
    expect(succeeded(await sync().runNow()).pushed).toBe(3);
    expect(hqRecords(peer, STORE, 'document')).toHaveLength(3);
    expect(succeeded(await sync().runNow()).pushed).toBe(0);
    // Every pull tells HQ the store's version and what it still has to send.
    expect((await peer.hq.services.admin.listStores()).find((s) => s.id === STORE)).toMatchObject({
      version: t.node.services.version,
      pendingOutbox: 0,
    });
  });

  it('acks a batch HQ applied before the store could record it, without HQ applying it twice', async () => {
    await t.request('POST', '/invoices', { body: invoiceBody() });
    await t.node.services.invoiceXml.signWaiting();
    succeeded(await sync().runNow());
    const held = hqRecords(peer, STORE).length;
    // As after a crash between HQ's commit and the store's: everything looks unsent again.
    t.node.services.storage.sqlite.exec('UPDATE sync_state SET pushed_through_seq = 0; DELETE FROM sync_push_acks');
    const again = succeeded(await sync().runNow());
    expect(again.pushed).toBe(held);
    expect(sync().status().pendingOutbox).toBe(0);
    expect(hqRecords(peer, STORE)).toHaveLength(held);
  });

  it('goes offline with a backoff while HQ is down, warns after an hour, and drains when HQ is back', async () => {
    await peer.stop();
    await t.request('POST', '/invoices', { body: invoiceBody() });
    await t.node.services.invoiceXml.signWaiting();

    const failed = await sync().runNow();
    expect(failed.ok).toBe(false);
    const down = sync().status();
    expect(down).toMatchObject({ state: 'offline', consecutiveFailures: 1 });
    expect(down.pendingOutbox).toBeGreaterThan(0);
    expect(Date.parse(down.nextAttemptAt!)).toBeGreaterThan(clock.now().getTime());
    expect(sync().tick()).toBeUndefined();
    expect((await t.request('GET', '/health', { token: null })).json.data.sync).toMatchObject({
      state: 'offline',
      pendingOutbox: down.pendingOutbox,
    });

    clock.advance(3600 * 1000);
    await sync().runNow();
    const warnings = (await t.request('GET', '/notifications')).json.data as { title: string }[];
    expect(warnings.filter((n) => n.title === 'Không đồng bộ được với trụ sở')).toHaveLength(1);

    await peer.restart();
    clock.advance(15 * 60 * 1000);
    const resumed = await sync().tick();
    expect(resumed && succeeded(resumed).pushed).toBe(down.pendingOutbox);
    expect(sync().status()).toMatchObject({ state: 'online', pendingOutbox: 0, consecutiveFailures: 0 });
  });

  it('catches up after three days offline: the till never waits, one warning, everything arrives once in one pass', async () => {
    await peer.stop();
    const before = hqRecords(peer, STORE, 'invoice').length;
    const warningsBefore = ((await t.request('GET', '/notifications')).json.data as { title: string }[]).length;
    const issuedOffline = 3 * 24 * 4;
    // Three days of a shop's hours: a sale every 15 minutes while the job keeps trying HQ on its backoff.
    for (let i = 0; i < issuedOffline; i++) {
      if (i % 32 === 0) t.token = await t.login('admin', ADMIN_PASSWORD);
      expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
      clock.advance(15 * 60 * 1000);
      await sync().tick();
    }
    await t.node.services.invoiceXml.signWaiting();
    const offline = sync().status();
    expect(offline.state).toBe('offline');
    expect(offline.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(3 * 24 * 3600 - 15 * 60);
    expect(offline.pendingOutbox).toBeGreaterThanOrEqual(issuedOffline * 3);
    // Backoff stays bounded (10 minutes at most), so the store retries within minutes of HQ coming back.
    expect(Date.parse(offline.nextAttemptAt!) - clock.now().getTime()).toBeLessThanOrEqual(10 * 60 * 1000);
    const warnings = ((await t.request('GET', '/notifications')).json.data as { title: string }[]).slice(
      0,
      -warningsBefore || undefined,
    );
    expect(warnings.filter((n) => n.title === 'Không đồng bộ được với trụ sở')).toHaveLength(1);

    await peer.restart();
    clock.advance(10 * 60 * 1000);
    const caughtUp = await sync().tick();
    expect(caughtUp && succeeded(caughtUp).pushed).toBe(offline.pendingOutbox);
    expect(sync().status()).toMatchObject({ state: 'online', pendingOutbox: 0 });
    expect(hqRecords(peer, STORE, 'invoice')).toHaveLength(before + issuedOffline);
  });

  it('applies HQ’s settings, catalogue and orders once, in order, without echoing the settings back', async () => {
    const { admin } = peer.hq.services;
    const automation = { ...t.node.services.settings.automation(), delayMinutes: 42 };
    await admin.sendSettings(STORE, { automation });
    await admin.sendProducts([{ sku: 'TRA-1', name: 'Trà đào', unit: 'ly', unitPrice: 30_000, taxRate: 0.08 }]);
    const { order } = await admin.sendOrder(STORE, {
      id: 'WEB-0001',
      channel: 'web',
      buyer: { name: 'Nguyễn Văn An' },
      items: [{ name: 'Trà đào', unit: 'cái', sku: 'TRA-1', quantity: 2, unitPrice: 30_000, taxRate: 0.08 }],
      paymentMethod: 'CK',
    });

    const pass = succeeded(await sync().runNow());
    expect(pass.pulled).toMatchObject({ applied: 3, skipped: 0, refused: [] });
    expect(t.node.services.settings.automation().delayMinutes).toBe(42);
    expect((await t.request('GET', '/products?search=TRA-1')).json.data.items).toEqual([
      {
        sku: 'TRA-1',
        name: 'Trà đào',
        unit: 'ly',
        unitPrice: 30_000,
        taxRate: 0.08,
        vatReductionEligible: true,
        favourite: false,
        active: true,
        sold: false,
      },
    ]);
    expect((await t.request('GET', `/orders/${order.id}`)).json.data).toMatchObject({
      source: 'hq',
      channel: 'web',
      status: 'open',
    });
    expect(outboxPayloads('settings')).toHaveLength(0);
    const trail = t.node.services.storage.sqlite
      .prepare("SELECT actor, action FROM audit_entries WHERE invoice_id = 'settings:automation' ORDER BY seq DESC")
      .get();
    expect(trail).toEqual({ actor: 'hq-sync', action: 'settings-updated' });

    // The same order sent again, and nothing new: the cursor moved past what was applied.
    await admin.sendOrder(STORE, { ...order, buyer: { name: 'Người khác' } });
    expect(succeeded(await sync().runNow()).pulled).toMatchObject({ applied: 0, skipped: 1 });
    expect((await t.request('GET', `/orders/${order.id}`)).json.data.buyer.name).toBe('Nguyễn Văn An');
    expect(succeeded(await sync().runNow()).pulled).toMatchObject({ applied: 0, skipped: 0 });
  });

  it('settles concurrent settings edits on the greater clock on both sides, keeping the loser in the audit trail', async () => {
    const { admin } = peer.hq.services;
    const lostEntries = () =>
      (
        t.node.services.storage.sqlite
          .prepare(
            "SELECT details FROM audit_entries WHERE invoice_id = 'settings:templates' AND action = 'settings-conflict-lost'",
          )
          .all() as {
          details: string;
        }[]
      ).map((r) => JSON.parse(r.details));

    // The store edits first, HQ later without having seen it: HQ's edit wins everywhere.
    clock.advance(1000);
    expect(
      (await t.request('PATCH', '/settings/templates', { body: { templateName: 'Bản của cửa hàng' } })).status,
    ).toBe(200);
    clock.advance(1000);
    await admin.sendSettings(STORE, {
      templates: { ...t.node.services.settings.templates(), templateName: 'Bản của trụ sở' },
    });
    succeeded(await sync().runNow());
    expect(t.node.services.settings.templates().templateName).toBe('Bản của trụ sở');
    expect(lostEntries()).toEqual([
      expect.objectContaining({
        lost: 'store',
        lostDocument: expect.objectContaining({ templateName: 'Bản của cửa hàng' }),
      }),
    ]);

    // HQ edits first, the store later: the store's edit wins at HQ, and HQ's older document is not applied here.
    clock.advance(1000);
    await admin.sendSettings(STORE, {
      templates: { ...t.node.services.settings.templates(), templateName: 'Trụ sở, cũ hơn' },
    });
    clock.advance(1000);
    await t.request('PATCH', '/settings/templates', { body: { templateName: 'Cửa hàng, mới hơn' } });
    succeeded(await sync().runNow());
    expect(t.node.services.settings.templates().templateName).toBe('Cửa hàng, mới hơn');
    expect(lostEntries().at(-1)).toMatchObject({ lost: 'hq', lostDocument: { templateName: 'Trụ sở, cũ hơn' } });
    const atHq = (await admin.settingsOf(STORE)).current.find((s) => s.name === 'templates');
    expect(atHq?.document).toMatchObject({ templateName: 'Cửa hàng, mới hơn' });
  });

  it('sends a newly connected HQ everything the store has, numbered from where that HQ stands', async () => {
    const fresh = await startHq({ clock });
    try {
      await connectStore(t, fresh, STORE);
      await t.request('POST', '/invoices', { body: invoiceBody() });
      let pass = succeeded(await sync().runNow());
      while (sync().status().resyncing) pass = succeeded(await sync().runNow());
      expect(hqRecords(fresh, STORE).map((r) => r.seq)).toEqual(
        Array.from({ length: pass.pushedThroughSeq }, (_, i) => i + 1),
      );
      const invoices = t.node.services.storage.sqlite.prepare('SELECT count(*) AS n FROM invoices').get() as {
        n: number;
      };
      expect(hqRecords(fresh, STORE, 'invoice').length).toBeGreaterThanOrEqual(invoices.n);
    } finally {
      await fresh.close();
    }
  });

  it('keeps acked rows a week after HQ acked them, however old they were, then prunes them', async () => {
    const day = 24 * 3600 * 1000;
    const lastSeq = () =>
      (t.node.services.storage.sqlite.prepare('SELECT max(seq) AS seq FROM sync_outbox').get() as { seq: number }).seq;
    const firstKept = () =>
      (
        t.node.services.storage.sqlite.prepare('SELECT min(seq) AS seq FROM sync_outbox').get() as {
          seq: number | null;
        }
      ).seq;
    const other = await startHq({ clock });
    try {
      await connectStore(t, other, 'store-hcm-02');
      const resent = succeeded(await sync().runNow());
      expect(resent.pushedThroughSeq).toBe(lastSeq());
      expect(firstKept()).toBe(1);

      await other.stop();
      const offlineFrom = lastSeq() + 1;
      expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
      // Its document is stored (and queued for HQ) by the signing pass, on its own time: done here, so the
      // last look below does not race it.
      await t.node.services.invoiceXml.signWaiting();
      const offlineThrough = lastSeq();
      clock.advance(6 * day);
      await other.restart();
      succeeded(await sync().runNow());

      // Eight days old but acked two days ago: kept; everything acked before the outage is pruned.
      clock.advance(2 * day);
      succeeded(await sync().runNow());
      expect(firstKept()).toBe(offlineFrom);

      clock.advance(6 * day);
      succeeded(await sync().runNow());
      expect(firstKept() ?? Infinity).toBeGreaterThan(offlineThrough);
      expect(sync().status().pendingOutbox).toBe(0);
    } finally {
      await other.close();
    }
  });
});
