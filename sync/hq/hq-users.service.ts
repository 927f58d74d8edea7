/**
 * HQ's users (owner, accountant, manager with its stores) and their console sessions: shared by
 * `hoadon hq user …` and the sign-in routes. Passwords follow the store node's rules (src/auth/passwords.ts,
 * MIN_PASSWORD_LENGTH); sign-ins are throttled as on the store (src/auth/login-throttle.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LoginThrottle } from '../../src/auth/login-throttle.js';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from '../../src/auth/passwords.js';
import type { Clock, IdGenerator } from '../../src/clock.js';
import { MIN_PASSWORD_LENGTH } from '../../src/config.js';
import { AppError, conflict, notFound, rateLimited, validationError } from '../../src/errors.js';
import type { HqCaller } from './hq-access.js';
import type { HqStore, HqUserRow } from './hq-store.js';
import { HQ_ROLES, type HqRole } from './users.table.js';

/** A console session lasts a working day; signing in again is cheap, a stolen cookie's life is short. */
export const SESSION_TTL_SECONDS = 12 * 3600;

export interface HqPublicUser {
  id: string;
  username: string;
  role: HqRole;
  stores: string[];
  disabled: boolean;
  createdAt: string;
}

const toPublic = (user: HqUserRow): HqPublicUser => ({
  id: user.id,
  username: user.username,
  role: user.role,
  stores: user.stores,
  disabled: user.disabledAt !== null,
  createdAt: user.createdAt,
});

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Tên đăng nhập hoặc mật khẩu không đúng.');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw validationError(`Mật khẩu phải có ít nhất ${MIN_PASSWORD_LENGTH} ký tự.`);
}

function checkUsername(username: string): void {
  if (!/^[\p{L}\p{N}._@-]{1,64}$/u.test(username))
    throw validationError('Tên đăng nhập gồm 1 đến 64 chữ, số hoặc các dấu . _ @ - (không có khoảng trắng).');
}

export function createHqUsersService(deps: {
  store: HqStore;
  clock: Clock;
  newId: IdGenerator;
  throttle: LoginThrottle;
}) {
  const { store, clock, newId, throttle } = deps;
  const now = () => clock.now().toISOString();

  async function requireUser(username: string): Promise<HqUserRow> {
    const user = await store.findUserByUsername(username);
    if (!user) throw notFound('người dùng', username);
    return user;
  }

  /** A manager needs at least one store, each registered; the other roles see every store and list none. */
  async function checkedStores(role: HqRole, stores: readonly string[]): Promise<string[]> {
    if (role !== 'manager') {
      if (stores.length > 0) throw validationError('Chỉ người quản lý cửa hàng (manager) mới có danh sách cửa hàng.');
      return [];
    }
    const unique = [...new Set(stores)].sort();
    if (unique.length === 0) throw validationError('Người quản lý cửa hàng cần ít nhất một cửa hàng (--stores).');
    for (const id of unique) if (!(await store.findStore(id))) throw notFound('cửa hàng', id);
    return unique;
  }

  return {
    list: async (): Promise<HqPublicUser[]> => (await store.listUsers()).map(toPublic),

    async add(input: { username: string; role: HqRole; stores?: readonly string[]; password: string }) {
      checkUsername(input.username);
      if (!HQ_ROLES.includes(input.role)) throw validationError(`Vai trò phải là một trong: ${HQ_ROLES.join(', ')}.`);
      checkPassword(input.password);
      const stores = await checkedStores(input.role, input.stores ?? []);
      const at = now();
      const row: HqUserRow = {
        id: newId(),
        username: input.username,
        role: input.role,
        stores,
        passwordHash: await hashPassword(input.password),
        disabledAt: null,
        createdAt: at,
        updatedAt: at,
      };
      if (!(await store.addUser(row))) throw conflict(`Tên đăng nhập "${input.username}" đã có người dùng.`);
      return toPublic(row);
    },

    /** A new password signs the user out everywhere. */
    async setPassword(username: string, password: string): Promise<void> {
      checkPassword(password);
      const user = await requireUser(username);
      const passwordHash = await hashPassword(password);
      await store.transaction(async (tx) => {
        await tx.updateUser(user.id, { passwordHash, updatedAt: now() });
        await tx.deleteUserSessions(user.id);
      });
    },

    /** A disabled user's sessions end at once; enabling again lets the user sign in anew. */
    async setDisabled(username: string, disabled: boolean): Promise<HqPublicUser> {
      const user = await requireUser(username);
      const at = now();
      await store.transaction(async (tx) => {
        await tx.updateUser(user.id, { disabledAt: disabled ? (user.disabledAt ?? at) : null, updatedAt: at });
        if (disabled) await tx.deleteUserSessions(user.id);
      });
      return toPublic(await requireUser(username));
    },

    /** A new session for the user, its random token answered once (only its sha256 is kept). */
    async signIn(username: string, password: string, address: string) {
      const reservation = throttle.reserve(username, address);
      if (!reservation.ok) throw rateLimited(reservation.retryAfterSeconds);
      const user = await store.findUserByUsername(username);
      const passwordOk = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
      if (!user || !passwordOk || user.disabledAt !== null) throw invalidCredentials();
      reservation.attempt.succeeded();
      const token = randomBytes(32).toString('base64url');
      const createdAt = clock.now();
      const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_SECONDS * 1000).toISOString();
      await store.purgeSessions(createdAt.toISOString());
      await store.addSession({
        tokenHash: tokenHash(token),
        userId: user.id,
        createdAt: createdAt.toISOString(),
        expiresAt,
      });
      return { token, expiresAt, user: toPublic(user) };
    },

    /** The signed-in user of a session token, if the session lives and the user is enabled. */
    async authenticate(token: string): Promise<Extract<HqCaller, { kind: 'user' }> | undefined> {
      const session = await store.findSession(tokenHash(token), now());
      if (!session) return undefined;
      const user = await store.findUserById(session.userId);
      if (!user || user.disabledAt !== null) return undefined;
      return { kind: 'user', id: user.id, username: user.username, role: user.role, stores: user.stores };
    },

    signOut: (token: string) => store.deleteSession(tokenHash(token)),
  };
}

export type HqUsersService = ReturnType<typeof createHqUsersService>;
