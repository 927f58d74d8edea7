/**
 * An HQ on SQLite that held invoices before the revenue rollup existed: migration hq 0002 fills each invoice's
 * lines from its record and the rollup from them, to the figures pushes keep from then on.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

let t: TestHq;
let shop1: string;
let shop2: string;
beforeEach(async () => ({ t, shop1, shop2 } = await startHqWithTwoStores('sqlite')));
afterEach(async () => t.close());

const line = (taxRate: number, total: number) => ({ taxRate, total, taxAmount: Math.round(total * taxRate) });

/** The migration's statements that fill what it added, as an upgraded HQ runs them. */
const backfill = readFileSync('migrations/hq/0002_revenue_rollup.sql', 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^(UPDATE `invoices`|INSERT INTO `daily_revenue`)/.test(s));

it('fills the lines and the revenue rollup of the invoices HQ held before it, as pushes would have', async () => {
  await t.push(shop1, 'shop-1', [
    invoiceRecord(1, 'a', 1, {
      issueDate: '2026-03-14',
      items: [line(0.1, 100_000), line(0.08, 50_000), line(0.1, 20_000)],
    }),
    invoiceRecord(2, 'b', 1, { issueDate: '2026-03-15', items: [line(0.1, 10_000)] }),
    invoiceRecord(3, 'c', 1, {
      issueDate: '2026-03-15',
      status: 'adjusted',
      adjustmentType: 'decrease',
      items: [line(0.1, 4_000)],
    }),
    invoiceRecord(4, 'd', 1, { issueDate: '2026-03-15' }),
  ]);
  await t.push(shop2, 'shop-2', [invoiceRecord(1, 'a', 1, { issueDate: '2026-03-15', items: [line(0.05, 7_000)] })]);
  await t.push(shop1, 'shop-1', [
    invoiceRecord(5, 'b', 2, { issueDate: '2026-03-15', status: 'replaced', items: [line(0.1, 10_000)] }),
  ]);
  const revenue = async () =>
    (await t.request('GET', '/hq/v1/revenue?dateFrom=2026-03-01&dateTo=2026-03-31')).json.data.items;
  const lines = async () =>
    (await t.all<{ l: string }>('SELECT tax_lines AS l FROM invoices ORDER BY store_id, invoice_id')).map((r) =>
      JSON.parse(r.l),
    );
  const rollup = async () => t.all('SELECT * FROM daily_revenue ORDER BY store_id, issue_date, status, tax_rate');
  const [pushedRevenue, pushedLines, pushedRollup] = [await revenue(), await lines(), await rollup()];
  expect(pushedRevenue).toHaveLength(5);

  t.hq.sqlite.exec("UPDATE invoices SET tax_lines = '[]'; DELETE FROM daily_revenue;");
  expect(await revenue()).toEqual([]);
  expect(backfill).toHaveLength(3);
  for (const statement of backfill) t.hq.sqlite.exec(statement);

  expect(await lines()).toEqual(pushedLines);
  expect(await rollup()).toEqual(pushedRollup.filter((r: Record<string, unknown>) => r.invoices !== 0));
  expect(await revenue()).toEqual(pushedRevenue);
});
