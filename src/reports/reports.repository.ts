/** Report figures from the rollups (src/rollups) and the month's invoices by their creation instant. */
import type Database from 'better-sqlite3';
import type { InvoiceStatus } from '../invoices/invoices.table.js';

export interface SalesFigures {
  invoiceCount: number;
  revenue: number;
  taxAmount: number;
  quantity: number;
}

export function createReportsRepository(sqlite: Database.Database) {
  const statusCounts = sqlite.prepare<[], { status: InvoiceStatus; count: number }>('SELECT status, count FROM invoice_status_counts');
  const salesBetween = sqlite.prepare<[string, string], SalesFigures>(
    `SELECT coalesce(sum(invoice_count), 0) AS invoiceCount, coalesce(sum(revenue), 0) AS revenue,
            coalesce(sum(tax_amount), 0) AS taxAmount, coalesce(sum(quantity), 0) AS quantity
     FROM daily_sales WHERE date >= ? AND date <= ?`,
  );
  const channelsBetween = sqlite.prepare<[string, string], { channel: string; count: number; revenue: number }>(
    `SELECT channel, sum(invoice_count) AS count, sum(revenue) AS revenue FROM daily_sales
     WHERE date >= ? AND date <= ? GROUP BY channel`,
  );
  const topCustomers = sqlite.prepare<[string, string], { customerId: string; name: string; mst: string | null; invoiceCount: number; revenue: number }>(
    `SELECT t.customer_id AS customerId, c.name, c.mst, t.invoiceCount, t.revenue FROM (
       SELECT customer_id, sum(invoice_count) AS invoiceCount, sum(revenue) AS revenue FROM daily_customer_sales
       WHERE date >= ? AND date <= ? GROUP BY customer_id ORDER BY revenue DESC, customer_id LIMIT 20
     ) t JOIN customers c ON c.id = t.customer_id ORDER BY t.revenue DESC, t.customer_id`,
  );
  const topSkus = sqlite.prepare<[string, string], { sku: string; name: string | null; quantity: number; revenue: number }>(
    `SELECT t.sku, p.name, t.quantity, t.revenue FROM (
       SELECT sku, sum(quantity) AS quantity, sum(revenue) AS revenue FROM daily_sku_sales
       WHERE date >= ? AND date <= ? GROUP BY sku ORDER BY quantity DESC, sku LIMIT 10
     ) t LEFT JOIN products p ON p.sku = t.sku ORDER BY t.quantity DESC, t.sku`,
  );
  const countCreatedBetween = sqlite.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM invoices WHERE created_at >= ? AND created_at < ?',
  );
  return {
    statusCounts: () => statusCounts.all(),
    salesBetween: (from: string, to: string) => salesBetween.get(from, to) as SalesFigures,
    channelsBetween: (from: string, to: string) => channelsBetween.all(from, to),
    topCustomers: (from: string, to: string) => topCustomers.all(from, to),
    topSkus: (from: string, to: string) => topSkus.all(from, to),
    countCreatedBetween: (from: string, before: string) => countCreatedBetween.get(from, before)?.n ?? 0,
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
