/**
 * HQ migration 0007 and what it serves, on both databases: an invoice's demo flag projected at push and
 * back-filled from the records HQ held before it; and per store, whether it has applied the latest settings and
 * catalogue HQ sent — from the cursor of its pull request and from its status report's `feedCursor` (an older
 * store sends none and still syncs) — for the console's "Hàng hóa và cài đặt" (docs/hq.md).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { HQ_BACKENDS, invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

const facts = {
  mst: '0300588569',
  sellerName: 'Công ty TNHH Cà phê Hòa Bình',
  symbols: ['1C26MAA'],
  mode: 'live',
  version: '1.0.0',
  certificateExpiresAt: null,
};

describe.each(HQ_BACKENDS)('migration 0007 on %s', (backend) => {
  let t: TestHq | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lists a demo invoice as demo, also one held before the migration once its back-fill ran', async () => {
    const started = await startHqWithTwoStores(backend);
    t = started.t;
    const pushed = await t.push(started.shop1, 'shop-1', [
      invoiceRecord(1, 'inv-live'),
      invoiceRecord(2, 'inv-demo', 1, { kyHieu: 'C26MDT', demo: true }),
    ]);
    expect(pushed.status, pushed.body).toBe(200);
    const listed = async () =>
      Object.fromEntries(
        ((await t!.request('GET', '/hq/v1/invoices/cursor')).json.data.items as { id: string; demo: boolean }[]).map(
          (i) => [i.id, i.demo],
        ),
      );
    expect(await listed()).toEqual({ 'inv-live': false, 'inv-demo': true });
    // The demo invoice is listed, never counted in the revenue.
    const revenue = await t.request('GET', '/hq/v1/revenue?dateFrom=2026-03-15&dateTo=2026-03-15');
    expect(revenue.json.data.items.reduce((n: number, r: { invoices: number }) => n + r.invoices, 0)).toBe(1);
    // The accountant's file says which one has no legal value.
    const csv = (await t.request('GET', '/hq/v1/invoices/export?format=csv')).body.split('\r\n');
    expect(csv.find((line) => line.includes('C26MDT'))).toMatch(/,"Hóa đơn dùng thử, không có giá trị pháp lý"$/);
    expect(csv.find((line) => line.includes('C26MAA'))).toMatch(/,55000,$/);

    const hq = t;
    const exec = async (sql: string) => {
      if (backend === 'sqlite') hq.hq.sqlite.exec(sql);
      else await hq.db.all(sql);
    };
    // As before the migration (every row at the column's default), then the migration's back-fill from its file.
    await exec(`UPDATE invoices SET demo = ${backend === 'sqlite' ? 0 : 'false'}`);
    expect(await listed()).toEqual({ 'inv-live': false, 'inv-demo': false });
    const file = readFileSync(
      backend === 'sqlite'
        ? 'migrations/hq/0007_invoice_demo_applied_cursor.sql'
        : 'migrations/hq-pg/0007_invoice_demo_applied_cursor.sql',
      'utf8',
    );
    await exec(file.split('--> statement-breakpoint').at(-1)!);
    expect(await listed()).toEqual({ 'inv-live': false, 'inv-demo': true });
  });

  it('says per store whether the latest settings and catalogue reached it, from its pulls and its reports', async () => {
    const started = await startHqWithTwoStores(backend);
    t = started.t;
    const applied = async (storeId?: string) =>
      (await t!.request('GET', `/hq/v1/feed-applied${storeId ? `?storeId=${storeId}` : ''}`)).json.data.items;
    // Nothing sent yet: nothing to apply.
    expect(await applied()).toEqual([
      expect.objectContaining({
        storeId: 'shop-1',
        settingsCursor: null,
        settingsApplied: true,
        catalogueApplied: true,
      }),
      expect.objectContaining({
        storeId: 'shop-2',
        settingsCursor: null,
        settingsApplied: true,
        catalogueApplied: true,
      }),
    ]);

    const automation = {
      autoIssueOnPaid: true,
      channels: ['POS'],
      delayMinutes: 5,
      notifyOnIssue: false,
      notifyOnError: true,
    };
    const refused = await t.request('PUT', '/hq/v1/stores/shop-1/settings', {
      body: { automation: { ...automation, delayMinutes: 5000 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details).toEqual([
      expect.objectContaining({ path: 'body.automation.delayMinutes', message: 'Không được lớn hơn 1.440.' }),
    ]);
    expect((await t.request('GET', '/hq/v1/stores/shop-1/settings')).json.data.current).toEqual([]);

    const sent = await t.request('PUT', '/hq/v1/stores/shop-1/settings', { body: { automation } });
    expect(sent.status, sent.body).toBe(200);
    const products = await t.request('PUT', '/hq/v1/products', {
      body: [{ sku: 'CF-01', name: 'Cà phê sữa', unitPrice: 29_000, taxRate: 0.1 }],
    });
    expect(products.status).toBe(200);
    expect(await applied('shop-1')).toEqual([
      expect.objectContaining({ appliedCursor: 0, settingsApplied: false, catalogueApplied: false }),
    ]);
    expect(await applied('shop-2')).toEqual([
      expect.objectContaining({ settingsCursor: null, settingsApplied: true, catalogueApplied: false }),
    ]);

    // An older store: its next pull's cursor is what it applied.
    const first = await t.pull(started.shop2, 0);
    expect(await applied('shop-2')).toEqual([expect.objectContaining({ catalogueApplied: false })]);
    await t.pull(started.shop2, first.json.data.nextCursor);
    expect(await applied('shop-2')).toEqual([expect.objectContaining({ catalogueApplied: true })]);

    // A store that reports: its status report after the pull says it at once, never past what HQ served it.
    const pulled = await t.pull(started.shop1, 0);
    const nextCursor = pulled.json.data.nextCursor as number;
    const report = (feedCursor: number) =>
      t!.request('POST', '/sync/v1/status', {
        token: started.shop1,
        body: { facts, taxProblems: [], feedCursor },
      });
    expect((await report(nextCursor + 100)).status).toBe(200);
    expect(await applied('shop-1')).toEqual([
      expect.objectContaining({ appliedCursor: nextCursor, settingsApplied: true, catalogueApplied: true }),
    ]);
    // A report without the field (a store before it) leaves what HQ knows.
    expect(
      (await t.request('POST', '/sync/v1/status', { token: started.shop1, body: { facts, taxProblems: [] } })).status,
    ).toBe(200);
    expect(await applied('shop-1')).toEqual([expect.objectContaining({ appliedCursor: nextCursor })]);

    expect((await t.request('GET', '/hq/v1/feed-applied?storeId=nowhere')).status).toBe(404);
  });
});
