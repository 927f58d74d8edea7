/**
 * The one place that opens the SQLite database. WAL so readers never block the cashier's write,
 * synchronous=FULL so an invoice acknowledged with 201 survives a power cut, foreign keys on.
 */

import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteNativeBinding } from './native-binding.js';
import { PRIVATE_FILE_MODE } from './private-file.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface OpenedDatabase {
  sqlite: Database.Database;
  db: Db;
  path: string;
  close(): void;
}

export const DATABASE_FILE = 'hoadon.sqlite';

/** Creates the data dir readable by the node's user only: it holds invoices, keys and passwords. */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/** Any SQLite file of hoadon (store, headquarters, simulator, a backup) opened with the node's pragmas. */
export function openDatabaseFile(path: string, options: { readonly?: boolean } = {}): Database.Database {
  const nativeBinding = sqliteNativeBinding();
  const sqlite = new Database(path, {
    readonly: options.readonly ?? false,
    fileMustExist: options.readonly ?? false,
    ...(nativeBinding ? { nativeBinding: nativeBinding as unknown as string } : {}),
  });
  if (!options.readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The group commit gives each request a savepoint, whose undo copies of pages (one request's, a few
  // hundred KB) SQLite would otherwise write to a temporary file: 4.5 % of the write path, timed in-process.
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/**
 * Makes the database file 0600 before SQLite opens it, and its -wal and -shm files left from before:
 * SQLite gives the files it creates beside a database the database file's mode, so all three end up
 * readable by the node's user only, like the other secrets (docs/security.md, F9).
 */
function makeDatabasePrivate(path: string): void {
  if (!existsSync(path)) writeFileSync(path, '', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
}

export function openDatabase(dataDir: string, options: { readonly?: boolean } = {}): OpenedDatabase {
  ensureDataDir(dataDir);
  const path = join(dataDir, DATABASE_FILE);
  if (!options.readonly) makeDatabasePrivate(path);
  const sqlite = openDatabaseFile(path, options);
  const db = drizzle(sqlite, { schema }) as Db;
  return {
    sqlite,
    db,
    path,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}
