/**
 * Migration 0019 on a store whose catalogue was filled before it: every product is found by its name, and the
 * products a stored invoice line names (or learnt from a sale) are marked sold, so they are never deleted.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { knownMigrations, migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { createProductsRepository } from '../../src/products/products.repository.js';

it('indexes the names of the products stored before it and marks the sold ones', () => {
  const database = openDatabase(mkdtempSync(join(tmpdir(), 'hoadon-mig-0019-')));
  const { sqlite } = database;
  const known = knownMigrations();
  const before = known.findIndex((m) => m.tag === '0019_catalogue');
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, { known: known.slice(0, before) });

  const product = sqlite.prepare(
    `INSERT INTO products (sku, name, name_key, unit_price, tax_rate, source, updated_at)
     VALUES (?, ?, ?, 1000, 0.1, ?, '2026-10-01T00:00:00.000Z')`,
  );
  product.run('CF-1', 'Cà phê sữa đá', 'ca phe sua da', 'invoice');
  product.run('HQ-SOLD', 'Trà đào', 'tra dao', 'hq');
  product.run('HQ-NEW', 'Bánh flan', 'banh flan', 'hq');
  sqlite
    .prepare(
      `INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
         buyer_name, buyer_name_key, seller_name, seller_mst, subtotal, tax_amount, total, created_by, created_at, updated_at)
       VALUES ('a', 's/a', 'issued', '1', 'C26MAA', 1, '2026-10-01', 'pos', 'TM', 'Khách lẻ', 'khach le', 'Cửa hàng',
         '0100109106', 0, 0, 0, 'admin', '2026-10-01T03:00:00.000Z', '2026-10-01T03:00:00.000Z')`,
    )
    .run();
  sqlite
    .prepare(
      `INSERT INTO invoice_items (invoice_id, line_no, sku, name, quantity, unit_price, tax_rate, total, tax_amount)
       VALUES ('a', 1, 'HQ-SOLD', 'Trà đào', 1, 1000, 0.1, 1000, 0)`,
    )
    .run();

  expect(migrate(sqlite).applied).toEqual(known.slice(before).map((m) => m.tag));
  const sold = sqlite.prepare('SELECT sku, sold, active FROM products ORDER BY sku').all();
  expect(sold).toEqual([
    { sku: 'CF-1', sold: 1, active: 1 },
    { sku: 'HQ-NEW', sold: 0, active: 1 },
    { sku: 'HQ-SOLD', sold: 1, active: 1 },
  ]);
  const products = createProductsRepository(database.db);
  const found = (search: string) => products.list({ search }, 20, 0).rows.map((p) => p.sku);
  expect(found('sua da')).toEqual(['CF-1']);
  expect(found('flan')).toEqual(['HQ-NEW']);
  // Renamed and deleted afterwards, through the triggers.
  sqlite.prepare("UPDATE products SET name = 'Bánh mì', name_key = 'banh mi' WHERE sku = 'HQ-NEW'").run();
  expect(found('flan')).toEqual([]);
  expect(found('banh mi')).toEqual(['HQ-NEW']);
  expect(products.remove('HQ-NEW')).toBe(1);
  expect(products.remove('HQ-SOLD')).toBe(0);
  expect(found('banh')).toEqual([]);
  expect(sqlite.prepare('SELECT count(*) FROM product_search_keys').pluck().get()).toBe(2);
  database.close();
});
