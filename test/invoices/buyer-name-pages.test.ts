import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { type OpenedDatabase, openDatabase } from '../../src/db/open.js';
import { type BuyerName, namesReaching } from '../../src/invoices/buyer-name-pages.js';
import { createInvoicesRepository } from '../../src/invoices/invoices.repository.js';

/** A small deterministic generator, so a failure names its case. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe('namesReaching', () => {
  const name = (key: string, last: string): BuyerName => ({ key, count: 1, last });

  it('takes the first names up to the reach, and those as new as the last of them', () => {
    const names = [
      name('a', '2026-03-05'),
      name('b', '2026-03-04'),
      name('c', '2026-03-03'),
      name('d', '2026-03-03'),
      name('e', '2026-03-02'),
    ];
    expect(namesReaching(names, 2)).toEqual({ keys: ['a', 'b'], since: '2026-03-04' });
    expect(namesReaching(names, 3)).toEqual({ keys: ['a', 'b', 'c', 'd'], since: '2026-03-03' });
    expect(namesReaching(names, 5)).toEqual({ keys: ['a', 'b', 'c', 'd', 'e'], since: '2026-03-02' });
  });

  it('takes every name, with no bound on the instant, when they are fewer than the reach', () => {
    expect(namesReaching([name('a', '2026-03-05'), name('b', '2026-03-04')], 20)).toEqual({
      keys: ['a', 'b'],
      since: '',
    });
    expect(namesReaching([], 20)).toEqual({ keys: [], since: '' });
  });

  it('reads no name after the first one older than the reach', () => {
    const read: string[] = [];
    function* names() {
      for (const [key, last] of [
        ['a', '2026-03-05'],
        ['b', '2026-03-04'],
        ['c', '2026-03-01'],
        ['d', '2026-02-01'],
      ] as const) {
        read.push(key);
        yield name(key, last);
      }
    }
    expect(namesReaching(names(), 2).keys).toEqual(['a', 'b']);
    expect(read).toEqual(['a', 'b', 'c']);
  });
});

describe('the invoices of several buyer names, paged', () => {
  let database: OpenedDatabase;
  beforeAll(() => {
    database = openDatabase(mkdtempSync(join(tmpdir(), 'hoadon-names-')));
    migrate(database.sqlite);
  });
  afterAll(() => database.close());

  it('answers each page as sorting every invoice of the names does, on 40 random stores', () => {
    const { sqlite } = database;
    const invoices = createInvoicesRepository(database.db);
    const insert = sqlite.prepare(
      `INSERT INTO invoices (id, platform_id, status, mau_so, ky_hieu, number, issue_date, channel, payment_method,
         buyer_name, buyer_name_key, seller_name, seller_mst, subtotal, tax_amount, total, created_by, created_at, updated_at)
       VALUES (@id, @id, 'issued', '1', 'C26MAA', @number, '2026-01-01', 'pos', 'TM', @key, @key, 'Cửa hàng', '0100109106',
         0, 0, 0, 'admin', @at, @at)`,
    );
    const ordered = sqlite
      .prepare<[string], number>(
        'SELECT number FROM invoices WHERE instr(buyer_name_key, ?) > 0 ORDER BY created_at DESC, rowid DESC',
      )
      .pluck();
    let compared = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      sqlite.exec('DELETE FROM invoices; DELETE FROM buyer_names; DELETE FROM buyer_name_suffixes');
      // Names on one invoice and on many (one name on most of them), instants often shared across names;
      // some names still wait for the index.
      const nameCount = 1 + next(40);
      const count = next(400);
      for (let i = 1; i <= count; i += 1) {
        const n = next(3) === 0 ? 0 : next(nameCount) ** 2 % nameCount;
        const at = new Date(Date.UTC(2026, 0, 1) + next(200) * 60_000).toISOString();
        insert.run({ id: `s${seed}-${i}`, number: i, key: `ten ${n} khach`, at });
        if (i === Math.floor(count / 2)) invoices.indexBuyerNameBacklog(next(nameCount));
      }
      for (const key of ['ten', 'ten 1', 'khach', 'n 2']) {
        const all = ordered.all(key);
        for (const [limit, offset] of [
          [20, 0],
          [20, 20],
          [7, 3],
          [100, 0],
          [50, 150],
          [20, all.length],
          [1, all.length - 1],
        ] as const) {
          const page = invoices.list({ buyerName: key }, limit, offset);
          expect(page.total).toBe(all.length);
          expect(
            (JSON.parse(page.itemsJson) as { number: number }[]).map((i) => i.number),
            `seed ${seed}, ${key}, limit ${limit}, offset ${offset}`,
          ).toEqual(all.slice(offset, offset + limit));
          compared += 1;
        }
      }
    }
    expect(compared).toBe(40 * 4 * 7);
  });
});
