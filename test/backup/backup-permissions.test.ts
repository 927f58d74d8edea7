/**
 * Backups are readable by their owner only (0600), whatever the umask: `hoadon backup --out` (a real
 * process), the daily backup and the copy kept before a migration, each with its checksum file.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyBackup } from '../../src/backup/backup.service.js';
import { backupDatabase } from '../../src/db/backup.js';
import { DATABASE_FILE } from '../../src/db/open.js';
import { testClock } from '../support/clock.js';
import { runHoadon } from '../support/processes.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

let node: TestNode;
let previousUmask: number;

beforeAll(async () => {
  // The usual umask, under which a file is created 0644 unless its creator asks otherwise.
  previousUmask = process.umask(0o022);
  node = await startTestNode();
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
  });

  it('the daily backup and the copy before a migration are 0600', async () => {
    const daily = await dailyBackup(node.node.services.sqlite, node.dataDir, testClock(), 7);
    expect(daily).toBeDefined();
    expect(modeOf(daily as string).toString(8)).toBe('600');
    const source = new Database(join(node.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const before = await backupDatabase(source, join(node.dataDir, 'before-upgrade.sqlite'));
      expect(modeOf(before).toString(8)).toBe('600');
    } finally {
      source.close();
    }
  });
});
