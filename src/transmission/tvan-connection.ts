/**
 * The T-VAN connection an owner enters in the console (docs/transmission.md "Credentials"): the provider's
 * address goes in the store config, its credentials in a file of the data dir (`tvan-credentials`, mode
 * 0600, in encrypted backups), never in the config the API returns nor in any answer. They are bound to the
 * address they were entered for: pointed elsewhere, the node sends none. Credentials of the node's
 * configuration (HOADON_TVAN_*) win over the file: IT's choice is not overridden from a browser.
 */

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOGIN_PATH, type TvanCredentials } from './tvan-credentials.js';
import { createTvanHttpTransport, TvanAuthenticationFailed } from './tvan-http-transport.js';

export const TVAN_CREDENTIAL_FILE = 'tvan-credentials';

const stored = z.object({
  url: z.string(),
  credentials: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('token'), token: z.string().min(1) }),
    z.object({
      kind: z.literal('login'),
      username: z.string().min(1),
      password: z.string().min(1),
      loginPath: z.string().min(1),
    }),
  ]),
});
type Stored = z.infer<typeof stored>;

export type CredentialSource = 'environment' | 'saved' | 'none';

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Loopback hosts, where plain http never leaves the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A T-VAN address the node sends credentials to: https, or http to this machine only. Undefined if fine. */
export function tvanUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Địa chỉ T-VAN không hợp lệ (ví dụ https://tvan.nhacungcap.vn).';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  return 'Địa chỉ T-VAN phải dùng https (http chỉ được dùng với máy này, 127.0.0.1).';
}

export function createTvanConnection(deps: { dataDir: string; environment: TvanCredentials }) {
  const path = join(deps.dataDir, TVAN_CREDENTIAL_FILE);
  // Read once, then kept until the next save: the transport selector compares the object it is given.
  let cache: { value: Stored | undefined } | undefined;
  const read = (): Stored | undefined => {
    if (!cache) {
      let value: Stored | undefined;
      if (existsSync(path)) {
        const parsed = stored.safeParse(JSON.parse(readFileSync(path, 'utf8')));
        value = parsed.success ? parsed.data : undefined;
      }
      cache = { value };
    }
    return cache.value;
  };

  return {
    /** The credentials to present at `url`: the configuration's, else those saved for that address. */
    credentialsFor(url: string): TvanCredentials {
      if (deps.environment.kind !== 'none') return deps.environment;
      const saved = read();
      return saved && sameUrl(saved.url, url) ? saved.credentials : NONE;
    },

    /** Where the credentials for `url` come from; what they are is never told. */
    sourceFor(url: string | null): { source: CredentialSource; kind: TvanCredentials['kind'] } {
      if (deps.environment.kind !== 'none') return { source: 'environment', kind: deps.environment.kind };
      const saved = read();
      if (!url || !saved || !sameUrl(saved.url, url)) return { source: 'none', kind: 'none' };
      return { source: 'saved', kind: saved.credentials.kind };
    },

    save(url: string, credentials: Exclude<TvanCredentials, { kind: 'none' }> | { kind: 'none' }): void {
      if (credentials.kind === 'none') {
        rmSync(path, { force: true });
      } else {
        const temporary = `${path}.${process.pid}.tmp`;
        writeFileSync(temporary, JSON.stringify({ url, credentials }), { mode: 0o600 });
        chmodSync(temporary, 0o600);
        renameSync(temporary, path);
      }
      cache = undefined;
    },
  };
}

const NONE: TvanCredentials = { kind: 'none' };

export type TvanConnection = ReturnType<typeof createTvanConnection>;

export interface ConnectionCheck {
  ok: boolean;
  /** Why not, in Vietnamese. */
  problem?: string;
}

/**
 * "Kiểm tra kết nối": asks the T-VAN for the replies of a message id it has never seen, with the credentials.
 * An answer in the protocol's shape means the address is a T-VAN and it takes the credentials.
 */
export async function checkTvanConnection(url: string, credentials: TvanCredentials): Promise<ConnectionCheck> {
  const transport = createTvanHttpTransport({ url, credentials, timeoutMs: 5_000 });
  try {
    await transport.replies(`KIEMTRA${randomBytes(12).toString('hex').toUpperCase()}`);
    return { ok: true };
  } catch (error) {
    if (error instanceof TvanAuthenticationFailed)
      return {
        ok: false,
        problem: 'T-VAN từ chối thông tin xác thực: kiểm tra mã truy cập, tên đăng nhập và mật khẩu.',
      };
    return { ok: false, problem: `Không kết nối được với T-VAN: ${(error as Error).message}` };
  } finally {
    await transport.close();
  }
}

export { DEFAULT_LOGIN_PATH };
