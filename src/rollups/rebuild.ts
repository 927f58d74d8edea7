import type Database from 'better-sqlite3';
import { inTransaction } from '../db/transaction.js';
import { SOLD_QUANTITY_SQL } from '../domain/lines.js';

/**
 * The end of day's rollups (src/reports/day-figures.ts) from the lines of the invoices that count, as the
 * listener adds them (dayLineFigures): goods and trade discounts per tax group, the sold quantity per unit in
 * thousandths. `sales` narrows the invoices `i` (the demo scope); migrations/0012 fills them the same way.
 */
export const refillDayLineFigures = (sales: string) => [
  'DELETE FROM daily_tax_group_sales',
  `INSERT INTO daily_tax_group_sales (date, tax_group, line_count, amount, tax_amount)
   SELECT i.issue_date, it.tax_group, count(*), sum(it.total), sum(it.tax_amount)
   FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
   WHERE i.status IN ('issued', 'adjusted') AND it.tax_group IS NOT NULL AND it.kind IN ('goods', 'tradeDiscount') ${sales}
   GROUP BY i.issue_date, it.tax_group`,
  'DELETE FROM daily_unit_quantities',
  `INSERT INTO daily_unit_quantities (date, unit, quantity_thousandths)
   SELECT i.issue_date, coalesce(it.unit, ''), sum(CAST(round((${SOLD_QUANTITY_SQL}) * 1000) AS INTEGER))
   FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
   WHERE i.status IN ('issued', 'adjusted') AND it.kind IN ('goods', 'promotion') ${sales}
   GROUP BY i.issue_date, coalesce(it.unit, '')`,
];

/**
 * Each rollup emptied and filled again from the invoices, in order: the customer window and the monthly SKUs
 * read the daily rollups, the daily invoice counts the hourly ones. Revenue counts issued and adjusted
 * invoices (the revenue rule); `created_at` is an ISO instant in UTC, its first 13 characters the hour.
 */
const refillRollups = (sales: string) => [
  'DELETE FROM daily_sales',
  'DELETE FROM daily_customer_sales',
  'DELETE FROM daily_sku_sales',
  'DELETE FROM invoice_status_counts',
  'DELETE FROM monthly_issued_counts',
  `INSERT INTO daily_sales (date, channel, invoice_count, revenue, tax_amount, quantity)
   SELECT i.issue_date, i.channel, count(*), sum(i.total), sum(i.tax_amount), coalesce(sum(q.quantity), 0)
   FROM invoices i
   LEFT JOIN (SELECT it.invoice_id, sum(${SOLD_QUANTITY_SQL}) AS quantity
     FROM invoice_items it JOIN invoices i ON i.id = it.invoice_id GROUP BY it.invoice_id) q ON q.invoice_id = i.id
   WHERE i.status IN ('issued', 'adjusted') ${sales}
   GROUP BY i.issue_date, i.channel`,
  `INSERT INTO daily_customer_sales (date, customer_id, invoice_count, revenue, positive_revenue)
   SELECT issue_date, customer_id, count(*), sum(total), sum(max(total, 0)) FROM invoices i
   WHERE status IN ('issued', 'adjusted') AND customer_id IS NOT NULL ${sales}
   GROUP BY issue_date, customer_id`,
  `INSERT INTO daily_sku_sales (date, sku, quantity, revenue)
   SELECT i.issue_date, it.sku, sum(${SOLD_QUANTITY_SQL}), sum(it.total)
   FROM invoice_items it JOIN invoices i ON i.id = it.invoice_id
   WHERE i.status IN ('issued', 'adjusted') AND it.sku IS NOT NULL ${sales}
   GROUP BY i.issue_date, it.sku`,
  'INSERT INTO invoice_status_counts (status, count) SELECT status, count(*) FROM invoices GROUP BY status',
  `INSERT INTO monthly_issued_counts (month, count)
   SELECT substr(issue_date, 1, 7), count(*) FROM invoices i WHERE status <> 'pending' ${sales} GROUP BY substr(issue_date, 1, 7)`,
  // The window starts 365 days before the last day with sales: a window of up to 366 days ending today starts later.
  `INSERT INTO rollup_windows (name, since)
   SELECT 'customer_recent_sales', coalesce(date(max(date), '-365 days'), '') FROM daily_customer_sales WHERE true
   ON CONFLICT (name) DO UPDATE SET since = excluded.since`,
  'DELETE FROM customer_recent_sales',
  `INSERT INTO customer_recent_sales (customer_id, positive_revenue)
   SELECT customer_id, sum(positive_revenue) FROM daily_customer_sales
   WHERE date >= (SELECT since FROM rollup_windows WHERE name = 'customer_recent_sales')
   GROUP BY customer_id`,
  // Every (month, SKU) with a daily row gets a row, as the listener writes them, so that a month read whole
  // lists the same SKUs as its days.
  'DELETE FROM monthly_sku_sales',
  `INSERT INTO monthly_sku_sales (month, sku, quantity, revenue)
   SELECT substr(date, 1, 7), sku, sum(quantity), sum(revenue) FROM daily_sku_sales GROUP BY substr(date, 1, 7), sku`,
  'DELETE FROM hourly_invoice_counts',
  `INSERT INTO hourly_invoice_counts (hour, status, count)
   SELECT substr(created_at, 1, 13), status, count(*) FROM invoices GROUP BY substr(created_at, 1, 13), status`,
  'DELETE FROM daily_invoice_counts',
  `INSERT INTO daily_invoice_counts (day, status, count)
   SELECT substr(hour, 1, 10), status, sum(count) FROM hourly_invoice_counts GROUP BY substr(hour, 1, 10), status`,
  ...refillDayLineFigures(sales),
  'DELETE FROM monthly_customer_channel_sales',
  `INSERT INTO monthly_customer_channel_sales (customer_id, month, channel, invoice_count, revenue)
   SELECT customer_id, substr(issue_date, 1, 7), channel, count(*), sum(total) FROM invoices i
   WHERE status IN ('issued', 'adjusted') AND customer_id IS NOT NULL ${sales}
   GROUP BY customer_id, substr(issue_date, 1, 7), channel`,
];

/**
 * Recomputes every rollup from the invoices: for data written around the services (bulk loads), as a
 * repair tool, and when the node goes live or back to demo mode (demo-scope.ts). The sales rollups count
 * demo invoices as `rollup_demo_scope` says (all of them when it has no row); the invoice counts of the
 * list count every invoice.
 */
export function rebuildRollups(sqlite: Database.Database): void {
  inTransaction(sqlite, () => {
    const scope = sqlite.prepare('SELECT includes_demo FROM rollup_demo_scope WHERE id = 1').pluck().get();
    const sales = scope === 0 ? 'AND i.demo = 0' : '';
    for (const statement of refillRollups(sales)) sqlite.exec(statement);
  });
}
