/**
 * Random baskets as shops sell them (discounts, promotions, trade discounts, every tax category, weighed
 * goods, notes) agree to the đồng wherever the invoice goes: the JSON answer's totals and groups, the signed
 * XML's TToan (parsed), the A4 PDF's figures (pdftotext), and the month's sales ledger. Half of the baskets
 * are sent at shelf prices (`pricesIncludeVat`): their invoice then totals exactly the shelf prices.
 */
import { spawnSync } from 'node:child_process';
import { DOMParser, type Element } from '@xmldom/xmldom';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundProduct } from '../../src/domain/money.js';
import { taxGroupLabel } from '../../src/domain/tax-breakdown.js';
import { monthPeriod } from '../../src/exports/period.js';
import { sectionOfGroup } from '../../src/exports/sales-ledger.js';
import { formatMoney } from '../../src/pdf/printable.js';
import { basketLine, isSale } from '../exports/scenario.js';
import { testClock } from '../support/clock.js';
import { goLive } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
const clock = testClock('2026-05-10T03:00:00.000Z');

beforeAll(async () => {
  node = await startTestNode({ clock });
  await goLive(node);
});
afterAll(() => node.close());

const basket = fc
  .array(basketLine(fc.integer({ min: 0, max: 2_000_000 })), { minLength: 1, maxLength: 6 })
  .filter(isSale);

interface SentLine {
  kind?: string;
  quantity?: number;
  unitPrice?: number;
  discountRate?: number;
  discountAmount?: number;
}

/** What the shelf asks for a basket: Σ round(quantity × price) − discount, trade discounts taken off. */
function shelfTotal(items: readonly SentLine[]): number {
  let sum = 0;
  for (const line of items) {
    if (line.kind === 'note' || line.kind === 'promotion') continue;
    const gross = roundProduct(line.quantity ?? 0, line.unitPrice ?? 0);
    const discount =
      line.discountAmount ?? (line.discountRate === undefined ? 0 : roundProduct(gross, line.discountRate));
    sum += line.kind === 'tradeDiscount' ? -gross : gross - discount;
  }
  return sum;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Group {
  taxGroup: string;
  amount: number;
  tax: number;
  total: number;
}

function xmlTotals(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const toan = doc.getElementsByTagName('TToan')[0]!;
  const text = (parent: Element, name: string) => parent.getElementsByTagName(name)[0]?.textContent ?? '';
  return {
    subtotal: Number(text(toan, 'TgTCThue')),
    taxAmount: Number(text(toan, 'TgTThue')),
    total: Number(text(toan, 'TgTTTBSo')),
    byRate: Array.from(toan.getElementsByTagName('LTSuat'), (g) => ({
      taxGroup: text(g, 'TSuat'),
      amount: Number(text(g, 'ThTien')),
      tax: Number(text(g, 'TThue')),
    })),
  };
}

async function pdfText(id: string): Promise<string> {
  const response = await node.app.inject({
    method: 'GET',
    url: `/api/v1/invoices/${id}/pdf`,
    headers: { authorization: `Bearer ${node.token}` },
  });
  expect(response.statusCode).toBe(200);
  const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload });
  return text.stdout.toString().replace(/[ \t]+/g, ' ');
}

describe('a basket agrees with itself everywhere', () => {
  it('JSON totals = XML TToan = PDF figures = the ledger, to the đồng', async () => {
    const sums = new Map<string, { amount: number; tax: number }>();
    await fc.assert(
      fc.asyncProperty(basket, fc.boolean(), async (items, pricesIncludeVat) => {
        const r = await node.request('POST', '/invoices', { body: invoiceBody({ items, pricesIncludeVat }) });
        expect(r.status, r.body).toBe(201);
        const { id, totals } = r.json.data as {
          id: string;
          totals: { subtotal: number; taxAmount: number; total: number; byRate: Group[] };
        };
        expect(totals.byRate.reduce((s, g) => s + g.amount, 0)).toBe(totals.subtotal);
        expect(totals.byRate.reduce((s, g) => s + g.tax, 0)).toBe(totals.taxAmount);
        if (pricesIncludeVat) expect(totals.total).toBe(shelfTotal(items));

        const xml = xmlTotals((await node.request('GET', `/invoices/${id}/xml`)).body);
        expect(xml).toEqual({
          subtotal: totals.subtotal,
          taxAmount: totals.taxAmount,
          total: totals.total,
          byRate: totals.byRate.map((g) => ({ taxGroup: g.taxGroup, amount: g.amount, tax: g.tax })),
        });

        const pdf = await pdfText(id);
        expect(pdf).toMatch(new RegExp(`Cộng tiền hàng: ${literal(formatMoney(totals.subtotal))}\\n`));
        expect(pdf).toMatch(new RegExp(`Tiền thuế GTGT: ${literal(formatMoney(totals.taxAmount))}\\n`));
        expect(pdf).toMatch(new RegExp(`Tổng tiền thanh toán: ${literal(formatMoney(totals.total))}\\n`));
        for (const g of totals.byRate) {
          const row = [taxGroupLabel(g.taxGroup), g.amount, g.tax, g.total].map((v) =>
            literal(typeof v === 'number' ? formatMoney(v) : v),
          );
          expect(pdf).toMatch(new RegExp(`\\n ?${row.join(' ')}\\n`));
        }

        for (const g of totals.byRate) {
          const key = sectionOfGroup(g.taxGroup);
          const sum = sums.get(key) ?? { amount: 0, tax: 0 };
          sums.set(key, { amount: sum.amount + g.amount, tax: sum.tax + g.tax });
        }
      }),
      { numRuns: 16 },
    );
    const { sections } = await node.node.services.exports.vatFigures(monthPeriod('2026-05'));
    for (const section of sections) {
      const sum = sums.get(section.key) ?? { amount: 0, tax: 0 };
      expect([section.key, section.amount, section.taxAmount]).toEqual([section.key, sum.amount, sum.tax]);
    }
    expect(sums.size).toBeGreaterThan(2);
  }, 300_000);
});
