/**
 * Backups a store owner can trust: made with SQLite's online backup API while cashiers keep working, each
 * with a SHA-256 beside it, checked before any restore (checksum, integrity, schema not newer than this
 * build), and a daily copy kept N days. With a backup passphrase set (HOADON_BACKUP_PASSPHRASE), a backup
 * also holds the store's secrets (the signing key and certificates, the token's PIN, the HQ credential),
 * all encrypted (backup-archive.ts), and a restore onto an empty machine gives a node that signs and syncs
 * as before; without one it is the database alone, as readable as the database itself.
 */

import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import { BACKUP_DIR, backupPath } from '../db/backup.js';
import { planMigrations, SchemaMismatchError } from '../db/migrate.js';
import { DATABASE_FILE, openDatabaseFile } from '../db/open.js';
import { PRIVATE_FILE_MODE } from '../db/private-file.js';
import {
  type ArchiveEntry,
  BackupPassphraseError,
  isEncryptedBackup,
  readEncryptedArchive,
  writeEncryptedArchive,
} from './backup-archive.js';
import { backupOnThread } from './backup-thread.js';
import { sha256File } from './sha256-file.js';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** The database's name inside an encrypted backup. */
const DATABASE_ENTRY = 'database.sqlite';

/** What encrypts a backup and which of the data dir's secrets go in it (files or folders, relative). */
export interface BackupEncryption {
  passphrase: string;
  dataDir: string;
  secrets: readonly string[];
}

/** An encrypted backup's name: the plain one's with `.age` for `.sqlite`. */
export const encryptedName = (file: string) => file.replace(/\.sqlite$/, '.age');

/** Every file under the data dir's `secrets` (a missing one is skipped: no token, no HQ). */
function secretEntries(dataDir: string, secrets: readonly string[]): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    // Half-written files of an interrupted write are not secrets.
    if (!path.endsWith('.tmp')) entries.push({ name: relative(dataDir, path).split('\\').join('/'), path });
  };
  for (const secret of secrets) add(join(dataDir, secret));
  return entries;
}

/**
 * Copies the database of `sqlite` while the node serves, off its event loop (backup-thread.ts); with
 * `encryption`, into an encrypted archive with the store's secrets (named `.age`).
 */
export async function createBackup(
  sqlite: Database.Database,
  file: string,
  encryption?: BackupEncryption,
): Promise<{ file: string; sha256: string }> {
  if (!encryption) {
    const sha256 = await backupOnThread(sqlite.name, file);
    writeFileSync(`${file}.sha256`, `${sha256}  ${basename(file)}\n`, { mode: PRIVATE_FILE_MODE });
    return { file, sha256 };
  }
  const out = encryptedName(file);
  const copy = `${out}.database`;
  try {
    await backupOnThread(sqlite.name, copy);
    const entries = [{ name: DATABASE_ENTRY, path: copy }, ...secretEntries(encryption.dataDir, encryption.secrets)];
    const temporary = `${out}.partial`;
    await writeEncryptedArchive(temporary, entries, encryption.passphrase);
    renameSync(temporary, out);
  } finally {
    rmSync(copy, { force: true });
    rmSync(`${out}.partial`, { force: true });
  }
  const sha256 = await sha256File(out);
  writeFileSync(`${out}.sha256`, `${sha256}  ${basename(out)}\n`, { mode: PRIVATE_FILE_MODE });
  return { file: out, sha256 };
}

/** Refuses a file that does not match the SHA-256 written beside it. */
async function verifyChecksum(file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`Không tìm thấy tệp sao lưu ${file}.`);
  const checksumFile = `${file}.sha256`;
  if (existsSync(checksumFile)) {
    const expected = readFileSync(checksumFile, 'utf8').split(/\s+/)[0];
    if (expected !== (await sha256File(file)))
      throw new BackupError('Tệp sao lưu không khớp mã SHA-256 đi kèm: tệp đã bị hỏng hoặc bị sửa.');
  }
}

/** Refuses a file that is corrupt, does not match its checksum, or was written by a newer hoadon. */
export async function verifyBackupFile(file: string): Promise<void> {
  await verifyChecksum(file);
  await verifyDatabase(file);
}

async function verifyDatabase(file: string): Promise<void> {
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
 * Puts a verified backup in place of the data dir's database (and, from an encrypted one, its secrets).
 * The node must be stopped; the database being replaced is kept in backups/ first.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
  clock: Clock,
  passphrase?: string,
): Promise<{ replacedCopy?: string; secrets: string[] }> {
  await verifyChecksum(file);
  if (!isEncryptedBackup(file)) {
    await verifyDatabase(file);
    return { ...(await replaceDatabase(dataDir, file, clock)), secrets: [] };
  }
  if (!passphrase)
    throw new BackupError(
      'Tệp sao lưu được mã hóa: cần mật khẩu sao lưu (HOADON_BACKUP_PASSPHRASE hoặc --passphrase-stdin).',
    );
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(join(dataDir, '.restoring-'));
  try {
    let names: string[];
    try {
      names = await readEncryptedArchive(file, passphrase, staging);
    } catch (error) {
      if (error instanceof BackupPassphraseError) throw new BackupError(error.message);
      throw new BackupError(`Tệp sao lưu mã hóa hỏng hoặc bị sửa: ${(error as Error).message}`);
    }
    if (!names.includes(DATABASE_ENTRY)) throw new BackupError('Tệp sao lưu mã hóa không chứa cơ sở dữ liệu.');
    await verifyDatabase(join(staging, DATABASE_ENTRY));
    const replaced = await replaceDatabase(dataDir, join(staging, DATABASE_ENTRY), clock);
    const secrets = names.filter((name) => name !== DATABASE_ENTRY);
    for (const name of secrets) {
      const target = join(dataDir, name);
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      cpSync(join(staging, name), target);
    }
    return { ...replaced, secrets };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function replaceDatabase(dataDir: string, file: string, clock: Clock): Promise<{ replacedCopy?: string }> {
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
  encryption?: BackupEncryption,
): Promise<string | undefined> {
  const dir = join(dataDir, BACKUP_DIR);
  const dailies = () =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.startsWith(`${DAILY}-`) && (f.endsWith('.sqlite') || f.endsWith('.age')))
          .sort()
      : [];
  // Names carry the UTC time in a fixed format, so comparing names (without their suffix) compares times.
  const stem = (name: string) => name.replace(/\.(sqlite|age)$/, '');
  const newest = dailies().at(-1);
  const aDayAgo = stem(basename(backupPath(dataDir, DAILY, new Date(clock.now().getTime() - 24 * 3600 * 1000))));
  let made: string | undefined;
  if (!newest || stem(newest) <= aDayAgo) {
    made = (await createBackup(sqlite, backupPath(dataDir, DAILY, clock.now()), encryption)).file;
  }
  for (const old of dailies().slice(0, Math.max(0, dailies().length - keep))) {
    rmSync(join(dir, old), { force: true });
    rmSync(join(dir, `${old}.sha256`), { force: true });
  }
  return made;
}
