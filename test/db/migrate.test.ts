import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadNodeConfig } from '../../src/config.js';
import { BACKUP_DIR } from '../../src/db/backup.js';
import { knownMigrations, migrate, SchemaTooNewError, upgradeDatabase } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { openNode } from '../../src/node.js';
import { HQ_DATABASE_FILE, openHq } from '../../sync/hq/hq-node.js';

const tags = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT tag FROM schema_migrations ORDER BY idx').all() as { tag: string }[]).map((r) => r.tag);
  } finally {
    db.close();
  }
};

describe('migrations', () => {
  it('are idempotent and leave the pragmas of a store database', () => {
    const database = openDatabase(mkdtempSync(join(tmpdir(), 'hoadon-mig-')));
    expect(migrate(database.sqlite).applied).toEqual(knownMigrations().map((m) => m.tag));
    expect(migrate(database.sqlite).applied).toEqual([]);
    expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(database.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    database.close();
  });

  it('back up an older database before upgrading it', async () => {
    // Two migrations of a test's own, the first applied: what a store has when a new release adds one.
    const folder = 'test/db/fixtures/two-migrations';
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-upgrade-'));
    const older = openDatabase(dataDir);
    const [first, second] = knownMigrations(folder);
    migrate(older.sqlite, { known: [first!], folder });

    const result = await upgradeDatabase(older.sqlite, dataDir, { folder, now: () => new Date() });
    older.close();
    expect(result).toEqual({ applied: [second!.tag], current: second!.tag });
    const backups = readdirSync(join(dataDir, BACKUP_DIR));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^before-0001_second-/);
    expect(tags(join(dataDir, BACKUP_DIR, backups[0]!))).toEqual([first!.tag]);
    expect(tags(older.path)).toEqual([first!.tag, second!.tag]);
  });

  it('make no backup on a fresh data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-fresh-'));
    const node = await openNode(loadNodeConfig({ dataDir, adminPassword: 'fresh-admin-pw' }, {}));
    await node.close();
    expect(() => readdirSync(join(dataDir, BACKUP_DIR))).toThrow();
  });

  it('refuse a database that has migrations this build does not know', () => {
    const database = openDatabase(mkdtempSync(join(tmpdir(), 'hoadon-new-')));
    migrate(database.sqlite);
    database.sqlite.prepare("INSERT INTO schema_migrations VALUES (999, '0999_future', 'x')").run();
    expect(() => migrate(database.sqlite)).toThrow(SchemaTooNewError);
    database.close();
  });

  it('refuse a headquarters database written by a newer hoadon, before writing to it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-new-'));
    (await openHq(dataDir)).close();
    const file = join(dataDir, HQ_DATABASE_FILE);
    const newer = new Database(file);
    newer.prepare("INSERT INTO schema_migrations VALUES (999, '0999_future', 'x')").run();
    newer.close();

    await expect(openHq(dataDir)).rejects.toThrow(SchemaTooNewError);
    expect(tags(file).at(-1)).toBe('0999_future');
    expect(() => readdirSync(join(dataDir, BACKUP_DIR))).toThrow();
  });
});
