import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

/** What a product learnt from sales carries besides what it was sold as. */
const LEARNT = { favourite: false, active: true, sold: true };

describe('GET /products', () => {
  let node: TestNode;
  // Moved by hand: a change of the product is told by its updated_at, never by how long the machine took.
  const clock = testClock(new Date());
  beforeAll(async () => {
    node = await startTestNode({ clock });
    await reducedRateOnEveryDate(node);
    const item = (sku: string | undefined, name: string, unitPrice: number, taxRate = 0.1, unit = 'ly') => ({
      sku,
      name,
      unit,
      quantity: 1,
      unitPrice,
      taxRate,
    });
    await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [item('CF-1', 'Cà phê sữa đá', 25_000, 0.1, 'ly'), item('TR-2', 'Trà đào', 30_000, 0.08)],
      }),
    });
    await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [item('CF-1', 'Cà phê sữa đá (lớn)', 29_000), item(undefined, 'Phí giao hàng', 15_000)],
      }),
    });
  });
  afterAll(() => node.close());

  it('learns SKUs from invoice lines, keeping the last name and price', async () => {
    const data = (await node.request('GET', '/products')).json.data;
    expect(data).toMatchObject({ total: 2, page: 1, pageSize: 20, totalPages: 1 });
    expect(data.items).toEqual([
      {
        sku: 'CF-1',
        name: 'Cà phê sữa đá (lớn)',
        unit: 'ly',
        unitPrice: 29_000,
        taxRate: 0.1,
        vatReductionEligible: true,
        ...LEARNT,
      },
      {
        sku: 'TR-2',
        name: 'Trà đào',
        unit: 'ly',
        unitPrice: 30_000,
        taxRate: 0.08,
        vatReductionEligible: true,
        ...LEARNT,
      },
    ]);
  });

  it('writes nothing for a sale at the known name, unit and price, and records a change when they differ', async () => {
    const { sqlite } = node.node.database;
    const updatedAt = () => sqlite.prepare("SELECT updated_at FROM products WHERE sku = 'CF-1'").pluck().get();
    const before = updatedAt();
    const sell = (name: string, unitPrice: number) =>
      node.request('POST', '/invoices', {
        body: invoiceBody({ items: [{ sku: 'CF-1', name, unit: 'ly', quantity: 1, unitPrice, taxRate: 0.1 }] }),
      });
    clock.advance(1_000);
    expect((await sell('Cà phê sữa đá (lớn)', 29_000)).status).toBe(201);
    expect(updatedAt()).toBe(before);
    expect((await sell('Cà phê sữa đá (lớn)', 31_000)).status).toBe(201);
    expect(updatedAt()).not.toBe(before);
    expect((await node.request('GET', '/products?search=CF-1')).json.data.items[0]).toMatchObject({
      unit: 'ly',
      unitPrice: 31_000,
    });
    expect((await sell('Cà phê sữa đá (lớn)', 29_000)).status).toBe(201);
  });

  it('searches names without accents and SKUs by prefix', async () => {
    const search = async (q: string) =>
      (await node.request('GET', `/products?search=${encodeURIComponent(q)}`)).json.data.items.map(
        (p: { sku: string }) => p.sku,
      );
    expect(await search('ca phe')).toEqual(['CF-1']);
    expect(await search('ĐÀO')).toEqual(['TR-2']);
    expect(await search('TR-')).toEqual(['TR-2']);
    expect(await search('%')).toEqual([]);
  });

  it('never lets an invoice overwrite what headquarters set', async () => {
    node.node.services.products.upsertFromHeadquarters({
      sku: 'TR-2',
      name: 'Trà đào cam sả',
      unit: 'ly',
      unitPrice: 35_000,
      taxRate: 0.08,
    });
    await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [{ sku: 'TR-2', name: 'trà', unit: 'ly', quantity: 1, unitPrice: 1_000, taxRate: 0.08 }],
      }),
    });
    const items = (await node.request('GET', '/products?search=TR-2')).json.data.items;
    expect(items).toEqual([
      {
        sku: 'TR-2',
        name: 'Trà đào cam sả',
        unit: 'ly',
        unitPrice: 35_000,
        taxRate: 0.08,
        vatReductionEligible: true,
        ...LEARNT,
      },
    ]);
  });

  it('refuses bad paging with 400', async () => {
    expect((await node.request('GET', '/products?pageSize=0')).status).toBe(400);
    expect((await node.request('GET', '/products?page=x')).status).toBe(400);
  });
});
