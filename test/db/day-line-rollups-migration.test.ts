/**
 * Migration 0012 on a store that sold before the end of day's rollups: they are filled from its invoices as
 * the day's lines answered, demo invoices left out of a live store, replaced invoices and a decrease
 * adjustment's quantities too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { knownMigrations, migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { createDayFigures } from '../../src/reports/day-figures.js';
import { dayFiguresFromInvoices } from '../support/day-figures-oracle.js';

it('fills the rollups of every day from the invoices that count, as the lines answered', () => {
  const database = openDatabase(mkdtempSync(join(tmpdir(), 'hoadon-mig-0012-')));
  const { sqlite } = database;
  const known = knownMigrations();
  const before = known.findIndex((m) => m.tag.startsWith('0012_'));
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, { known: known.slice(0, before) });

  const insertInvoice = sqlite.prepare(
    `INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
       buyer_name, buyer_name_key, seller_name, seller_mst, subtotal, tax_amount, total, created_by, created_at,
       updated_at, demo, adjustment_type)
     VALUES (@id, @id, @status, '1', 'C26MAA', @number, @date, 'pos', 'TM', 'Khách lẻ', 'khach le', 'Cửa hàng',
       '0100109106', 0, 0, 0, 'admin', '2026-03-15T03:00:00.000Z', '2026-03-15T03:00:00.000Z', @demo, @adjustment)`,
  );
  const insertLine = sqlite.prepare(
    `INSERT INTO invoice_items (invoice_id, line_no, kind, name, unit, quantity, unit_price, tax_rate, tax_category,
       tax_group, total, tax_amount)
     VALUES (@invoice, @line, @kind, 'Hàng', @unit, @quantity, 1000, @rate, @category, @group, @total, @tax)`,
  );
  const invoices = [
    { id: 'a', status: 'issued', date: '2026-03-15', demo: 0, adjustment: null },
    { id: 'b', status: 'replaced', date: '2026-03-15', demo: 0, adjustment: null },
    { id: 'c', status: 'adjusted', date: '2026-03-15', demo: 0, adjustment: 'decrease' },
    { id: 'd', status: 'issued', date: '2026-03-15', demo: 1, adjustment: null },
    { id: 'e', status: 'adjusted', date: '2026-03-16', demo: 0, adjustment: 'increase' },
    { id: 'f', status: 'pending', date: '2026-03-16', demo: 0, adjustment: null },
  ];
  for (const [i, invoice] of invoices.entries()) insertInvoice.run({ ...invoice, number: i + 1 });
  const line = { unit: null, quantity: 1, rate: 0.1, category: null, group: '10%', total: 1000, tax: 100 };
  const lines = [
    { invoice: 'a', kind: 'goods', ...line, unit: 'kg', quantity: 0.125 },
    { invoice: 'a', kind: 'goods', ...line, rate: 0, category: 'KCT', group: 'KCT', tax: 0 },
    { invoice: 'a', kind: 'promotion', ...line, unit: 'cái', total: 0, tax: 0 },
    { invoice: 'a', kind: 'tradeDiscount', ...line, total: -200, tax: -20 },
    { invoice: 'a', kind: 'note', ...line, quantity: 0, group: null, total: 0, tax: 0 },
    { invoice: 'b', kind: 'goods', ...line, unit: 'hộp', rate: 0.05, group: '5%', tax: 50 },
    { invoice: 'c', kind: 'goods', ...line, unit: 'kg', quantity: 0.125, total: -500, tax: -50 },
    { invoice: 'd', kind: 'goods', ...line, unit: 'ly', rate: 0.08, group: '8%', tax: 80 },
    { invoice: 'e', kind: 'goods', ...line, unit: 'kg', quantity: 2.005 },
    { invoice: 'f', kind: 'goods', ...line, unit: 'kg', quantity: 7 },
  ];
  for (const [i, l] of lines.entries()) insertLine.run({ ...l, line: i + 1 });
  // A live store: its figures leave the demo invoices out.
  sqlite.prepare('UPDATE rollup_demo_scope SET includes_demo = 0 WHERE id = 1').run();

  expect(migrate(sqlite).applied).toEqual(known.slice(before).map((m) => m.tag));
  const dayFigures = createDayFigures(sqlite);
  for (const date of ['2026-03-15', '2026-03-16', '2026-03-17'])
    expect(dayFigures(date)).toEqual(dayFiguresFromInvoices(sqlite, date));
  expect(dayFigures('2026-03-15')).toEqual({
    byRate: [
      { taxGroup: 'KCT', category: 'KCT', amount: 1000, tax: 0, total: 1000 },
      { taxGroup: '10%', rate: 0.1, amount: 300, tax: 30, total: 330 },
    ],
    quantitiesByUnit: [
      { unit: '', quantity: 1 },
      { unit: 'cái', quantity: 1 },
      { unit: 'kg', quantity: 0.125 },
    ],
  });
  expect(dayFigures('2026-03-16').quantitiesByUnit).toEqual([{ unit: 'kg', quantity: 2.005 }]);
  database.close();
});
