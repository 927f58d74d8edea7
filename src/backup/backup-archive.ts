/**
 * An encrypted backup: a tar archive (tar-stream) of the database copy and the store's secrets (the signing
 * key and certificates, the token's PIN, the HQ credential), encrypted as an age file (age-encryption.org/v1,
 * the `age-encryption` package: scrypt from the passphrase, ChaCha20-Poly1305 in 64 KiB chunks), written
 * 0600. `age -d` opens one as well as `hoadon restore` does (docs/security.md "Backups").
 */

import { closeSync, createReadStream, createWriteStream, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Decrypter, Encrypter } from 'age-encryption';
import tar from 'tar-stream';
import { createPrivateFile } from '../db/private-file.js';

/** The first line of every age file. */
const AGE_HEADER = 'age-encryption.org/v1';

export class BackupPassphraseError extends Error {
  override name = 'BackupPassphraseError';
}

/** Whether `file` is an encrypted backup (an age file) rather than a plain database copy. */
export function isEncryptedBackup(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(AGE_HEADER.length);
    readSync(fd, head, 0, head.length, 0);
    return head.toString('latin1') === AGE_HEADER;
  } finally {
    closeSync(fd);
  }
}

export interface ArchiveEntry {
  /** The path inside the archive (forward slashes, relative). */
  name: string;
  /** The file it is read from. */
  path: string;
}

/** Writes `entries` to `out` as an age-encrypted tar, the file created 0600 before anything is in it. */
export async function writeEncryptedArchive(out: string, entries: ArchiveEntry[], passphrase: string): Promise<void> {
  const pack = tar.pack();
  const filling = (async () => {
    for (const entry of entries) {
      const { size } = statSync(entry.path);
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, size, mode: 0o600 }, (error) =>
          error ? reject(error) : resolve(),
        );
        createReadStream(entry.path).on('error', reject).pipe(sink);
      });
    }
    pack.finalize();
  })();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  const encrypted = await encrypter.encrypt(Readable.toWeb(Readable.from(pack)) as ReadableStream<Uint8Array>);
  createPrivateFile(out);
  await Promise.all([
    filling,
    pipeline(
      Readable.fromWeb(encrypted as import('node:stream/web').ReadableStream),
      createWriteStream(out, { flags: 'r+' }),
    ),
  ]);
}

/** The path inside `dir` of an archive entry; refuses one that would land outside it. */
function inside(dir: string, name: string): string {
  const target = normalize(join(dir, name));
  if (!target.startsWith(`${normalize(dir)}${sep}`)) throw new BackupPassphraseError(`Tệp sao lưu có mục lạ: ${name}`);
  return target;
}

/**
 * Decrypts `file` and extracts its entries into `dir` (files 0600, folders 0700); answers their names.
 * A wrong passphrase is a BackupPassphraseError, before anything is written.
 */
export async function readEncryptedArchive(file: string, passphrase: string, dir: string): Promise<string[]> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (error) {
    throw new BackupPassphraseError(
      `Không giải mã được tệp sao lưu (sai mật khẩu sao lưu HOADON_BACKUP_PASSPHRASE?): ${(error as Error).message}`,
    );
  }
  const extract = tar.extract();
  const names: string[] = [];
  const reading = pipeline(Readable.fromWeb(plain as import('node:stream/web').ReadableStream), extract);
  for await (const entry of extract) {
    const target = inside(dir, entry.header.name);
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    createPrivateFile(target);
    await pipeline(entry, createWriteStream(target, { flags: 'r+' }) as Writable);
    names.push(entry.header.name);
  }
  await reading;
  return names;
}
