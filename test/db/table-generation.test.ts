/** When what is read from rarely written tables may be kept, and when it must be read again (src/db/data-generation.ts). */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberedUntilChanged, tableGeneration } from '../../src/db/data-generation.js';
import { openDatabaseFile } from '../../src/db/open.js';
import { nextRun } from '../support/next-run.js';

describe('a generation of some tables', () => {
  let dir: string;
  let sqlite: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hoadon-table-generation-'));
    sqlite = openDatabaseFile(join(dir, 'db.sqlite'));
    sqlite.exec('CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT); CREATE TABLE invoices (id)');
    sqlite.exec("INSERT INTO settings VALUES ('config', 'a')");
  });
  afterEach(() => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The settings' value as a cache over the generation keeps it, and how many times it was read. */
  const remembered = () => {
    const value = sqlite.prepare<[], string>("SELECT value FROM settings WHERE name = 'config'").pluck();
    let reads = 0;
    const read = rememberedUntilChanged(tableGeneration(sqlite, ['settings']), () => {
      reads += 1;
      return value.get();
    });
    return { read: () => read(undefined), reads: () => reads };
  };

  it('stays still while other tables are written, and moves at a write of its own by any statement', async () => {
    const settings = remembered();
    expect(settings.read()).toBe('a');
    for (let i = 0; i < 5; i++) sqlite.exec('INSERT INTO invoices VALUES (1)');
    await nextRun();
    expect(settings.read()).toBe('a');
    expect(settings.reads()).toBe(1);
    sqlite.exec("UPDATE settings SET value = 'b'");
    expect(settings.read()).toBe('b');
    sqlite.exec("INSERT INTO settings VALUES ('till', 'x')");
    expect(settings.read()).toBe('b');
    expect(settings.reads()).toBe(3);
  });

  it('keeps nothing read inside a transaction that wrote it, and reads again after a rollback', () => {
    const settings = remembered();
    expect(() =>
      sqlite.transaction(() => {
        sqlite.exec("UPDATE settings SET value = 'rolled back'");
        expect(settings.read()).toBe('rolled back');
        expect(settings.read()).toBe('rolled back');
        throw new Error('refused');
      })(),
    ).toThrow('refused');
    expect(settings.read()).toBe('a');
    expect(settings.read()).toBe('a');
    // Read inside the transaction every time, once after it, then kept.
    expect(settings.reads()).toBe(3);
  });

  it('sees a rolled back savepoint once its outer transaction is over', () => {
    const settings = remembered();
    sqlite.transaction(() => {
      expect(() =>
        sqlite.transaction(() => {
          sqlite.exec("UPDATE settings SET value = 'undone'");
          expect(settings.read()).toBe('undone');
          throw new Error('refused');
        })(),
      ).toThrow('refused');
      expect(settings.read()).toBe('a');
      sqlite.exec('INSERT INTO invoices VALUES (1)');
    })();
    expect(settings.read()).toBe('a');
    expect(settings.read()).toBe('a');
    expect(settings.reads()).toBe(3);
  });

  it("sees another connection's commit from the next turn of the event loop", async () => {
    const settings = remembered();
    expect(settings.read()).toBe('a');
    const other = new Database(join(dir, 'db.sqlite'));
    other.exec("UPDATE settings SET value = 'from another process'");
    other.exec('INSERT INTO invoices VALUES (2)');
    // Within the run that read it, the value stands as if the commit had come a moment later.
    expect(settings.read()).toBe('a');
    await nextRun();
    expect(settings.read()).toBe('from another process');
    other.exec('INSERT INTO invoices VALUES (3)');
    await nextRun();
    // Another connection's commit may have written the table: it is read again, once.
    expect(settings.read()).toBe('from another process');
    expect(settings.read()).toBe('from another process');
    expect(settings.reads()).toBe(3);
    other.close();
  });
});
