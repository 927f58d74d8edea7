/**
 * Copies of the live database made with SQLite's online backup API: readers and the cashier's writes go
 * on while it runs. Written to a temporary name and renamed, so a file named like a backup is complete.
 */

import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { createPrivateFile } from './private-file.js';

export const BACKUP_DIR = 'backups';

export async function backupDatabase(sqlite: Database.Database, file: string): Promise<string> {
  const temporary = `${file}.partial`;
  createPrivateFile(temporary);
  await sqlite.backup(temporary);
  renameSync(temporary, file);
  return file;
}

/** `<data>/backups/<label>-<UTC time>.sqlite` */
export function backupPath(dataDir: string, label: string, at: Date): string {
  const dir = join(dataDir, BACKUP_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return join(dir, `${label}-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`);
}
