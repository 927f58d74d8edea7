/**
 * The invoice list's searches on both databases: number, series (with or without the form number), buyer's tax
 * code and the total's bounds, on the page-numbered list (its total counted with the filter, not from the
 * per-store counters), the cursor and the export; bad values are a 400 in Vietnamese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HQ_BACKENDS, invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

const sale = (seq: number, id: string, extra: Record<string, unknown>) =>
  invoiceRecord(seq, id, 1, { issueDate: `2026-03-1${seq}`, createdAt: `2026-03-1${seq}T02:00:00.000Z`, ...extra });
const totals = (total: number) => ({ totals: { subtotal: total, taxAmount: 0, total } });
const ids = (items: { storeId: string; id: string }[]) => items.map((i) => `${i.storeId}/${i.id}`);

describe.each(HQ_BACKENDS)('invoice search on %s', (backend) => {
  let t: TestHq;
  beforeAll(async () => {
    const started = await startHqWithTwoStores(backend);
    t = started.t;
    await t.push(started.shop1, 'shop-1', [
      sale(1, 'a', { ...totals(50_000), buyer: { name: 'Công ty Bến Thành', mst: '0312345678' } }),
      sale(2, 'b', { ...totals(220_000), kyHieu: 'C26MBB' }),
      sale(3, 'c', { ...totals(1_500_000), buyer: { name: 'Chi nhánh Bến Thành', mst: '0312345678-001' } }),
    ]);
    await t.push(started.shop2, 'shop-2', [
      sale(1, 'a', { ...totals(90_000), buyer: { name: 'Công ty Bến Thành', mst: '0312345678' } }),
    ]);
  });
  afterAll(async () => t.close());

  const cursor = async (query: string) => {
    const answer = await t.request('GET', `/hq/v1/invoices/cursor?${query}`);
    expect(answer.status, answer.body).toBe(200);
    return ids(answer.json.data.items);
  };

  it('finds by number, series, buyer tax code and total, alone and together', async () => {
    expect(await cursor('number=2')).toEqual(['shop-1/b']);
    expect(await cursor('symbol=1C26MBB')).toEqual(['shop-1/b']);
    expect(await cursor('symbol=c26maa')).toEqual(['shop-1/c', 'shop-2/a', 'shop-1/a']);
    expect(await cursor('symbol=2C26MAA')).toEqual([]);
    expect(await cursor('buyerMst=0312345678')).toEqual(['shop-2/a', 'shop-1/a']);
    expect(await cursor('buyerMst=0312345678-001')).toEqual(['shop-1/c']);
    expect(await cursor('totalMin=90000&totalMax=220000')).toEqual(['shop-1/b', 'shop-2/a']);
    expect(await cursor('totalMin=1000000')).toEqual(['shop-1/c']);
    expect(await cursor('buyerMst=0312345678&totalMax=60000&storeId=shop-1')).toEqual(['shop-1/a']);
  });

  it('counts the filtered total on the numbered list, and exports the same rows', async () => {
    const page = await t.request('GET', '/hq/v1/invoices?storeId=shop-1&totalMin=100000');
    expect(page.json.data).toMatchObject({ total: 2 });
    expect(ids(page.json.data.items)).toEqual(['shop-1/c', 'shop-1/b']);
    const csv = await t.request('GET', '/hq/v1/invoices/export?format=csv&buyerMst=0312345678');
    expect(csv.status).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('refuses a bad number, series, tax code or inverted bounds with a 400 in Vietnamese', async () => {
    for (const query of ['number=abc', 'symbol=XYZ', 'buyerMst=12345', 'totalMin=10&totalMax=5', 'totalMin=-1']) {
      const answer = await t.request('GET', `/hq/v1/invoices/cursor?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.error.code, query).toBe('VALIDATION_ERROR');
    }
    const symbol = await t.request('GET', '/hq/v1/invoices/cursor?symbol=XYZ');
    expect(symbol.json.error.message).toContain('Ký hiệu có dạng 1C26MAA');
  });
});
