/** User management, shared by `hoadon user …` and the first-run bootstrap. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, IdGenerator } from '../clock.js';
import { MIN_PASSWORD_LENGTH } from '../config.js';
import { conflict, notFound, validationError } from '../errors.js';
import { generatePassword, hashPassword } from './passwords.js';
import { ROLES, type Role } from './roles.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export interface PublicUser {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
}

const toPublic = (u: UserRow): PublicUser => ({
  id: u.id,
  username: u.username,
  role: u.role,
  disabled: u.disabled,
  createdAt: u.createdAt,
});

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw validationError(`Mật khẩu phải có ít nhất ${MIN_PASSWORD_LENGTH} ký tự.`);
}

export function createUsersService(deps: { users: UsersRepository; clock: Clock; newId: IdGenerator }) {
  const { users, clock, newId } = deps;
  const requireUser = (username: string) => {
    const user = users.findByUsername(username);
    if (!user) throw notFound('người dùng', username);
    return user;
  };
  return {
    list: () => users.list().map(toPublic),

    /**
     * Checks and hashes first (slow, outside any transaction), then returns the write itself, for a route to
     * run inside its idempotent transaction (reply.commit).
     */
    async prepareAdd(username: string, role: Role, password: string): Promise<() => PublicUser> {
      if (!/^[a-z0-9._-]{2,64}$/i.test(username)) {
        throw validationError('Tên đăng nhập gồm 2–64 ký tự chữ, số, dấu chấm, gạch dưới hoặc gạch ngang.');
      }
      if (!ROLES.includes(role)) throw validationError(`Vai trò phải là một trong: ${ROLES.join(', ')}.`);
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      return () => {
        if (users.findByUsername(username)) throw conflict(`Người dùng "${username}" đã tồn tại.`);
        const at = clock.now().toISOString();
        const row: UserRow = {
          id: newId(),
          username,
          role,
          passwordHash,
          disabled: false,
          tokenEpoch: 0,
          createdAt: at,
          updatedAt: at,
        };
        users.insert(row);
        return toPublic(row);
      };
    },

    async add(username: string, role: Role, password: string): Promise<PublicUser> {
      if (users.findByUsername(username)) throw conflict(`Người dùng "${username}" đã tồn tại.`);
      return (await this.prepareAdd(username, role, password))();
    },

    async setPassword(username: string, password: string): Promise<void> {
      (await this.prepareSetPassword(username, password))();
    },

    /** As prepareAdd: the hash first, then the write. */
    async prepareSetPassword(username: string, password: string): Promise<() => void> {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      return () => {
        const user = requireUser(username);
        // A new password signs the user out everywhere: tokens of the old epoch stop authenticating.
        users.update(user.id, { passwordHash, tokenEpoch: user.tokenEpoch + 1, updatedAt: clock.now().toISOString() });
      };
    },

    /** A new role ends the user's tokens: the next sign-in carries the new role. */
    setRole(username: string, role: Role): PublicUser {
      if (!ROLES.includes(role)) throw validationError(`Vai trò phải là một trong: ${ROLES.join(', ')}.`);
      const user = requireUser(username);
      const updatedAt = clock.now().toISOString();
      users.update(user.id, { role, tokenEpoch: user.tokenEpoch + 1, updatedAt });
      return toPublic({ ...user, role, updatedAt });
    },

    find: (username: string) => toPublic(requireUser(username)),

    setDisabled(username: string, disabled: boolean): void {
      const user = requireUser(username);
      // Disabling ends the user's tokens for good: enabling again does not bring them back.
      users.update(user.id, {
        disabled,
        ...(disabled ? { tokenEpoch: user.tokenEpoch + 1 } : {}),
        updatedAt: clock.now().toISOString(),
      });
    },

    /**
     * First run (no user at all): create `admin` with HOADON_ADMIN_PASSWORD, or with a random password
     * written once to <data>/initial-admin-password (mode 0600). There is never a built-in default.
     */
    async ensureInitialAdmin(
      dataDir: string,
      password: string | undefined,
    ): Promise<{ generatedPasswordFile?: string } | undefined> {
      if (users.count() > 0) return undefined;
      if (password) {
        await this.add('admin', 'admin', password);
        return {};
      }
      const generated = generatePassword();
      const file = join(dataDir, INITIAL_PASSWORD_FILE);
      writeFileSync(file, `${generated}\n`, { mode: 0o600 });
      await this.add('admin', 'admin', generated);
      return { generatedPasswordFile: file };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
