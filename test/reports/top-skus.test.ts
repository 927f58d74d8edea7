/**
 * The monthly SKU rollup against the daily one, and top-SKU windows read through it against the same ranking
 * grouped straight from the daily rows. Invoices fall on the last and first instants of months (UTC+7) and
 * are corrected across the month boundary: replaced, adjusted down, rejected. Quantities include halves and
 * quarters, exact in binary, so that any order of addition gives the same figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { addDays } from '../../src/domain/calendar.js';
import type { CreateInvoiceInput } from '../../src/invoices/invoices.schemas.js';
import { createReportsRepository } from '../../src/reports/reports.repository.js';
import { TOP_SKUS } from '../../src/reports/window-figures.js';
import { rebuildRollups } from '../../src/rollups/rebuild.js';
import { testClock } from '../support/clock.js';
import { adminActor, seededRandom, startTestNode, type TestNode } from '../support/test-node.js';

const SKUS = Array.from({ length: 14 }, (_, i) => ({
  sku: `SP-${i}`,
  name: `Sản phẩm ${i}`,
  unitPrice: 2_000 * (i + 1),
  taxRate: 0.08,
}));
const QUANTITIES = [0.5, 1, 1.25, 2, 2.75, 3];
/** Sold once, on the last day with sales, then rejected: its rows stay, at zero. */
const ONCE = { sku: 'SP-ONCE', name: 'Bán một lần', unitPrice: 9_000, taxRate: 0.08 };
const FIRST_DAY = '2026-01-20';
const LAST_DAY = '2026-04-10';

describe('top SKUs through the monthly rollup', () => {
  const clock = testClock(`${FIRST_DAY}T03:00:00.000Z`);
  let node: TestNode;
  /** Monthly rows and daily rows summed by month, taken after each step of the data set. */
  const steps: { step: string; monthly: unknown[]; dailyByMonth: unknown[] }[] = [];

  const sqlite = () => node.node.database.sqlite;
  const monthlyAndDailyByMonth = () => ({
    monthly: sqlite().prepare('SELECT month, sku, quantity, revenue FROM monthly_sku_sales ORDER BY month, sku').all(),
    dailyByMonth: sqlite()
      .prepare(
        `SELECT substr(date, 1, 7) AS month, sku, sum(quantity) AS quantity, sum(revenue) AS revenue FROM daily_sku_sales
         GROUP BY substr(date, 1, 7), sku ORDER BY month, sku`,
      )
      .all(),
  });
  const topSkusFromDays = (from: string, to: string) =>
    sqlite()
      .prepare(
        `SELECT t.sku, p.name, t.quantity, t.revenue FROM (
           SELECT sku, sum(quantity) AS quantity, sum(revenue) AS revenue FROM daily_sku_sales
           WHERE date >= ? AND date <= ? GROUP BY sku ORDER BY quantity DESC, sku LIMIT 10
         ) t LEFT JOIN products p ON p.sku = t.sku ORDER BY t.quantity DESC, t.sku`,
      )
      .all(from, to);

  beforeAll(async () => {
    node = await startTestNode({ clock });
    const { services } = node.node;
    services.settings.update('plan', { invoiceLimit: 1_000_000 }, 'test');
    const actor = adminActor(services);
    const next = seededRandom(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const input = (items: CreateInvoiceInput['items']): CreateInvoiceInput => ({
      buyer: { name: 'Khách lẻ' },
      items,
      paymentMethod: 'TM',
      channel: 'pos',
    });
    const randomItems = () =>
      Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({ ...pick(SKUS), quantity: pick(QUANTITIES) }));
    const at = (instant: string, work: () => void) => {
      clock.set(instant);
      inTransaction(services.storage.sqlite, work);
    };
    const snapshot = (step: string) => steps.push({ step, ...monthlyAndDailyByMonth() });

    // Three invoices a day, plus one at the last and one at the first instant of each month.
    const boundary: Record<string, string> = {};
    for (let date = FIRST_DAY; date < LAST_DAY; date = addDays(date, 1)) {
      at(`${date}T10:00:00.000+07:00`, () => {
        for (let i = 0; i < 3; i++) services.invoices.create(input(randomItems()), actor);
      });
      if (date.endsWith('-01') || addDays(date, 1).endsWith('-01')) {
        const instant = date.endsWith('-01') ? `${date}T00:00:00.000+07:00` : `${date}T23:59:59.999+07:00`;
        at(instant, () => {
          boundary[date] = services.invoices.create(input(randomItems()), actor).id;
        });
      }
    }
    let once = '';
    at(`${LAST_DAY}T10:00:00.000+07:00`, () => {
      services.invoices.create(
        input([
          { ...SKUS[0]!, quantity: 1.25 },
          { ...SKUS[1]!, quantity: 2 },
        ]),
        actor,
      );
      once = services.invoices.create(input([{ ...ONCE, quantity: 0.5 }]), actor).id;
    });
    snapshot('issued');

    at('2026-02-01T00:00:00.000+07:00', () => {
      services.lifecycle.replace(boundary['2026-01-31']!, { ...input(randomItems()), reason: 'Sai số lượng' }, actor);
    });
    snapshot('a 31 January invoice replaced on 1 February');

    at('2026-03-01T00:00:00.000+07:00', () => {
      const [line] = services.invoices.get(boundary['2026-02-28']!).items;
      services.lifecycle.adjust(
        boundary['2026-02-28']!,
        {
          type: 'decrease',
          items: [{ ...SKUS.find((s) => s.sku === line!.sku)!, quantity: 0.25 }],
          reason: 'Trả lại hàng',
        },
        actor,
      );
    });
    snapshot('a 28 February invoice adjusted down on 1 March');

    at('2026-04-01T00:00:00.000+07:00', () => {
      services.invoices.changeStatus(boundary['2026-03-31']!, 'error', 'test');
      services.invoices.changeStatus(boundary['2026-04-01']!, 'error', 'test');
    });
    at(`${LAST_DAY}T11:00:00.000+07:00`, () => services.invoices.changeStatus(once, 'error', 'test'));
    snapshot('invoices of 31 March, 1 April and the last day rejected');

    at('2026-04-02T00:00:00.000+07:00', () => {
      services.lifecycle.replace(boundary['2026-03-31']!, { ...input(randomItems()), reason: 'Phát hành lại' }, actor);
    });
    snapshot('the rejected 31 March invoice replaced on 2 April');
  }, 60_000);
  afterAll(() => node.close());

  it('keeps every month of every SKU equal to the sum of its days', () => {
    expect(steps).toHaveLength(5);
    for (const { step, monthly, dailyByMonth } of steps) {
      expect(monthly.length, step).toBeGreaterThan(50);
      expect(monthly, step).toEqual(dailyByMonth);
    }
  });

  const windows: [string, string, string][] = [
    ['within one month', '2026-02-10', '2026-02-20'],
    ['one whole month', '2026-02-01', '2026-02-28'],
    ['the first and last day of two months', '2026-02-28', '2026-03-01'],
    ['one day', '2026-03-01', '2026-03-01'],
    ['from mid-month over several months, ending before the month ends', '2026-01-25', '2026-04-05'],
    ['from mid-month to the last day with sales', '2026-01-25', LAST_DAY],
    ['from mid-month to the end of a month', '2026-02-15', '2026-03-31'],
    ['from before the first sale to mid-month', '2026-01-10', '2026-03-15'],
    ['from mid-month to after the last sale', '2026-03-20', '2026-06-30'],
    ['the last day with sales, with a SKU at zero', LAST_DAY, LAST_DAY],
    ['a year ending after the last sale', '2025-05-01', '2026-04-30'],
    ['before any sale', '2025-01-01', '2025-12-31'],
  ];

  /** The window's top SKUs as the rollups rank them (the daily rows of part months, the monthly rows of whole ones). */
  const topSkusOf = (reports: ReturnType<typeof createReportsRepository>, from: string, to: string) =>
    reports.withSkuNames(reports.rankSkus(from, to, TOP_SKUS));

  it.each(windows)('ranks the window %s like the daily rows', (_name, from, to) => {
    const expected = topSkusFromDays(from, to);
    expect(topSkusOf(createReportsRepository(sqlite()), from, to)).toEqual(expected);
    if (from <= LAST_DAY && to >= FIRST_DAY) expect(expected.length).toBeGreaterThan(0);
  });

  it('lists a SKU whose sales in the window came back to zero, as the daily rows do', () => {
    expect(topSkusOf(createReportsRepository(sqlite()), LAST_DAY, LAST_DAY)).toContainEqual({
      sku: ONCE.sku,
      name: ONCE.name,
      quantity: 0,
      revenue: 0,
    });
  });

  it('rebuilding the rollups from the invoices keeps every month equal to its days and every window ranked alike', () => {
    rebuildRollups(sqlite());
    const { monthly, dailyByMonth } = monthlyAndDailyByMonth();
    expect(monthly).toEqual(dailyByMonth);
    const reports = createReportsRepository(sqlite());
    for (const [name, from, to] of windows)
      expect(topSkusOf(reports, from, to), name).toEqual(topSkusFromDays(from, to));
  });
});
