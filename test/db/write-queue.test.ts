import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../src/db/open.js';
import { createWriteQueue } from '../../src/db/write-queue.js';

const database = () => {
  const sqlite = openDatabaseFile(join(mkdtempSync(join(tmpdir(), 'hoadon-wq-')), 'q.sqlite'));
  sqlite.exec('CREATE TABLE t (v INTEGER NOT NULL UNIQUE)');
  return sqlite;
};

describe('group commit', () => {
  it('commits concurrent writes in one transaction, each in its own savepoint', async () => {
    const sqlite = database();
    const insert = sqlite.prepare('INSERT INTO t (v) VALUES (?)');
    let commits = 0;
    const queue = createWriteQueue(sqlite, () => (commits += 1));
    const results = await Promise.allSettled([1, 2, 2, 3].map((v) => queue.run(() => insert.run(v).changes)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(commits).toBe(1);
    expect(sqlite.prepare('SELECT v FROM t ORDER BY v').all()).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
  });

  it('rejects the whole batch when SQLite rolls the transaction back (disk full)', async () => {
    const sqlite = database();
    sqlite.prepare('INSERT INTO t (v) VALUES (0)').run();
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true })}`);
    const queue = createWriteQueue(sqlite);
    const small = queue.run(() => sqlite.prepare('INSERT INTO t (v) VALUES (1)').run());
    const big = queue.run(() => {
      const insert = sqlite.prepare('INSERT INTO t (v) VALUES (?)');
      for (let v = 2; v < 100_000; v += 1) insert.run(v);
    });
    await expect(big).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    await expect(small).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    expect(sqlite.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
  });
});
