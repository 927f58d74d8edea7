/**
 * The chain-wide reads of the admin API on both databases: revenue per store, day (or month) and tax rate from
 * the rollups kept by pushes, whole or paged by cursor, and the invoice list paged by cursor; on PostgreSQL, each read's plan at a volume
 * made with generate_series is an index range, never a sequential scan or a sort.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hqInvoiceCursorPage, revenueAnswer, storeSummary } from '../../sync/hq/hq.schemas.js';
import { HQ_BACKENDS, invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

/**
 * These answers are written as JSON text, not through the response schema: the text must still be exactly what
 * the schema documents (parsing strips unknown keys, so equality also means none was added).
 */
const heldToSchema = (schema: z.ZodType, data: unknown) => expect(schema.parse(data)).toEqual(data);

const line = (taxRate: number, total: number) => ({ taxRate, total, taxAmount: Math.round(total * taxRate) });
const sale = (seq: number, id: string, issueDate: string, items: object[], extra = {}) =>
  invoiceRecord(seq, id, 1, { issueDate, items, ...extra });

describe.each(HQ_BACKENDS)('admin reads on %s', (backend) => {
  let t: TestHq;
  let shop1: string;
  let shop2: string;
  beforeEach(async () => ({ t, shop1, shop2 } = await startHqWithTwoStores(backend)));
  afterEach(async () => t.close());

  const revenue = async (query: string) => (await t.request('GET', `/hq/v1/revenue?${query}`)).json.data.items;

  it('sums revenue per store, day and tax rate, moving an invoice replaced by a newer version out of it', async () => {
    await t.push(shop1, 'shop-1', [
      sale(1, 'a', '2026-03-14', [line(0.1, 100_000), line(0.08, 50_000), line(0.1, 20_000)]),
      sale(2, 'b', '2026-03-15', [line(0.1, 10_000)]),
      sale(3, 'c', '2026-03-15', [line(0.1, 4_000)], { status: 'adjusted', adjustmentType: 'decrease' }),
      sale(4, 'd', '2026-03-15', [line(0.1, 999)], { status: 'error' }),
    ]);
    await t.push(shop2, 'shop-2', [sale(1, 'a', '2026-03-15', [line(0.05, 7_000)])]);
    // Newer versions of b and e: replaced, no longer revenue (e's day then has none at all).
    await t.push(shop1, 'shop-1', [
      invoiceRecord(5, 'b', 2, { issueDate: '2026-03-15', status: 'replaced', items: [line(0.1, 10_000)] }),
      sale(6, 'e', '2026-03-16', [line(0.1, 3_000)]),
    ]);
    await t.push(shop1, 'shop-1', [
      invoiceRecord(7, 'e', 2, { issueDate: '2026-03-16', status: 'replaced', items: [line(0.1, 3_000)] }),
    ]);

    expect(await revenue('dateFrom=2026-03-01&dateTo=2026-03-31')).toEqual([
      {
        storeId: 'shop-1',
        date: '2026-03-14',
        taxRate: 0.08,
        taxGroup: '8%',
        invoices: 1,
        amount: 50_000,
        taxAmount: 4_000,
      },
      {
        storeId: 'shop-1',
        date: '2026-03-14',
        taxRate: 0.1,
        taxGroup: '10%',
        invoices: 1,
        amount: 120_000,
        taxAmount: 12_000,
      },
      {
        storeId: 'shop-1',
        date: '2026-03-15',
        taxRate: 0.1,
        taxGroup: '10%',
        invoices: 1,
        amount: -4_000,
        taxAmount: -400,
      },
      {
        storeId: 'shop-2',
        date: '2026-03-15',
        taxRate: 0.05,
        taxGroup: '5%',
        invoices: 1,
        amount: 7_000,
        taxAmount: 350,
      },
    ]);
    expect(await revenue('dateFrom=2026-03-15&dateTo=2026-03-15&storeId=shop-2')).toHaveLength(1);
    const bad = await t.request('GET', '/hq/v1/revenue?dateFrom=2026-03-15&dateTo=2027-06-01');
    expect(bad.status).toBe(400);
    expect((await t.request('GET', '/hq/v1/revenue')).status).toBe(400);
  });

  it('keeps KCT and KKKNT apart from 0 %, leaves promotions and notes out, and takes a store’s signed decrease as it is', async () => {
    const goods = (taxGroup: string, total: number, kind = 'goods') => ({
      taxRate: 0,
      taxGroup,
      kind,
      total,
      taxAmount: 0,
    });
    await t.push(shop1, 'shop-1', [
      sale(1, 'a', '2026-04-01', [
        goods('KCT', 50_000),
        goods('KKKNT', 20_000),
        goods('0%', 10_000),
        goods('10%', 0, 'promotion'),
        { ...line(0.1, -10_000), taxGroup: '10%', kind: 'tradeDiscount' },
        { ...line(0.1, 180_000), taxGroup: '10%', kind: 'goods' },
      ]),
      // As a store sends a decrease: its amounts already negative.
      sale(2, 'b', '2026-04-01', [{ ...line(0.1, -5_000), taxGroup: '10%', kind: 'goods' }], {
        status: 'adjusted',
        adjustmentType: 'decrease',
        totals: { subtotal: -5_000, taxAmount: -500, total: -5_500 },
      }),
    ]);
    const rows = await revenue('dateFrom=2026-04-01&dateTo=2026-04-01');
    expect(
      rows.map((r: Record<string, unknown>) => [r.taxGroup, r.taxRate, r.invoices, r.amount, r.taxAmount]),
    ).toEqual([
      ['KKKNT', 0, 1, 20_000, 0],
      ['KCT', 0, 1, 50_000, 0],
      ['0%', 0, 1, 10_000, 0],
      ['10%', 0.1, 2, 165_000, 16_500],
    ]);
  });

  it('keeps a store’s demo invoices out of the chain’s revenue', async () => {
    await t.push(shop1, 'shop-1', [
      sale(1, 'a', '2026-05-01', [line(0.1, 100_000)], { demo: true, kyHieu: 'C26MDT' }),
      sale(2, 'b', '2026-05-01', [line(0.1, 30_000)], { demo: false }),
    ]);
    const rows = await revenue('dateFrom=2026-05-01&dateTo=2026-05-01');
    expect(rows.map((r: Record<string, unknown>) => [r.invoices, r.amount])).toEqual([[1, 30_000]]);
  });

  it('pages invoices across stores by cursor in the list order, with the same filters', async () => {
    const dates = ['2026-03-10', '2026-03-12', '2026-03-12', '2026-03-11', '2026-03-13', '2026-03-12', '2026-03-09'];
    await t.push(
      shop1,
      'shop-1',
      dates.slice(0, 4).map((d, i) => sale(i + 1, `s1-${i}`, d, [line(0.1, 1_000)])),
    );
    await t.push(
      shop2,
      'shop-2',
      dates.slice(4).map((d, i) => sale(i + 1, `s2-${i}`, d, [line(0.1, 1_000)])),
    );
    const everything = (await t.request('GET', '/hq/v1/invoices?pageSize=100')).json.data.items;

    for (const [filter, expected] of [
      ['', everything],
      ['&storeId=shop-2', everything.filter((i: { storeId: string }) => i.storeId === 'shop-2')],
      [
        '&dateFrom=2026-03-11&dateTo=2026-03-12',
        everything.filter((i: { issueDate: string }) => i.issueDate >= '2026-03-11' && i.issueDate <= '2026-03-12'),
      ],
    ] as const) {
      const seen = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; json: { data: { items: unknown[]; nextCursor: string | null } } } =
          await t.request('GET', `/hq/v1/invoices/cursor?limit=2${filter}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        heldToSchema(hqInvoiceCursorPage, page.json.data);
        seen.push(...page.json.data.items);
        cursor = page.json.data.nextCursor;
      } while (cursor);
      expect(seen, filter).toEqual(expected);
    }
    for (const cursor of ['nonsense', Buffer.from('[1,2]').toString('base64url')]) {
      const r = await t.request('GET', `/hq/v1/invoices/cursor?cursor=${cursor}`);
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it("shows every store's lag and backlog in the store list", async () => {
    await t.push(shop1, 'shop-1', [sale(1, 'a', '2026-03-15', [line(0.1, 1_000)])]);
    t.clock.advance(120_000);
    const stores = (await t.request('GET', '/hq/v1/stores')).json.data;
    heldToSchema(z.array(storeSummary), stores);
    expect(stores.map((s: { id: string; lagSeconds: number | null }) => [s.id, s.lagSeconds])).toEqual([
      ['shop-1', 120],
      ['shop-2', null],
    ]);
    // Whole seconds, counted down: 120.999 s is 120.
    t.clock.advance(999);
    expect((await t.request('GET', '/hq/v1/stores')).json.data[0].lagSeconds).toBe(120);
  });

  it('sums revenue per store, month and rate over whole months, moving an invoice whose newer version changed month', async () => {
    await t.push(shop1, 'shop-1', [
      sale(1, 'a', '2026-03-14', [line(0.1, 100_000), line(0.08, 50_000)]),
      sale(2, 'b', '2026-03-31', [line(0.1, 10_000)]),
      sale(3, 'c', '2026-04-01', [line(0.1, 5_000)]),
      sale(4, 'd', '2026-04-30', [line(0.1, 2_000)], { status: 'adjusted', adjustmentType: 'decrease' }),
    ]);
    await t.push(shop2, 'shop-2', [sale(1, 'a', '2026-03-15', [line(0.05, 7_000)])]);
    await t.push(shop1, 'shop-1', [invoiceRecord(5, 'b', 2, { issueDate: '2026-04-02', items: [line(0.1, 10_000)] })]);

    const months = await revenue('dateFrom=2026-03-01&dateTo=2026-04-30&per=month');
    expect(months).toEqual([
      {
        storeId: 'shop-1',
        date: '2026-03',
        taxRate: 0.08,
        taxGroup: '8%',
        invoices: 1,
        amount: 50_000,
        taxAmount: 4_000,
      },
      {
        storeId: 'shop-1',
        date: '2026-03',
        taxRate: 0.1,
        taxGroup: '10%',
        invoices: 1,
        amount: 100_000,
        taxAmount: 10_000,
      },
      {
        storeId: 'shop-1',
        date: '2026-04',
        taxRate: 0.1,
        taxGroup: '10%',
        invoices: 3,
        amount: 13_000,
        taxAmount: 1_300,
      },
      { storeId: 'shop-2', date: '2026-03', taxRate: 0.05, taxGroup: '5%', invoices: 1, amount: 7_000, taxAmount: 350 },
    ]);
    // The same figures as the days summed per month.
    const days: { storeId: string; date: string; taxRate: number; invoices: number; amount: number }[] = await revenue(
      'dateFrom=2026-03-01&dateTo=2026-04-30',
    );
    for (const month of months) {
      const inMonth = days.filter(
        (d) => d.storeId === month.storeId && d.date.startsWith(month.date) && d.taxRate === month.taxRate,
      );
      expect(inMonth.reduce((sum, d) => sum + d.amount, 0)).toBe(month.amount);
      expect(inMonth.reduce((sum, d) => sum + d.invoices, 0)).toBe(month.invoices);
    }
    expect(await revenue('dateFrom=2026-04-01&dateTo=2026-04-30&per=month&storeId=shop-2')).toEqual([]);
    for (const range of ['dateFrom=2026-03-02&dateTo=2026-04-30', 'dateFrom=2026-03-01&dateTo=2026-04-29']) {
      const bad = await t.request('GET', `/hq/v1/revenue?${range}&per=month`);
      expect(bad.status).toBe(400);
      expect(bad.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('pages revenue by cursor in the answer’s order, per day and per month, for every store and for one', async () => {
    const days = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'];
    for (const [credential, storeId] of [
      [shop1, 'shop-1'],
      [shop2, 'shop-2'],
    ] as const) {
      await t.push(
        credential,
        storeId,
        days.map((day, i) => sale(i + 1, `i-${i}`, day, [line(0.1, 1_000 * (i + 1)), line(0.08, 500)])),
      );
    }
    for (const query of [
      'dateFrom=2026-01-01&dateTo=2026-02-28',
      'dateFrom=2026-01-31&dateTo=2026-02-01&storeId=shop-2',
      'dateFrom=2026-01-01&dateTo=2026-02-28&per=month',
    ]) {
      const whole = (await t.request('GET', `/hq/v1/revenue?${query}`)).json.data;
      heldToSchema(revenueAnswer, whole);
      expect(whole.nextCursor).toBeNull();
      expect(whole.items.length).toBeGreaterThan(3);
      const seen = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; json: { data: { items: unknown[]; nextCursor: string | null } } } =
          await t.request('GET', `/hq/v1/revenue?${query}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        heldToSchema(revenueAnswer, page.json.data);
        expect(page.json.data.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.json.data.items);
        cursor = page.json.data.nextCursor;
      } while (cursor);
      expect(seen, query).toEqual(whole.items);
    }
    for (const cursor of ['nonsense', Buffer.from('["shop-1","2026-01-30"]').toString('base64url')]) {
      const r = await t.request('GET', `/hq/v1/revenue?dateFrom=2026-01-01&dateTo=2026-01-31&limit=2&cursor=${cursor}`);
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('fills the monthly rollup from the daily one when migrating, to the figures pushes keep', async () => {
    await t.push(shop1, 'shop-1', [
      sale(1, 'a', '2026-05-30', [line(0.1, 100_000), line(0.08, 50_000)]),
      sale(2, 'b', '2026-06-01', [line(0.1, 10_000)]),
    ]);
    await t.push(shop2, 'shop-2', [sale(1, 'a', '2026-05-15', [line(0.05, 7_000)])]);
    // A newer version of b moved out of June: June's row stays, at zero, as a push leaves it.
    await t.push(shop1, 'shop-1', [invoiceRecord(3, 'b', 2, { issueDate: '2026-05-31', items: [line(0.1, 10_000)] })]);
    const rollup = () =>
      t.all(
        'SELECT store_id, month, status, tax_rate, invoices, amount, tax_amount FROM monthly_revenue ORDER BY 1, 2, 3, 4',
      );
    const pushed = await rollup();
    expect(pushed).toHaveLength(4);

    const file =
      backend === 'sqlite' ? 'migrations/hq/0003_monthly_revenue.sql' : 'migrations/hq-pg/0003_monthly_revenue.sql';
    const [fill] = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('INSERT INTO'));
    if (backend === 'sqlite') t.hq.sqlite.exec(`DELETE FROM monthly_revenue; ${fill}`);
    else for (const statement of ['DELETE FROM monthly_revenue', fill as string]) await t.all(statement);

    expect(await rollup()).toEqual(pushed);
  });
});
