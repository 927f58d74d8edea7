import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHECKPOINT_SPACING_MS, createCheckpointThread, WAL_BACKSTOP_PAGES } from '../../src/db/checkpoint-thread.js';
import { openDatabaseFile } from '../../src/db/open.js';
import { createWriteQueue } from '../../src/db/write-queue.js';
import { invoiceBody, startTestNode } from '../support/test-node.js';

/** A database file with a table of 4 KB rows. */
function database() {
  const path = join(mkdtempSync(join(tmpdir(), 'hoadon-checkpoint-')), 'c.sqlite');
  const sqlite = openDatabaseFile(path);
  sqlite.exec('CREATE TABLE pages (body BLOB NOT NULL)');
  return { sqlite, path };
}

/**
 * Commits about 2,000 pages (more than SQLite's own automatic checkpoint lets the WAL hold) through the
 * group commit, the first row starting with `marker`.
 */
function commitPages(
  sqlite: ReturnType<typeof openDatabaseFile>,
  queue: ReturnType<typeof createWriteQueue>,
  marker: Buffer,
) {
  const insert = sqlite.prepare('INSERT INTO pages (body) VALUES (?)');
  return queue.run(() => {
    insert.run(Buffer.concat([marker, randomBytes(3_500)]));
    for (let i = 1; i < 2_000; i += 1) insert.run(randomBytes(3_500));
  });
}

/** Whether the database file itself (not the WAL) holds these bytes: only a checkpoint puts them there. */
const inDatabaseFile = (path: string, marker: Buffer) => readFileSync(path).includes(marker);

describe('checkpoint thread', () => {
  it('copies what each group commit wrote into the database file, off the committing connection', async () => {
    const { sqlite, path } = database();
    const checkpoints = createCheckpointThread(sqlite, path);
    const queue = createWriteQueue(sqlite, { onCommitted: () => checkpoints.committed() });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_BACKSTOP_PAGES);

    const first = randomBytes(32);
    await commitPages(sqlite, queue, first);
    await vi.waitFor(() => expect(checkpoints.finished()).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    expect(inDatabaseFile(path, first)).toBe(true);
    expect(checkpoints.running()).toBe(true);

    const second = randomBytes(32);
    await commitPages(sqlite, queue, second);
    await vi.waitFor(() => expect(inDatabaseFile(path, second)).toBe(true), { timeout: 10_000 });
    await checkpoints.close();
    expect(checkpoints.running()).toBe(false);
    expect(sqlite.prepare('SELECT count(*) AS n FROM pages').get()).toEqual({ n: 4_000 });
    sqlite.close();
  });

  it('leaves the pages in the WAL when nobody tells it of a commit (the backstop is far above a group commit)', async () => {
    const { sqlite, path } = database();
    const checkpoints = createCheckpointThread(sqlite, path);
    const marker = randomBytes(32);
    await commitPages(sqlite, createWriteQueue(sqlite), marker);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inDatabaseFile(path, marker)).toBe(false);
    expect(checkpoints.running()).toBe(false);
    await checkpoints.close();
    sqlite.close();
  });

  it('starts a checkpoint at most once per spacing, the commits between copied by the next one', async () => {
    const { sqlite, path } = database();
    const insert = sqlite.prepare('INSERT INTO pages (body) VALUES (?)');
    const commitOne = (queue: ReturnType<typeof createWriteQueue>, marker: Buffer) =>
      queue.run(() => insert.run(Buffer.concat([marker, randomBytes(3_500)])));

    // A spacing no test outlasts: after the first checkpoint, commits only wait in the WAL.
    const slow = createCheckpointThread(sqlite, path, { spacingMs: 600_000 });
    const writes = createWriteQueue(sqlite, { onCommitted: () => slow.committed() });
    const first = randomBytes(32);
    await commitOne(writes, first);
    await vi.waitFor(() => expect(slow.finished()).toBe(1), { timeout: 10_000 });
    expect(inDatabaseFile(path, first)).toBe(true);
    const waiting = [randomBytes(32), randomBytes(32), randomBytes(32)];
    for (const marker of waiting) await commitOne(writes, marker);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(slow.finished()).toBe(1);
    for (const marker of waiting) expect(inDatabaseFile(path, marker)).toBe(false);
    await slow.close();

    // With a short spacing the waiting commits reach the file in one checkpoint after it.
    const quick = createCheckpointThread(sqlite, path, { spacingMs: 100 });
    const more = createWriteQueue(sqlite, { onCommitted: () => quick.committed() });
    const last = randomBytes(32);
    await commitOne(more, last);
    await vi.waitFor(() => expect(inDatabaseFile(path, last)).toBe(true), { timeout: 10_000 });
    for (const marker of waiting) expect(inDatabaseFile(path, marker)).toBe(true);
    await quick.close();
    sqlite.close();
  });

  it('stops when idle, starts again at the next commit, and never after close', async () => {
    const { sqlite, path } = database();
    // No spacing (the test above has it): a commit within 200 ms of the last checkpoint would otherwise start
    // the thread only when its spaced request fires, and whether it had was a matter of the machine's speed.
    const checkpoints = createCheckpointThread(sqlite, path, { idleStopMs: 50, spacingMs: 0 });
    const writes = createWriteQueue(sqlite, { onCommitted: () => checkpoints.committed() });
    await commitPages(sqlite, writes, randomBytes(32));
    expect(checkpoints.running()).toBe(true);
    await vi.waitFor(() => expect(checkpoints.running()).toBe(false), { timeout: 10_000 });
    const finishedBefore = checkpoints.finished();

    const again = randomBytes(32);
    await commitPages(sqlite, writes, again);
    expect(checkpoints.running()).toBe(true);
    await vi.waitFor(() => expect(checkpoints.finished()).toBeGreaterThan(finishedBefore), { timeout: 10_000 });
    expect(inDatabaseFile(path, again)).toBe(true);

    await checkpoints.close();
    await commitPages(sqlite, writes, randomBytes(32));
    expect(checkpoints.running()).toBe(false);
    sqlite.close();
  });

  it("is the store node's: its invoices reach the database file while it runs", async () => {
    const node = await startTestNode();
    try {
      const { checkpoints } = node.node.services;
      const { sqlite } = node.node.services.storage;
      const before = checkpoints.finished();
      const created = await node.request('POST', '/invoices', {
        body: invoiceBody(),
        headers: { 'x-idempotency-key': randomUUID() },
      });
      expect(created.status).toBe(201);
      await vi.waitFor(() => expect(checkpoints.finished()).toBeGreaterThan(before), { timeout: 10_000 });
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_BACKSTOP_PAGES);
    } finally {
      await node.close();
    }
  });

  it('has finished with the data dir once the node is closed, even closed in the middle of a checkpoint', async () => {
    for (let round = 0; round < 10; round += 1) {
      const node = await startTestNode();
      const { checkpoints } = node.node.services;
      const issue = () =>
        node.request('POST', '/invoices', { body: invoiceBody(), headers: { 'x-idempotency-key': randomUUID() } });
      expect((await issue()).status).toBe(201);
      await vi.waitFor(() => expect(checkpoints.finished()).toBe(1), { timeout: 10_000 });
      // Past the spacing, the next commit asks for a checkpoint at once.
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_SPACING_MS));
      // The thread is up and the commit has just asked it for a checkpoint; closing removes the data dir at once.
      expect((await issue()).status).toBe(201);
      await node.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(existsSync(node.dataDir)).toBe(false);
    }
  });
});
