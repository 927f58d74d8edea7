/**
 * Backups are readable by their owner only (0600), whatever the umask: `hoadon backup --out` (a real
 * process), the daily backup and the copy kept before a migration, each with its checksum file.
 */

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyBackup } from '../../src/backup/backup.service.js';
import { backupDatabase } from '../../src/db/backup.js';
import { DATABASE_FILE } from '../../src/db/open.js';
import { testClock } from '../support/clock.js';
import { runHoadon } from '../support/processes.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

const INVOICES = 'SELECT id, number, total, version FROM invoices ORDER BY id';

/** What a backup holds of the node's invoices, once its checksum file is found to match it. */
function invoicesIn(file: string) {
  const [sum] = readFileSync(`${file}.sha256`, 'utf8').split(/\s/);
  expect(sum).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
  const copy = new Database(file, { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    return copy.prepare(INVOICES).all();
  } finally {
    copy.close();
  }
}

let node: TestNode;
let previousUmask: number;

beforeAll(async () => {
  // The usual umask, under which a file is created 0644 unless its creator asks otherwise.
  previousUmask = process.umask(0o022);
  node = await startTestNode();
  expect((await node.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
});
afterAll(async () => {
  await node.close();
  process.umask(previousUmask);
});

describe('backup files', () => {
  it('hoadon backup --out writes the copy and its checksum 0600', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hoadon-out-')), 'store.sqlite');
    const r = runHoadon(['backup', '--out', out, '--data-dir', node.dataDir]);
    expect(r.status, r.stderr).toBe(0);
    expect(modeOf(out).toString(8)).toBe('600');
    expect(modeOf(`${out}.sha256`).toString(8)).toBe('600');
    const held = invoicesIn(out);
    expect(held).toHaveLength(1);
    expect(held).toEqual(node.node.services.storage.sqlite.prepare(INVOICES).all());
  });

  it('the daily backup and the copy before a migration are 0600', async () => {
    const daily = await dailyBackup(node.node.services.storage.sqlite, node.dataDir, testClock(), 7);
    expect(daily).toMatch(/daily-[^/]*\.sqlite$/);
    expect(modeOf(daily as string).toString(8)).toBe('600');
    expect(invoicesIn(daily as string)).toEqual(node.node.services.storage.sqlite.prepare(INVOICES).all());
    const source = new Database(join(node.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const before = await backupDatabase(source, join(node.dataDir, 'before-upgrade.sqlite'));
      expect(modeOf(before).toString(8)).toBe('600');
    } finally {
      source.close();
    }
  });
});
