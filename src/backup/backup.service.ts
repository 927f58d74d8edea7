/**
 * Backups a store owner can trust: made with SQLite's online backup API while cashiers keep working, each
 * with a SHA-256 beside it, checked before any restore (checksum, integrity, schema not newer than this
 * build), and a daily copy kept N days.
 */
import type Database from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Clock } from '../clock.js';
import { BACKUP_DIR, backupPath } from '../db/backup.js';
import { planMigrations, SchemaMismatchError } from '../db/migrate.js';
import { DATABASE_FILE, openDatabaseFile } from '../db/open.js';
import { backupOnThread } from './backup-thread.js';
import { PRIVATE_FILE_MODE } from '../db/private-file.js';
import { sha256File } from './sha256-file.js';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Copies the database of `sqlite` while the node serves, off its event loop (backup-thread.ts). */
export async function createBackup(sqlite: Database.Database, file: string): Promise<{ file: string; sha256: string }> {
  const sha256 = await backupOnThread(sqlite.name, file);
  writeFileSync(`${file}.sha256`, `${sha256}  ${basename(file)}\n`, { mode: PRIVATE_FILE_MODE });
  return { file, sha256 };
}

/** Refuses a file that is corrupt, does not match its checksum, or was written by a newer hoadon. */
export async function verifyBackupFile(file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`Không tìm thấy tệp sao lưu ${file}.`);
  const checksumFile = `${file}.sha256`;
  if (existsSync(checksumFile)) {
    const expected = readFileSync(checksumFile, 'utf8').split(/\s+/)[0];
    if (expected !== (await sha256File(file)))
      throw new BackupError('Tệp sao lưu không khớp mã SHA-256 đi kèm: tệp đã bị hỏng hoặc bị sửa.');
  }
  let db: Database.Database | undefined;
  try {
    db = openDatabaseFile(file, { readonly: true });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`Tệp sao lưu hỏng (integrity_check: ${String(check)}).`);
    planMigrations(db);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof SchemaMismatchError) throw new BackupError(error.message);
    throw new BackupError(`Không đọc được tệp sao lưu như một cơ sở dữ liệu SQLite (${(error as Error).message}).`);
  } finally {
    db?.close();
  }
}

export const PID_FILE = 'hoadon.pid';

function nodeIsRunning(dataDir: string): boolean {
  const pidFile = join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts a verified backup in place of the data dir's database. The node must be stopped; the database
 * being replaced is kept in backups/ first.
 */
export async function restoreBackup(dataDir: string, file: string, clock: Clock): Promise<{ replacedCopy?: string }> {
  await verifyBackupFile(file);
  if (nodeIsRunning(dataDir))
    throw new BackupError('hoadon serve đang chạy trên thư mục dữ liệu này: hãy dừng nó trước khi khôi phục.');
  const target = join(dataDir, DATABASE_FILE);
  let replacedCopy: string | undefined;
  if (existsSync(target)) {
    const live = openDatabaseFile(target);
    live.pragma('wal_checkpoint(TRUNCATE)');
    live.close();
    replacedCopy = backupPath(dataDir, 'before-restore', clock.now());
    renameSync(target, replacedCopy);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  const temporary = `${target}.restoring`;
  copyFileSync(file, temporary);
  renameSync(temporary, target);
  return replacedCopy ? { replacedCopy } : {};
}

const DAILY = 'daily';

/** Makes today's daily backup when the newest is a day old, and keeps the newest `keep`. */
export async function dailyBackup(
  sqlite: Database.Database,
  dataDir: string,
  clock: Clock,
  keep: number,
): Promise<string | undefined> {
  const dir = join(dataDir, BACKUP_DIR);
  const dailies = () =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.startsWith(`${DAILY}-`) && f.endsWith('.sqlite'))
          .sort()
      : [];
  // Names carry the UTC time in a fixed format, so comparing names compares times.
  const newest = dailies().at(-1);
  const aDayAgo = basename(backupPath(dataDir, DAILY, new Date(clock.now().getTime() - 24 * 3600 * 1000)));
  let made: string | undefined;
  if (!newest || newest <= aDayAgo) {
    made = (await createBackup(sqlite, backupPath(dataDir, DAILY, clock.now()))).file;
  }
  for (const old of dailies().slice(0, Math.max(0, dailies().length - keep))) {
    rmSync(join(dir, old), { force: true });
    rmSync(join(dir, `${old}.sha256`), { force: true });
  }
  return made;
}
