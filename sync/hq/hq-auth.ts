/**
 * Who may call HQ. Two kinds of caller, two credentials, never interchangeable:
 * - a store: `Bearer <storeId>.<secret>` on /sync/v1, checked against the sha256 kept for that store;
 * - the chain's back office on /hq/v1: `Bearer <admin token>` for scripts (a 256-bit random token in a 0600
 *   file, or HOADON_HQ_ADMIN_TOKEN from a secret store), or the console's session cookie of a signed-in user
 *   (owner, accountant, manager: hq-access.ts says what each may call).
 * A valid store credential presented to /hq/v1 is 403 (known caller, not allowed); anything else is 401.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../src/clock.js';
import { ConfigError } from '../../src/config.js';
import { forbidden, unauthorized } from '../../src/errors.js';
import { parseStoreCredential } from '../protocol.js';
import { type HqAccess, type HqCaller, mayCall } from './hq-access.js';
import { hashSecret, newSecret, sameSecret } from './hq-credentials.js';
import type { HqStore } from './hq-store.js';
import type { HqUsersService } from './hq-users.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The store whose credential authenticated a /sync/v1 request. */
    syncStoreId: string;
    /** Who called /hq/v1: the admin token or a signed-in user. */
    hqCaller: HqCaller;
  }
  interface FastifyContextConfig {
    /** Who may call an /hq/v1 route (hq-access.ts); `read` when absent. */
    hqAccess?: HqAccess;
  }
}

/** The console's session cookie: HttpOnly, SameSite=Strict, set by POST /hq/v1/session. */
export const SESSION_COOKIE = 'hq_session';

/** The session token of the request's cookie header, if any. */
export function sessionCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.length > 0) return value.join('=');
  }
  return undefined;
}

export const ADMIN_TOKEN_FILE = 'hq-admin-token';

// A hash that no secret has, compared against when the store is unknown so that both cases cost the same.
const NO_STORE_HASH = '0'.repeat(64);

const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];

/**
 * The store a credential authenticates, if any: its current secret, or the one it replaced while the rotation's
 * grace period lasts (both compared every time, so timing tells nothing). A disabled store is named, for a 403.
 */
export async function authenticateStore(
  store: HqStore,
  credential: string | undefined,
  now: Date,
): Promise<{ storeId: string; disabled: boolean } | undefined> {
  const parsed = credential === undefined ? undefined : parseStoreCredential(credential);
  if (!parsed) return undefined;
  const found = await store.findStore(parsed.storeId);
  const current = sameSecret(parsed.secret, found?.credentialHash ?? NO_STORE_HASH);
  const previous = sameSecret(parsed.secret, found?.previousCredentialHash ?? NO_STORE_HASH);
  const inGrace = found?.previousCredentialUntil != null && Date.parse(found.previousCredentialUntil) > now.getTime();
  if (!found || !(current || (previous && inGrace))) return undefined;
  return { storeId: found.id, disabled: found.disabledAt !== null };
}

export function storeGuard(store: HqStore, clock: Clock) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = await authenticateStore(store, bearer(request), clock.now());
    if (!caller) throw unauthorized('Thiếu hoặc sai thông tin xác thực của cửa hàng (Bearer <storeId>.<secret>).');
    if (caller.disabled) {
      throw forbidden(`Cửa hàng "${caller.storeId}" đã bị tạm khóa ở trụ sở: hãy liên hệ quản trị viên của chuỗi.`);
    }
    request.syncStoreId = caller.storeId;
  };
}

export function adminGuard(store: HqStore, users: HqUsersService, adminToken: string, clock: Clock) {
  const adminHash = hashSecret(adminToken);
  return async (request: FastifyRequest): Promise<void> => {
    const presented = bearer(request);
    if (presented !== undefined && sameSecret(presented, adminHash)) {
      request.hqCaller = { kind: 'admin' };
    } else {
      const session = sessionCookie(request);
      const user = presented === undefined && session !== undefined ? await users.authenticate(session) : undefined;
      if (user) request.hqCaller = user;
      else if (await authenticateStore(store, presented, clock.now())) {
        throw forbidden('Thông tin xác thực của cửa hàng không dùng được cho API quản trị trụ sở.');
      } else {
        throw unauthorized('Chưa đăng nhập, phiên đã hết hạn, hoặc sai mã quản trị trụ sở (admin token).');
      }
    }
    if (!mayCall(request.hqCaller, request.routeOptions.config.hqAccess ?? 'read')) throw forbidden();
  };
}

/**
 * The admin token: HOADON_HQ_ADMIN_TOKEN when set, otherwise the one in <data>/hq-admin-token, created
 * (random, mode 0600) on the first start. `createdFile` is set when this call created it.
 */
export function ensureAdminToken(
  dataDir: string,
  configured: string | undefined,
): { token: string; createdFile?: string } {
  if (configured) return { token: configured };
  const file = join(dataDir, ADMIN_TOKEN_FILE);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length < 32) throw new ConfigError(`${file} phải chứa mã quản trị dài ít nhất 32 ký tự.`);
    return { token };
  }
  const token = newSecret();
  writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  return { token, createdFile: file };
}
