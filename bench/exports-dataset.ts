/**
 * The exports' data set: a store's year 2025 of 1,000,000 invoices, 100,000 of them in November, written
 * straight in SQL (the export reads invoices and lines only; issuing a million through the services would
 * take most of an hour). Rates as a café sells: every invoice a 10 % line, every third an 8 % line, every
 * seventh a 5 % line; one in 50 replaced by the next, one in 89 an increase of the one before.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNodeConfig } from '../src/config.js';
import { openNode } from '../src/node.js';
import { PASSWORD } from './harness.js';

export const EXPORT_YEAR = { from: '2025-01-01', to: '2025-12-31', invoices: 1_000_000 };
export const EXPORT_MONTH = { month: '2025-11', invoices: 100_000 };

const INVOICES_SQL = `
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count),
  t AS (SELECT i, CASE WHEN i <= @before THEN @start + i * @stepBefore ELSE @monthStart + (i - @before) * @stepMonth END / 1000.0 AS ts FROM n)
  INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
    buyer_name, buyer_name_key, buyer_mst, customer_id, seller_name, seller_mst, subtotal, tax_amount, total,
    replaces_id, adjusts_id, replaced_by_id, adjustment_type, created_by, created_at, updated_at, version)
  SELECT 'x-' || i, 'bench/' || i,
    CASE WHEN i % 50 = 0 THEN 'replaced' WHEN i % 89 = 0 THEN 'adjusted' ELSE 'issued' END,
    '1', 'C25MAA', i, date(ts, 'unixepoch', '+7 hours'), 'pos', 'TM/CK',
    CASE WHEN i % 5 < 2 THEN 'Khách lẻ' ELSE 'Công ty TNHH Thương mại Dịch vụ Hòa Bình ' || (i % 5003) END,
    CASE WHEN i % 5 < 2 THEN 'khach le' ELSE 'cong ty tnhh thuong mai dich vu hoa binh ' || (i % 5003) END,
    CASE WHEN i % 5 >= 2 THEN printf('03%08d', i % 5003) END, NULL, 'Cửa hàng Cà phê Hòa Bình', '0300588569',
    0, 0, 0,
    CASE WHEN i % 50 = 1 AND i > 1 THEN 'x-' || (i - 1) END,
    CASE WHEN i % 89 = 0 THEN 'x-' || (i - 1) END,
    CASE WHEN i % 50 = 0 THEN 'x-' || (i + 1) END,
    CASE WHEN i % 89 = 0 THEN 'increase' END,
    'bench', strftime('%Y-%m-%dT%H:%M:%fZ', ts, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', ts, 'unixepoch'), 1
  FROM t`;

const LINES_SQL = `
  INSERT INTO invoice_items (invoice_id, line_no, name, sku, unit, quantity, unit_price, tax_rate, tax_group, total, tax_amount)
  SELECT id, 1, 'Cà phê sữa đá', 'CF-1', 'ly', 2, 29000, 0.1, '10%', 58000, 5800 FROM invoices WHERE id LIKE 'x-%';
  INSERT INTO invoice_items (invoice_id, line_no, name, sku, unit, quantity, unit_price, tax_rate, tax_group, total, tax_amount)
  SELECT id, 2, 'Bánh mì thịt', 'BM-1', 'cái', 1, 35000, 0.08, '8%', 35000, 2800 FROM invoices WHERE id LIKE 'x-%' AND number % 3 = 0;
  INSERT INTO invoice_items (invoice_id, line_no, name, sku, unit, quantity, unit_price, tax_rate, tax_group, total, tax_amount)
  SELECT id, 3, 'Sách ảnh Hà Nội', 'SA-1', 'cuốn', 1, 120000, 0.05, '5%', 120000, 6000 FROM invoices WHERE id LIKE 'x-%' AND number % 7 = 0;
  UPDATE invoices SET subtotal = s.subtotal, tax_amount = s.tax, total = s.subtotal + s.tax
  FROM (SELECT invoice_id, sum(total) AS subtotal, sum(tax_amount) AS tax FROM invoice_items GROUP BY invoice_id) s
  WHERE invoices.id = s.invoice_id;`;

/** The data dir of the exports' benchmark, made once (`ready` marks a finished one) and reused. */
export async function exportsDataDir(root: string, fresh: boolean): Promise<string> {
  const dataDir = join(root, 'exports-1000000');
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(join(dataDir, 'ready'))) return dataDir;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  console.log(`preparing the exports' 1,000,000 invoices in ${dataDir}…`);
  const node = await openNode(loadNodeConfig({ dataDir, adminPassword: PASSWORD, logLevel: 'silent' }, {}));
  const { sqlite } = node.database;
  const before = EXPORT_YEAR.invoices - EXPORT_MONTH.invoices;
  sqlite.transaction(() => {
    sqlite.prepare(INVOICES_SQL).run({
      count: EXPORT_YEAR.invoices,
      before,
      start: Date.parse('2024-12-31T17:00:00Z'),
      stepBefore: (Date.parse('2025-10-31T17:00:00Z') - Date.parse('2024-12-31T17:00:00Z')) / (before + 1),
      monthStart: Date.parse('2025-10-31T17:00:00Z'),
      stepMonth: (30 * 86_400_000) / (EXPORT_MONTH.invoices + 1),
    });
    sqlite.exec(LINES_SQL);
  })();
  await node.close();
  writeFileSync(join(dataDir, 'ready'), new Date().toISOString());
  return dataDir;
}
