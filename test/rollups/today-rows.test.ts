/** Today's rollup rows kept in memory: always what SQLite holds (src/rollups/today-rows.ts). */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../src/db/open.js';
import { inTransaction } from '../../src/db/transaction.js';
import { createTodayRows, type TodayRows } from '../../src/rollups/today-rows.js';
import { nextRun } from '../support/next-run.js';

interface Row {
  key: string;
  value: number;
}

const TODAY = '2026-11-24';

describe('today’s rows', () => {
  let dir: string;
  let sqlite: Database.Database;
  let reads: number;
  let rows: TodayRows<Row>;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hoadon-today-rows-'));
    sqlite = openDatabaseFile(join(dir, 'db.sqlite'));
    sqlite.exec('CREATE TABLE daily (date TEXT, key TEXT, value INTEGER, PRIMARY KEY (date, key))');
    sqlite.exec(`INSERT INTO daily VALUES ('${TODAY}', 'a', 1), ('${TODAY}', 'b', 2), ('2026-11-23', 'a', 5)`);
    const all = sqlite.prepare<[string], Row>('SELECT key, value FROM daily WHERE date = ? ORDER BY key');
    const one = sqlite.prepare<[string, string], Row>('SELECT key, value FROM daily WHERE date = ? AND key = ?');
    reads = 0;
    rows = createTodayRows(sqlite, {
      all: (date) => {
        reads += 1;
        return all.all(date);
      },
      one: (date, key) => one.get(date, key),
      key: (row) => row.key,
    });
  });
  afterEach(() => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a rollups listener does: the row written, then named. */
  const write = (date: string, key: string, value: number) => {
    sqlite
      .prepare('INSERT INTO daily VALUES (?, ?, ?) ON CONFLICT (date, key) DO UPDATE SET value = excluded.value')
      .run(date, key, value);
    rows.touched(date, key);
  };
  const sorted = (list: readonly Row[]) => [...list].sort((x, y) => (x.key < y.key ? -1 : 1));
  const inSqlite = (date: string) =>
    sqlite.prepare<[string], Row>('SELECT key, value FROM daily WHERE date = ? ORDER BY key').all(date);

  it('reads the day once, then only the rows written since', () => {
    expect(sorted(rows.on(TODAY))).toEqual(inSqlite(TODAY));
    inTransaction(sqlite, () => {
      write(TODAY, 'a', 10);
      write(TODAY, 'c', 3);
    });
    write('2026-11-23', 'a', 7);
    sqlite.prepare('DELETE FROM daily WHERE date = ? AND key = ?').run(TODAY, 'b');
    rows.touched(TODAY, 'b');
    expect(sorted(rows.on(TODAY))).toEqual([
      { key: 'a', value: 10 },
      { key: 'c', value: 3 },
    ]);
    expect(reads).toBe(1);
  });

  it('never keeps what a rolled back transaction wrote, nor what it read inside one', () => {
    rows.on(TODAY);
    expect(() =>
      inTransaction(sqlite, () => {
        write(TODAY, 'a', 99);
        expect(sorted(rows.on(TODAY))).toContainEqual({ key: 'a', value: 99 });
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(sorted(rows.on(TODAY))).toEqual(inSqlite(TODAY));
    expect(sorted(rows.on(TODAY))).toContainEqual({ key: 'a', value: 1 });
  });

  it('gives the rows it has just answered by key, and none inside a transaction or for another day', () => {
    const byKeyOf = (date: string) => {
      const map = rows.byKey(date);
      return map && [...map].sort(([x], [y]) => (x < y ? -1 : 1));
    };
    rows.on(TODAY);
    expect(byKeyOf(TODAY)).toEqual(inSqlite(TODAY).map((row) => [row.key, row]));
    write(TODAY, 'c', 3);
    rows.on(TODAY);
    expect(byKeyOf(TODAY)).toEqual(inSqlite(TODAY).map((row) => [row.key, row]));
    expect(rows.byKey('2026-11-23')).toBeUndefined();
    inTransaction(sqlite, () => {
      write(TODAY, 'a', 99);
      rows.on(TODAY);
      expect(rows.byKey(TODAY)).toBeUndefined();
    });
  });

  it('names the keys read again since a mark, none once the day was read afresh', async () => {
    rows.on(TODAY);
    const mark = rows.mark(TODAY)!;
    expect(rows.changedSince(TODAY, mark)).toEqual([]);
    write(TODAY, 'a', 10);
    write(TODAY, 'c', 3);
    rows.on(TODAY);
    const later = rows.mark(TODAY)!;
    write(TODAY, 'a', 11);
    rows.on(TODAY);
    expect(rows.changedSince(TODAY, mark)).toEqual(['a', 'c', 'a']);
    expect(rows.changedSince(TODAY, later)).toEqual(['a']);
    inTransaction(sqlite, () => {
      write(TODAY, 'b', 5);
      rows.on(TODAY);
      expect(rows.mark(TODAY)).toBeUndefined();
    });
    const other = new Database(join(dir, 'db.sqlite'));
    other.prepare('UPDATE daily SET value = 42 WHERE date = ? AND key = ?').run(TODAY, 'b');
    other.close();
    await nextRun();
    rows.on(TODAY);
    expect(rows.changedSince(TODAY, later)).toBeUndefined();
    expect(rows.changedSince(TODAY, rows.mark(TODAY)!)).toEqual([]);
  });

  it('reads the day again when another connection commits, and on a new day', async () => {
    rows.on(TODAY);
    const other = new Database(join(dir, 'db.sqlite'));
    other.prepare('UPDATE daily SET value = 42 WHERE date = ? AND key = ?').run(TODAY, 'b');
    other.close();
    await nextRun();
    expect(sorted(rows.on(TODAY))).toContainEqual({ key: 'b', value: 42 });
    expect(reads).toBe(2);
    expect(rows.on('2026-11-23')).toEqual([{ key: 'a', value: 5 }]);
    expect(reads).toBe(3);
  });
});
