import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDatabaseFile } from '../../src/db/open.js';
import { createWalSync } from '../../src/db/wal-sync.js';
import { createWriteQueue } from '../../src/db/write-queue.js';

const databaseAt = (path: string) => {
  const sqlite = openDatabaseFile(path);
  sqlite.exec('CREATE TABLE t (v INTEGER NOT NULL UNIQUE)');
  return sqlite;
};
const newPath = () => join(mkdtempSync(join(tmpdir(), 'hoadon-wq-')), 'q.sqlite');
const database = () => databaseAt(newPath());

/** The real WAL fsync, held back until the test lets each one go. */
function heldWalSync(path: string) {
  const wal = createWalSync(path);
  const held: (() => void)[] = [];
  return {
    sync: () => new Promise<void>((resolve, reject) => held.push(() => wal.sync().then(resolve, reject))),
    close: wal.close,
    calls: () => held.length,
    release: (call: number) => held[call]!(),
  };
}

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('group commit', () => {
  it('commits concurrent writes in one transaction, each in its own savepoint', async () => {
    const sqlite = database();
    const insert = sqlite.prepare('INSERT INTO t (v) VALUES (?)');
    let commits = 0;
    const queue = createWriteQueue(sqlite, { onCommitted: () => (commits += 1) });
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

  it('answers a batch once its WAL is fsynced off the connection (FULL again for the rest), and holds the next batch until then', async () => {
    const path = newPath();
    const sqlite = databaseAt(path);
    const wal = heldWalSync(path);
    const queue = createWriteQueue(sqlite, { syncWal: wal });
    const count = () => sqlite.prepare('SELECT count(*) AS n FROM t').get();

    const first = queue.run(() => sqlite.prepare('INSERT INTO t (v) VALUES (1)').run().changes);
    await new Promise((resolve) => setImmediate(resolve));
    expect(count()).toEqual({ n: 1 });
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(wal.calls()).toBe(1);
    expect(await settled(first)).toBe(false);
    expect(await settled(queue.durable())).toBe(false);

    // Asked for while the first fsync runs: committed in one batch once it is done, answered after a second.
    const second = queue.run(() => sqlite.prepare('INSERT INTO t (v) VALUES (2)').run().changes);
    const refused = queue.run(() => sqlite.prepare('INSERT INTO t (v) VALUES (1)').run());
    await new Promise((resolve) => setImmediate(resolve));
    expect(count()).toEqual({ n: 1 });
    const firstOnDisk = queue.durable();
    wal.release(0);
    await expect(first).resolves.toBe(1);
    await firstOnDisk;
    await expect(refused).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(count()).toEqual({ n: 2 });
    expect(wal.calls()).toBe(2);
    expect(await settled(second)).toBe(false);
    const secondOnDisk = queue.durable();
    expect(await settled(secondOnDisk)).toBe(false);
    wal.release(1);
    await expect(second).resolves.toBe(1);
    await secondOnDisk;
    expect(await settled(queue.durable())).toBe(true);

    // Closing waits for the fsync in flight.
    const third = queue.run(() => sqlite.prepare('INSERT INTO t (v) VALUES (3)').run().changes);
    await vi.waitFor(() => expect(wal.calls()).toBe(3));
    const closed = queue.close();
    expect(await settled(closed)).toBe(false);
    wal.release(2);
    await expect(third).resolves.toBe(1);
    await closed;
    sqlite.close();
  });

  it('answers durable() asked as soon as a write is answered', async () => {
    const path = newPath();
    const sqlite = databaseAt(path);
    const queue = createWriteQueue(sqlite, { syncWal: createWalSync(path) });
    // A GET that wrote asks for durable() in its onSend hook, in the same turn as the write's answer.
    await queue.run(() => sqlite.prepare('INSERT INTO t (v) VALUES (1)').run());
    expect(await settled(queue.durable())).toBe(true);
    await queue.close();
    sqlite.close();
  });

  it('answers the committed jobs of a batch whose fsync failed with a storage error', async () => {
    const path = newPath();
    const sqlite = databaseAt(path);
    // A WAL that is not there to be synced: the fsync fails as a failing disk's would.
    const queue = createWriteQueue(sqlite, { syncWal: createWalSync(`${path}.elsewhere`) });
    const written = queue.run(() => sqlite.prepare('INSERT INTO t (v) VALUES (1)').run());
    await expect(written).rejects.toMatchObject({ code: 'SQLITE_IOERR_FSYNC' });
    await expect(queue.durable()).resolves.toBeUndefined();
    sqlite.close();
  });
});
