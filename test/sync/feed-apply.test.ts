import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../../src/audit/audit.repository.js';
import { inTransaction } from '../../src/db/transaction.js';
import { formatHlc } from '../../sync/hlc.js';
import type { FeedItem } from '../../sync/protocol.js';
import { createFeedApplier } from '../../sync/store/apply.js';
import { createStoreHlc } from '../../sync/store/capture.js';
import { createSyncStateRepository } from '../../sync/store/state.repository.js';
import { testClock } from '../support/clock.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

describe('applying HQ’s feed items', () => {
  const clock = testClock('2026-03-15T03:00:00.000Z');
  let t: TestNode;
  let apply: ReturnType<typeof createFeedApplier>;
  let cursor = 0;
  const state = () => createSyncStateRepository(t.node.services.storage.sqlite);
  const item = (kind: FeedItem['kind'], payload: Record<string, unknown>): FeedItem => ({
    cursor: ++cursor,
    kind,
    payload,
    at: clock.now().toISOString(),
  });
  const applyOne = (feedItem: FeedItem) => inTransaction(t.node.services.storage.sqlite, () => apply(feedItem));
  const hqHlc = (offsetMs: number) => formatHlc({ wallMs: clock.now().getTime() + offsetMs, counter: 0, node: 'hq' });
  const outboxCount = (kind: string) =>
    (
      t.node.services.storage.sqlite.prepare('SELECT count(*) AS n FROM sync_outbox WHERE kind = ?').get(kind) as {
        n: number;
      }
    ).n;

  beforeAll(async () => {
    t = await startTestNode({ clock });
    const { services } = t.node;
    const syncState = state();
    const storeId = () => services.settings.storeConfig().storeId;
    apply = createFeedApplier({
      sqlite: services.storage.sqlite,
      settings: services.settings,
      products: services.products,
      orders: services.orders,
      mst: services.mst,
      audit: createAuditRepository(services.storage.db),
      state: syncState,
      hlc: createStoreHlc({ state: syncState, clock, storeId }),
      notify: services.notify,
      clock,
      storeId,
    });
  });
  afterAll(async () => t.close());

  it('keeps the document with the greater clock and moves the store’s clock past HQ’s', () => {
    const automation = t.node.services.settings.automation();
    const later = hqHlc(60_000);
    expect(
      applyOne(item('settings', { name: 'automation', document: { ...automation, delayMinutes: 15 }, hlc: later })),
    ).toEqual({ outcome: 'applied' });
    expect(t.node.services.settings.automation().delayMinutes).toBe(15);
    expect(state().get().hlc! > later).toBe(true);
    // The same document again, or an older one, changes nothing.
    expect(
      applyOne(item('settings', { name: 'automation', document: { ...automation, delayMinutes: 15 }, hlc: later }))
        .outcome,
    ).toBe('skipped');
    expect(
      applyOne(
        item('settings', { name: 'automation', document: { ...automation, delayMinutes: 1 }, hlc: hqHlc(30_000) }),
      ).outcome,
    ).toBe('skipped');
    expect(t.node.services.settings.automation().delayMinutes).toBe(15);
    expect(outboxCount('settings')).toBe(0);
  });

  it('refuses a document the store’s validation rejects, keeps its own, and tells the shop', async () => {
    const before = t.node.services.settings.automation();
    const refused = applyOne(
      item('settings', { name: 'automation', document: { ...before, delayMinutes: 99_999 }, hlc: hqHlc(120_000) }),
    );
    expect(refused.outcome).toBe('refused');
    expect(refused.error).toContain('delayMinutes');
    expect(t.node.services.settings.automation()).toEqual(before);
    const notifications = (await t.request('GET', '/notifications')).json.data as { title: string; message: string }[];
    expect(notifications.find((n) => n.title === 'Không áp dụng được dữ liệu từ trụ sở')?.message).toContain(
      `Mục ${cursor} (settings)`,
    );
  });

  it('refuses malformed catalogue, order and registry items without touching anything', () => {
    expect(
      applyOne(item('products', { products: [{ sku: '', name: 'x', unitPrice: -1, taxRate: 0.1 }] })).outcome,
    ).toBe('refused');
    expect(
      applyOne(
        item('order', {
          id: 'HQ-1',
          channel: 'web',
          buyer: { name: 'A' },
          items: [{ name: 'B', unit: 'cái', quantity: 1, unitPrice: 1000, taxRate: 0.33 }],
        }),
      ).outcome,
    ).toBe('refused');
    expect(t.node.services.orders.findById('HQ-1')).toBeUndefined();
    expect(applyOne(item('mst', { mst: '0100109107', name: 'Sai chữ số kiểm tra' })).outcome).toBe('refused');
    expect(applyOne(item('mst', { mst: '0100109106', name: 'Công ty Hòa Bình' })).outcome).toBe('applied');
  });
});
