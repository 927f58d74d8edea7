/**
 * Fills a store database with many synthetic invoices straight in SQL (a recursive CTE), for query-plan
 * checks at realistic volume. Not for checking figures: the rows bypass the services on purpose.
 */
import type Database from 'better-sqlite3';

export function insertSyntheticInvoices(
  sqlite: Database.Database,
  count: number,
  startIso = '2024-11-01T00:00:00.000Z',
): void {
  const start = Date.parse(startIso);
  const spreadMs = 24 * 30 * 24 * 3600 * 1000;
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
         INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
           buyer_name, buyer_name_key, buyer_mst, customer_id, seller_name, seller_mst, subtotal, tax_amount, total,
           created_by, created_at, updated_at, version)
         SELECT 'bulk-' || i, 'bulk/' || i,
           CASE WHEN i % 50 = 0 THEN 'replaced' WHEN i % 97 = 0 THEN 'error' WHEN i % 89 = 0 THEN 'adjusted' ELSE 'issued' END,
           '1', 'C25MAA', i, date(ts, 'unixepoch', '+7 hours'),
           CASE i % 4 WHEN 0 THEN 'admin' WHEN 1 THEN 'pos' WHEN 2 THEN 'web' ELSE 'auto' END, 'TM',
           'Khách hàng ' || (i % 20011), 'khach hang ' || (i % 20011),
           CASE WHEN i % 3 = 0 THEN printf('01%08d', i % 20011) END, 'bulk-customer-' || (i % 20011),
           'Cửa hàng', '0100109106', 100000, 10000, 110000, 'bulk',
           strftime('%Y-%m-%dT%H:%M:%fZ', ts, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', ts, 'unixepoch'), 1
         FROM (SELECT i, (@start + (i * @step)) / 1000.0 AS ts FROM n)`,
      )
      .run({ count, start, step: Math.floor(spreadMs / count) });
  })();
  sqlite.exec('ANALYZE');
}
