/**
 * Lines for the synthetic invoices of test/support/bulk-invoices.ts (which have none), straight in SQL:
 * every invoice one line at 10 %, every third a second at 8 %, every seventh a third at 5 %.
 */
import type Database from 'better-sqlite3';

export function insertSyntheticLines(sqlite: Database.Database): void {
  sqlite.exec(`
    INSERT INTO invoice_items (invoice_id, line_no, name, sku, unit, quantity, unit_price, tax_rate, tax_group, total, tax_amount)
    SELECT id, 1, 'Hàng 10%', 'SKU-10', 'cái', 1, 100000, 0.1, '10%', 100000, 10000 FROM invoices WHERE id LIKE 'bulk-%';
    INSERT INTO invoice_items (invoice_id, line_no, name, sku, unit, quantity, unit_price, tax_rate, tax_group, total, tax_amount)
    SELECT id, 2, 'Hàng 8%', 'SKU-8', 'cái', 1, 50000, 0.08, '8%', 50000, 4000 FROM invoices
    WHERE id LIKE 'bulk-%' AND number % 3 = 0;
    INSERT INTO invoice_items (invoice_id, line_no, name, sku, unit, quantity, unit_price, tax_rate, tax_group, total, tax_amount)
    SELECT id, 3, 'Hàng 5%', 'SKU-5', 'cái', 2, 10000, 0.05, '5%', 20000, 1000 FROM invoices
    WHERE id LIKE 'bulk-%' AND number % 7 = 0;`);
}
