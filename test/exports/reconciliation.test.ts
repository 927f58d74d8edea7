/**
 * The ledger reconciles to the đồng with everything else hoadon reports: for random months of sales,
 * replacements and adjustments of baskets with discounts, promotions, trade discounts, every category and
 * weighed goods, its totals equal the monthly report, the sum of the daily aggregates, and the sums over the
 * invoices' XML (per rate and category, before tax and tax).
 */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../src/domain/calendar.js';
import type { ExportsService } from '../../src/exports/exports.service.js';
import { monthPeriod } from '../../src/exports/period.js';
import { sectionOfGroup } from '../../src/exports/sales-ledger.js';
import { buildInvoiceXml } from '../../src/xml/invoice-xml.js';
import { testClock } from '../support/clock.js';
import { goLive } from '../support/live-seller.js';
import { startTestNode, type TestNode } from '../support/test-node.js';
import { freshToken, issueMonth, month, TOKEN_TTL_SECONDS } from './scenario.js';

/** Per-section sums of the THTTLTSuat of each counted invoice's XML, and of its TgTCThue and TgTThue. */
function xmlSums(xmls: readonly string[]) {
  const sections = new Map<string, { amount: number; taxAmount: number }>();
  let subtotal = 0;
  let tax = 0;
  for (const xml of xmls) {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const text = (parent: Element | Document, name: string) => parent.getElementsByTagName(name)[0]?.textContent ?? '';
    for (const group of Array.from(doc.getElementsByTagName('LTSuat'))) {
      const key = sectionOfGroup(text(group, 'TSuat'));
      const sum = sections.get(key) ?? { amount: 0, taxAmount: 0 };
      sum.amount += Number(text(group, 'ThTien'));
      sum.taxAmount += Number(text(group, 'TThue'));
      sections.set(key, sum);
    }
    subtotal += Number(text(doc, 'TgTCThue'));
    tax += Number(text(doc, 'TgTThue'));
  }
  return { sections, subtotal, tax };
}

describe('sales ledger reconciliation', () => {
  const clock = testClock('2026-01-01T02:00:00.000Z');
  let node: TestNode;
  let exports: ExportsService;
  let nextMonth = '2026-01';

  beforeAll(async () => {
    node = await startTestNode({ clock, config: { tokenTtlSeconds: TOKEN_TTL_SECONDS } });
    await goLive(node);
    // The property walks month after month, past the reduction window in force: 8 % stays allowed here.
    const windows = [{ from: '2026-01-01', to: '2099-12-31', reducedRate: 0.08, basis: 'Đợt giảm thuế của phép thử' }];
    const set = await node.request('PUT', '/settings/vat-reduction', { body: { windows } });
    if (set.status !== 200) throw new Error(set.body);
    exports = node.node.services.exports;
  });
  afterAll(() => node.close());

  it('equals the monthly report, the daily aggregates and the invoices’ XML, to the đồng', async () => {
    await fc.assert(
      fc.asyncProperty(month, async (operations) => {
        const yyyyMm = nextMonth;
        nextMonth = addMonths(nextMonth, 1);
        const ids = await issueMonth(node, clock, yyyyMm, operations);
        const period = monthPeriod(yyyyMm);
        const { sections, footer } = await exports.vatFigures(period);

        await freshToken(node, clock.now());
        const report = await node.request('GET', `/reports/monthly?month=${yyyyMm}&pageSize=1`);
        expect(report.status, report.body).toBe(200);
        expect(footer.revenue + footer.taxAmount).toBe(report.json.data.summary.totalAmount);
        expect(footer.taxAmount).toBe(report.json.data.summary.taxAmount);

        let aggregated = 0;
        for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
          aggregated += node.node.services.reports.aggregate(day).totalAmount;
        }
        expect(footer.revenue + footer.taxAmount).toBe(aggregated);

        const { invoices } = node.node.services;
        const counted = ids
          .map((id) => invoices.get(id))
          .filter((i) => i.status === 'issued' || i.status === 'adjusted');
        const related = (id: string | undefined) => {
          if (!id) return undefined;
          const { mauSo, kyHieu, number, issueDate } = invoices.find(id);
          return { mauSo, kyHieu, number, issueDate };
        };
        const xml = xmlSums(counted.map((i) => buildInvoiceXml(i, related(i.replaces ?? i.adjusts))));
        expect(footer.revenue).toBe(xml.subtotal);
        expect(footer.taxAmount).toBe(xml.tax);
        for (const section of sections) {
          const fromXml = xml.sections.get(section.key) ?? { amount: 0, taxAmount: 0 };
          expect([section.key, section.amount, section.taxAmount]).toEqual([
            section.key,
            fromXml.amount,
            fromXml.taxAmount,
          ]);
        }
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
