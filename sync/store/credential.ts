/**
 * The store's credential towards headquarters, `<storeId>.<secret>` (sync/protocol.ts): a secret, so it lives
 * in its own file of the data dir (mode 0600) and never in the config the API returns, nor in any log. It is
 * bound to the HQ url it was issued for (the file's second line): the store sends it to that url only, so
 * whoever changes the url in the config (the API refuses to, src/settings/config-patch.ts) gets nothing.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validationError } from '../../src/errors.js';
import { sameUrl } from '../../src/settings/config-patch.js';
import { parseStoreCredential, storeCredential } from '../protocol.js';

export const CREDENTIAL_FILE = 'hq-credential';

export const credentialPath = (dataDir: string) => join(dataDir, CREDENTIAL_FILE);

export interface StoredCredential {
  credential: string;
  /** The HQ url it was issued for; absent in a file written before credentials were bound to their url. */
  url?: string;
}

export function readCredential(dataDir: string): StoredCredential | undefined {
  const path = credentialPath(dataDir);
  if (!existsSync(path)) return undefined;
  const [credential = '', url = ''] = readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  if (!credential) return undefined;
  return url ? { credential, url } : { credential };
}

/**
 * The credential to send to `url`, or undefined when the stored one was issued for another url. A file from
 * before the binding is bound now to the url the config names (the API could change that url before then,
 * not since).
 */
export function credentialForUrl(dataDir: string, url: string): string | undefined {
  const stored = readCredential(dataDir);
  if (!stored) return undefined;
  if (stored.url === undefined) {
    try {
      writeCredential(dataDir, stored.credential, url);
    } catch {
      // A data dir it cannot write to (a read-only look with `hoadon sync status`): bound at the next read.
    }
    return stored.credential;
  }
  return sameUrl(stored.url, url) ? stored.credential : undefined;
}

/** Loopback hosts, where plain http never leaves the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** HQ's url as `hoadon sync connect` accepts it: https, or http to this machine only. Answers it normalised. */
export function checkHqUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError(`Địa chỉ trụ sở không hợp lệ: "${raw}".`);
  }
  const plainLocal = url.protocol === 'http:' && isLoopback(url.hostname);
  if (url.protocol !== 'https:' && !plainLocal) {
    throw validationError(
      'Địa chỉ trụ sở phải dùng https:// (http:// chỉ được dùng cho chính máy này: localhost, 127.0.0.0/8, ::1), ' +
        'vì thông tin xác thực của cửa hàng đi kèm mỗi lần đồng bộ.',
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw validationError('Địa chỉ trụ sở không được chứa tên đăng nhập, mật khẩu, tham số hay #.');
  }
  return url.href.replace(/\/+$/, '');
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
export function writeCredential(dataDir: string, credential: string, url: string): void {
  const path = credentialPath(dataDir);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${credential}\n${url}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
