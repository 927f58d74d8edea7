/**
 * Migration 0011 on a store whose buyer names were in the trigram index: the indexed names get their
 * suffixes, the names still waiting stay waiting for the index job, and the search finds both.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { knownMigrations, migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { createInvoicesRepository } from '../../src/invoices/invoices.repository.js';

it('gives the indexed names their suffixes and leaves the waiting ones to the index job', () => {
  const database = openDatabase(mkdtempSync(join(tmpdir(), 'hoadon-mig-0011-')));
  const { sqlite } = database;
  const known = knownMigrations();
  const before = known.findIndex((m) => m.tag.startsWith('0011_'));
  expect(before).toBeGreaterThan(0);
  migrate(sqlite, { known: known.slice(0, before) });

  const insertInvoice = sqlite.prepare(
    `INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
       buyer_name, buyer_name_key, seller_name, seller_mst, subtotal, tax_amount, total, created_by, created_at, updated_at)
     VALUES (?, ?, 'issued', '1', 'C26MAA', ?, '2026-03-15', 'pos', 'TM', ?, ?, 'Cửa hàng', '0100109106',
       0, 0, 0, 'admin', ?, ?)`,
  );
  const names = ['Nguyễn Văn An', 'Trần Thị Bình', 'Nguyễn Văn Anh', 'Khách lẻ'];
  const keys = ['nguyen van an', 'tran thi binh', 'nguyen van anh', 'khach le'];
  keys.forEach((key, i) => {
    const at = `2026-03-15T0${i}:00:00.000Z`;
    insertInvoice.run(`i${i}`, `p/${i}`, i + 1, names[i], key, at, at);
  });
  // The first three were added to the trigram index before the migration; "khach le" still waits.
  sqlite.exec(
    `INSERT INTO buyer_name_search (rowid, name_key) SELECT id, name_key FROM buyer_names WHERE name_key <> 'khach le';
     UPDATE buyer_names SET indexed = 1 WHERE name_key <> 'khach le'`,
  );

  expect(migrate(sqlite).applied).toEqual(known.slice(before).map((m) => m.tag));
  const suffixesOf = (key: string) =>
    sqlite
      .prepare(
        'SELECT s.suffix FROM buyer_name_suffixes s JOIN buyer_names n ON n.id = s.name_id WHERE n.name_key = ? ORDER BY s.suffix',
      )
      .pluck()
      .all(key);
  // Every suffix but those starting with a space.
  expect(suffixesOf('tran thi binh')).toEqual(
    [
      'tran thi binh',
      'ran thi binh',
      'an thi binh',
      'n thi binh',
      'thi binh',
      'hi binh',
      'i binh',
      'binh',
      'inh',
      'nh',
      'h',
    ].sort(),
  );
  expect(suffixesOf('khach le')).toEqual([]);
  expect(sqlite.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'buyer_name_search'").pluck().get()).toBe(0);

  const invoices = createInvoicesRepository(database.db);
  const numbersOf = (buyerName: string) =>
    (JSON.parse(invoices.list({ buyerName }, 20, 0).itemsJson) as { number: number }[]).map((i) => i.number);
  expect(numbersOf('van an')).toEqual([3, 1]);
  expect(numbersOf('h')).toEqual([4, 3, 2]);
  expect(numbersOf('n t')).toEqual([2]);
  expect(invoices.indexBuyerNameBacklog(10)).toBe(1);
  expect(suffixesOf('khach le')).toEqual(['khach le', 'hach le', 'ach le', 'ch le', 'h le', 'le', 'e'].sort());
  expect(numbersOf('h')).toEqual([4, 3, 2]);
  database.close();
});
