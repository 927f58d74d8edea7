/** PUT /products/:sku over HTTP: an admin creates and updates a product; sales do not overwrite it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  await reducedRateOnEveryDate(node);
});
afterAll(() => node.close());

const find = async (sku: string) =>
  (await node.request('GET', `/products?search=${sku}`)).json.data.items.find((p: { sku: string }) => p.sku === sku);

describe('PUT /products/:sku', () => {
  it('creates a product, updates it, and keeps it when a sale names the SKU at another price', async () => {
    const created = await node.request('PUT', '/products/TRA-DAO', {
      body: { name: 'Trà đào cam sả', unit: 'ly', unitPrice: 35_000, taxRate: 0.08 },
    });
    expect(created.status, created.body).toBe(200);
    expect(await find('TRA-DAO')).toEqual({
      sku: 'TRA-DAO',
      name: 'Trà đào cam sả',
      unit: 'ly',
      unitPrice: 35_000,
      taxRate: 0.08,
      vatReductionEligible: true,
      taxCategory: 'goods',
      favourite: false,
      active: true,
      sold: false,
    });
    await node.request('PUT', '/products/TRA-DAO', {
      body: { name: 'Trà đào cam sả', unit: 'ly', unitPrice: 39_000, taxRate: 0.08 },
    });
    const sale = await node.request('POST', '/invoices', {
      body: invoiceBody({
        items: [{ name: 'Trà đào', unit: 'cái', sku: 'TRA-DAO', quantity: 1, unitPrice: 30_000, taxRate: 0.08 }],
      }),
    });
    expect(sale.status, sale.body).toBe(201);
    expect((await find('TRA-DAO')).unitPrice).toBe(39_000);
  });

  it('refuses a tax rate the store does not use, an empty name and a negative price, by field', async () => {
    const rate = await node.request('PUT', '/products/X1', { body: { name: 'X', unitPrice: 1, taxRate: 0.07 } });
    expect(rate.status).toBe(400);
    expect(rate.json.error.details[0].path).toBe('body.taxRate');
    const name = await node.request('PUT', '/products/X1', { body: { name: ' ', unitPrice: 1, taxRate: 0.1 } });
    expect(name.json.error.details[0].path).toBe('body.name');
    const price = await node.request('PUT', '/products/X1', { body: { name: 'X', unitPrice: -1, taxRate: 0.1 } });
    expect(price.json.error.details[0].path).toBe('body.unitPrice');
  });

  it('is for admins only', async () => {
    const cashier = await node.tokenFor('cashier');
    const r = await node.request('PUT', '/products/X2', {
      body: { name: 'X', unitPrice: 1, taxRate: 0.1 },
      token: cashier,
    });
    expect(r.status).toBe(403);
  });
});
