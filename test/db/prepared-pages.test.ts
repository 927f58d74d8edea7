import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../src/db/open.js';
import { preparedPages } from '../../src/db/prepared.js';

const things = sqliteTable('things', { id: integer('id').primaryKey(), kind: text('kind').notNull() });
const dir = mkdtempSync(join(tmpdir(), 'hoadon-pages-'));
const sqlite = openDatabaseFile(join(dir, 'pages.sqlite'));
sqlite.exec(`CREATE TABLE things (id integer PRIMARY KEY, kind text NOT NULL);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
  INSERT INTO things SELECT i, CASE WHEN i % 2 THEN 'odd' ELSE 'even' END FROM n`);
const db = drizzle(sqlite);
afterAll(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('preparedPages', () => {
  const page = preparedPages<number>(
    sqlite,
    db
      .select({ id: things.id })
      .from(things)
      .where(sql`${things.kind} = ${sql.placeholder('kind')}`)
      .orderBy(desc(things.id)),
    { keep: 2 },
  );

  it('answers the page of each limit and offset asked, with the placeholders bound, past the statements it keeps', () => {
    for (const [limit, offset] of [
      [3, 0],
      [5, 2],
      [1, 24],
      [3, 1],
      [4, 23],
      [5, 0],
    ] as const) {
      const odd = Array.from({ length: 25 }, (_, i) => 49 - 2 * i).slice(offset, offset + limit);
      expect(page({ kind: 'odd' }, limit, offset)).toEqual(odd);
    }
    expect(page({ kind: 'even' }, 2, 0)).toEqual([50, 48]);
    expect(page({ kind: 'none' }, 2, 0)).toEqual([]);
  });

  it('writes the limit into the SQL as a whole number', () => {
    expect(page({ kind: 'odd' }, 2.9, 0)).toEqual([49, 47]);
  });
});
