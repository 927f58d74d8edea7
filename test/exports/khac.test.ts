/**
 * Sales at other rates (KHAC) on the 01/GTGT figures (docs/exports.md, "KHAC"): counted in [27] and [34] and
 * in the line pair the declaration setting names; a KHAC rate of at most two decimals of a percent; both
 * `KHAC:5.26` and `KHAC:5.26%` read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateOfGroup, taxGroupLabel } from '../../src/domain/tax-breakdown.js';
import type { SectionTotal } from '../../src/exports/sales-ledger.js';
import { vatFigures } from '../../src/exports/vat-figures.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const sections: SectionTotal[] = [
  { key: '5', rows: 1, amount: 100_000, taxAmount: 5_000 },
  { key: '10', rows: 1, amount: 200_000, taxAmount: 20_000 },
  { key: 'KHAC', rows: 1, amount: 50_000, taxAmount: 2_630 },
];
const value = (figures: ReturnType<typeof vatFigures>, code: string) =>
  figures.indicators.find((i) => i.code === code)?.value;

describe('KHAC on the return', () => {
  it('goes to [27], [34] and [32]/[33] by default, or [30]/[31] when the setting says so, and names the choice', () => {
    const at32 = vatFigures(sections);
    expect([value(at32, '[27]'), value(at32, '[34]'), value(at32, '[32]'), value(at32, '[33]')]).toEqual([
      350_000, 350_000, 250_000, 22_630,
    ]);
    expect([value(at32, '[30]'), value(at32, '[31]'), value(at32, '[28]')]).toEqual([100_000, 5_000, 27_630]);
    expect(at32.otherRates).toEqual({ revenue: 50_000, taxAmount: 2_630, declaredAt: '[32]/[33]' });
    const at30 = vatFigures(sections, '30/31');
    expect([value(at30, '[27]'), value(at30, '[30]'), value(at30, '[31]'), value(at30, '[32]')]).toEqual([
      350_000, 150_000, 7_630, 200_000,
    ]);
    expect(at30.otherRates.declaredAt).toBe('[30]/[31]');
  });

  it('reads KHAC:5.26 and KHAC:5.26% alike', () => {
    expect(rateOfGroup('KHAC:5.26')).toBe(0.0526);
    expect(rateOfGroup('KHAC:5.26%')).toBe(0.0526);
    expect(taxGroupLabel('KHAC:5.26')).toBe('5,26%');
    expect(taxGroupLabel('KHAC:5.26%')).toBe('5,26%');
  });
});

describe('a KHAC line', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  const khac = (taxRate: number) =>
    invoiceBody({
      items: [{ name: 'Dịch vụ', quantity: 1, unitPrice: 100_000, taxCategory: 'KHAC', taxRate }],
    });

  it('has at most two decimals of a percent, and the setting is named in the VAT figures', async () => {
    const refused = await node.request('POST', '/invoices', { body: khac(0.05263) });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details[0]).toMatchObject({ path: 'body.items.0.taxRate' });
    const issued = await node.request('POST', '/invoices', { body: khac(0.0526) });
    expect(issued.status, issued.body).toBe(201);
    expect(issued.json.data.items[0].taxGroup).toBe('KHAC:5.26');

    const set = await node.request('PUT', '/settings/declaration', { body: { khacLines: '30/31' } });
    expect(set.status, set.body).toBe(200);
    const month = issued.json.data.issueDate.slice(0, 7);
    const figures = await node.request('GET', `/exports/vat-figures?month=${month}`);
    expect(figures.status, figures.body).toBe(200);
    expect(figures.json.data.vat.otherRates).toMatchObject({
      revenue: 100_000,
      taxAmount: 5_260,
      declaredAt: '[30]/[31]',
    });
  });
});
