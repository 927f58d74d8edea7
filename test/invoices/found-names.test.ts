import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { type OpenedDatabase, openDatabase } from '../../src/db/open.js';
import { NAMES_KEPT_PER_SEARCH } from '../../src/invoices/found-names.js';
import { createInvoicesRepository } from '../../src/invoices/invoices.repository.js';

/** A small deterministic generator, so a failure names its case; its high bits (an LCG's low bits cycle). */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((state / 2_147_483_648) * below);
  };
}

const INSERT = `INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
   buyer_name, buyer_name_key, seller_name, seller_mst, subtotal, tax_amount, total, created_by, created_at, updated_at)
 VALUES (@id, @id, 'issued', '1', 'C26MAA', @number, '2026-01-01', 'pos', 'TM', @key, @key, 'Cửa hàng', '0100109106',
   0, 0, 0, 'admin', @at, @at)`;

describe('the names a buyer-name search keeps between two searches', () => {
  let database: OpenedDatabase;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hoadon-found-names-'));
    database = openDatabase(dir);
    migrate(database.sqlite);
  });
  afterAll(() => database.close());

  it('answers every search as SQLite does, while invoices are written, rolled back and written by another process', () => {
    const { sqlite } = database;
    const invoices = createInvoicesRepository(database.db);
    const insert = sqlite.prepare(INSERT);
    // Another process's connection: its commits reach the node only through SQLite's data_version.
    const other = new Database(database.path);
    const insertElsewhere = other.prepare(INSERT);
    const ordered = sqlite
      .prepare<[string], number>(
        'SELECT number FROM invoices WHERE instr(buyer_name_key, ?) > 0 ORDER BY created_at DESC, rowid DESC',
      )
      .pluck();
    const next = random(7);
    let number = 0;
    const write = (into: Database.Statement) => {
      number += 1;
      // Later instants mostly, an earlier one at times (an invoice replayed from a till that was offline).
      const minutes = number * 3 - next(4) * 60;
      into.run({
        id: `f-${number}`,
        number,
        key: `khach ${next(30)} ${next(3) === 0 ? 'an' : 'binh'}`,
        at: new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString(),
      });
    };
    let compared = 0;
    for (let round = 0; round < 300; round += 1) {
      const what = next(10);
      if (what < 6) write(insert);
      else if (what === 6)
        expect(() =>
          sqlite.transaction(() => {
            write(insert);
            throw new Error('rolled back');
          })(),
        ).toThrow('rolled back');
      else if (what === 7) write(insertElsewhere);
      else if (what === 8) invoices.indexBuyerNameBacklog(next(5));
      for (const key of ['an', 'khach 1', 'binh', 'khach 2 an']) {
        const all = ordered.all(key);
        const page = invoices.list({ buyerName: key }, 20, 0);
        expect(page.total, `round ${round}, ${key}`).toBe(all.length);
        expect(
          (JSON.parse(page.itemsJson) as { number: number }[]).map((i) => i.number),
          `round ${round}, ${key}`,
        ).toEqual(all.slice(0, 20));
        compared += 1;
      }
    }
    other.close();
    expect(compared).toBe(300 * 4);
  });

  it('reads a search of more names than it keeps from SQLite, as asked', () => {
    const { sqlite } = database;
    const invoices = createInvoicesRepository(database.db);
    const insert = sqlite.prepare(INSERT);
    sqlite.transaction(() => {
      for (let n = 0; n <= NAMES_KEPT_PER_SEARCH; n += 1)
        insert.run({ id: `many-${n}`, number: 10_000 + n, key: `ten ${n} chung`, at: '2026-03-01T00:00:00.000Z' });
    })();
    expect(invoices.list({ buyerName: 'chung' }, 20, 0).total).toBe(NAMES_KEPT_PER_SEARCH + 1);
    insert.run({ id: 'many-last', number: 20_000, key: 'ten cuoi chung', at: '2026-03-02T00:00:00.000Z' });
    const page = invoices.list({ buyerName: 'chung' }, 20, 0);
    expect(page.total).toBe(NAMES_KEPT_PER_SEARCH + 2);
    expect((JSON.parse(page.itemsJson) as { number: number }[])[0]?.number).toBe(20_000);
  });
});
