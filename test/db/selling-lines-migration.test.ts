/**
 * Migration 0010 on a store that sold before line kinds: every line becomes goods grouped under its rate's
 * TSuat, every invoice gets its own lookup code, and a stored end-of-day aggregate keeps its figures.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { knownMigrations, migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';

it('groups the lines written before it, gives each invoice a lookup code, keeps the stored aggregates', () => {
  const database = openDatabase(mkdtempSync(join(tmpdir(), 'hoadon-mig-0010-')));
  const { sqlite } = database;
  const known = knownMigrations();
  const before = known.findIndex((m) => m.tag.startsWith('0010_'));
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, { known: known.slice(0, before) });

  const insertInvoice = sqlite.prepare(
    `INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
       buyer_name, buyer_name_key, seller_name, seller_mst, subtotal, tax_amount, total, created_by, created_at, updated_at)
     VALUES (?, ?, 'issued', '1', 'C26MAA', ?, '2026-03-15', 'pos', 'TM', 'Khách lẻ', 'khach le', 'Cửa hàng', '0100109106',
       0, 0, 0, 'admin', '2026-03-15T03:00:00.000Z', '2026-03-15T03:00:00.000Z')`,
  );
  const insertLine = sqlite.prepare(
    `INSERT INTO invoice_items (invoice_id, line_no, name, quantity, unit_price, tax_rate, total, tax_amount)
     VALUES (?, ?, 'Hàng', 1, 1000, ?, 1000, 0)`,
  );
  for (const [i, id] of ['a', 'b', 'c'].entries()) insertInvoice.run(id, `s/${id}`, i + 1);
  for (const [i, rate] of [0, 0.05, 0.08, 0.1, 0.035].entries()) insertLine.run('a', i + 1, rate);
  sqlite
    .prepare(
      "INSERT INTO daily_aggregates (date, total_qty, total_amount, invoice_count, computed_at) VALUES ('2026-03-15', 5, 5000, 1, 'x')",
    )
    .run();

  expect(migrate(sqlite).applied).toEqual(known.slice(before).map((m) => m.tag));
  expect(sqlite.prepare('SELECT kind, tax_group AS g FROM invoice_items ORDER BY line_no').all()).toEqual(
    ['0%', '5%', '8%', '10%', 'KHAC:3.50'].map((g) => ({ kind: 'goods', g })),
  );
  const codes = sqlite.prepare('SELECT lookup_code FROM invoices').pluck().all() as string[];
  expect(codes).toHaveLength(3);
  expect(new Set(codes).size).toBe(3);
  for (const code of codes) expect(code).toMatch(/^[0-9A-F]{16}$/);
  expect(sqlite.prepare('SELECT total_qty, total_amount FROM daily_aggregates').get()).toEqual({
    total_qty: 5,
    total_amount: 5000,
  });
  sqlite
    .prepare(
      "INSERT INTO daily_aggregates (date, total_qty, total_amount, invoice_count, computed_at) VALUES ('2026-03-16', NULL, 1, 1, 'x')",
    )
    .run();
  database.close();
});
