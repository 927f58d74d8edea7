import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { canonicalJson } from '../../src/domain/canonical-json.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

interface OutboxRow {
  seq: number;
  record_id: string;
  kind: string;
  version: number;
  at: string;
  payload: string;
}

describe('sync outbox', () => {
  let t: TestNode;
  const clock = testClock('2026-03-15T03:00:00.000Z');
  const rows = (where = '1 = 1', ...params: unknown[]) =>
    t.node.services.storage.sqlite
      .prepare(`SELECT * FROM sync_outbox WHERE ${where} ORDER BY seq`)
      .all(...params) as OutboxRow[];
  const lastSeq = () =>
    (
      t.node.services.storage.sqlite.prepare('SELECT coalesce(max(seq), 0) AS seq FROM sync_outbox').get() as {
        seq: number;
      }
    ).seq;

  beforeAll(async () => {
    t = await startTestNode({ clock });
    // Nothing is queued until HQ is configured; this one never answers (no pass runs here).
    t.node.services.connectHq({ url: 'http://127.0.0.1:9', storeId: 'store-1', credential: 'not-a-real-secret-0123' });
  });
  afterAll(async () => t.close());

  it('queues an issued invoice, its customer and its audit entry with the invoice, as the API shows it', async () => {
    const before = lastSeq();
    const created = await t.request('POST', '/invoices', { body: invoiceBody() });
    expect(created.status).toBe(201);
    const id = created.json.data.id as string;
    const added = rows('seq > ?', before);
    expect(added.map((r) => r.kind).sort()).toEqual(['audit', 'customer', 'invoice']);
    // Unacked: above the push watermark.
    const { pushed } = t.node.services.storage.sqlite
      .prepare('SELECT coalesce((SELECT pushed_through_seq FROM sync_state WHERE id = 1), 0) AS pushed')
      .get() as { pushed: number };
    expect(added.every((r) => r.seq > pushed)).toBe(true);
    expect(added.map((r) => r.seq)).toEqual(added.map((_, i) => before + i + 1));

    const invoice = added.find((r) => r.kind === 'invoice')!;
    expect(invoice).toMatchObject({ record_id: `invoice:${id}`, version: 1 });
    // The payload is canonical JSON of the detail (without the queues' transmission and delivery states): HQ
    // and store hash the same text for the same version, however often it is read.
    const { transmission: _, delivery: __, ...detail } = (await t.request('GET', `/invoices/${id}`)).json.data;
    expect(invoice.payload).toBe(canonicalJson(detail));

    const customer = added.find((r) => r.kind === 'customer')!;
    expect(customer.record_id).toBe(`customer:${created.json.data.customerId}`);
    expect(JSON.parse(customer.payload)).toMatchObject({ name: 'Công ty TNHH Hòa Bình', mst: '0100109106' });
    expect(JSON.parse(added.find((r) => r.kind === 'audit')!.payload)).toMatchObject({
      invoiceId: id,
      action: 'created',
      seq: 1,
    });
  });

  it('gives each change of an invoice a higher version of the same record', async () => {
    const created = await t.request('POST', '/invoices', { body: invoiceBody() });
    const id = created.json.data.id as string;
    const replaced = await t.request('POST', `/invoices/${id}/replace`, {
      body: {
        ...invoiceBody({ buyer: { name: 'Công ty TNHH Hòa Bình Mới', mst: '0100109106' }, channel: undefined }),
        reason: 'Sai tên người mua',
      },
    });
    expect(replaced.status).toBe(200);
    const versions = rows('record_id = ?', `invoice:${id}`).map((r) => [r.version, JSON.parse(r.payload).status]);
    expect(versions).toEqual([
      [1, 'issued'],
      [2, 'replaced'],
    ]);
    expect(rows('record_id = ?', `invoice:${replaced.json.data.id}`)).toHaveLength(1);
  });

  it('writes nothing when the invoice’s transaction rolls back', async () => {
    const { invoices } = t.node.services;
    const seqBefore = lastSeq();
    const countBefore = rows().length;
    expect(() =>
      inTransaction(t.node.services.storage.sqlite, () => {
        invoices.create(invoiceBody() as never, { id: 'u-1', username: 'admin', role: 'admin' });
        expect(lastSeq()).toBeGreaterThan(seqBefore);
        throw new Error('crash before commit');
      }),
    ).toThrow('crash before commit');
    expect(rows()).toHaveLength(countBefore);
    expect(lastSeq()).toBe(seqBefore);
    // The next change takes the next seq: no gap for HQ to stumble on.
    await t.request('POST', '/invoices', { body: invoiceBody() });
    expect(rows('seq > ?', seqBefore)[0]!.seq).toBe(seqBefore + 1);
  });

  it('queues a shared settings edit with a growing clock, and keeps the store config local', async () => {
    const first = await t.request('PATCH', '/settings/automation', { body: { delayMinutes: 5 } });
    expect(first.status).toBe(200);
    clock.advance(1); // same millisecond would only bump the counter; a later one restarts it
    await t.request('PATCH', '/settings/automation', { body: { delayMinutes: 7 } });
    const settingsRows = rows("kind = 'settings'");
    expect(settingsRows).toHaveLength(2);
    const [a, b] = settingsRows.map((r) => JSON.parse(r.payload));
    expect(a).toMatchObject({ name: 'automation', document: { delayMinutes: 5 } });
    expect(b).toMatchObject({ name: 'automation', document: { delayMinutes: 7 } });
    expect(b.hlc > a.hlc).toBe(true);
    expect(b.hlc.endsWith(':store-1')).toBe(true);
    expect(settingsRows[1]!.version).toBeGreaterThan(settingsRows[0]!.version);
    const clockRow = t.node.services.storage.sqlite
      .prepare("SELECT hlc FROM sync_settings_clock WHERE name = 'automation'")
      .get() as { hlc: string };
    expect(clockRow.hlc).toBe(b.hlc);

    const configEdit = await t.request('PATCH', '/config', { body: { storeName: 'Cửa hàng số 2' } });
    expect(configEdit.status).toBe(200);
    expect(rows("kind = 'settings'")).toHaveLength(2);
  });

  it('queues the end-of-day aggregate when it is stored', () => {
    const { services } = t.node;
    services.aggregates.save(
      { date: '2026-03-14', totalQty: 3, totalAmount: 55_000, invoiceCount: 1 },
      clock.now().toISOString(),
    );
    const [aggregate] = rows("kind = 'aggregate'");
    expect(aggregate).toMatchObject({ record_id: 'aggregate:2026-03-14' });
    expect(JSON.parse(aggregate!.payload)).toMatchObject({ date: '2026-03-14', totalAmount: 55_000, invoiceCount: 1 });
  });

  it('reports what waits for headquarters in /health', async () => {
    clock.advance(90_000);
    const health = await t.request('GET', '/health', { token: null });
    expect(health.json.data.sync).toMatchObject({
      lastSuccessAt: null,
      pendingOutbox: rows().length,
    });
    expect(health.json.data.sync.lagSeconds).toBeGreaterThanOrEqual(90);
  });
});
