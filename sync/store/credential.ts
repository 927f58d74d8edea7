/**
 * The store's credential towards headquarters, `<storeId>.<secret>` (sync/protocol.ts): a secret, so it lives
 * in its own file of the data dir (mode 0600) and never in the config the API returns, nor in any log.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validationError } from '../../src/errors.js';
import { parseStoreCredential, storeCredential } from '../protocol.js';

export const CREDENTIAL_FILE = 'hq-credential';

export const credentialPath = (dataDir: string) => join(dataDir, CREDENTIAL_FILE);

export function readCredential(dataDir: string): string | undefined {
  const path = credentialPath(dataDir);
  if (!existsSync(path)) return undefined;
  return readFileSync(path, 'utf8').trim() || undefined;
}

/**
 * What `hoadon sync connect` reads on stdin: the whole credential HQ printed, or only its secret part.
 * A credential of another store is refused rather than sent under this store's id.
 */
export function credentialFor(storeId: string, input: string): string {
  const text = input.trim();
  const whole = parseStoreCredential(text);
  if (whole && whole.storeId !== storeId) {
    throw validationError(`Thông tin xác thực này của cửa hàng "${whole.storeId}", không phải "${storeId}".`);
  }
  const credential = whole ? text : storeCredential(storeId, text);
  if (!parseStoreCredential(credential))
    throw validationError('Thông tin xác thực trụ sở không hợp lệ (phần bí mật cần ít nhất 16 ký tự).');
  return credential;
}

/** Whole or not at all (temporary name, then rename), readable by the owner only. */
export function writeCredential(dataDir: string, credential: string): void {
  const path = credentialPath(dataDir);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${credential}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
