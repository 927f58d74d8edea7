/** HQ's users and sessions on SQLite (HqUserMethods of hq-store.ts; users.table.ts). */
import type Database from 'better-sqlite3';
import type { HqUserMethods, HqUserRow } from './hq-store.js';

const USER_COLUMNS = `id, username, role, stores, password_hash AS passwordHash, disabled_at AS disabledAt,
  created_at AS createdAt, updated_at AS updatedAt`;
const SESSION_COLUMNS = 'token_hash AS tokenHash, user_id AS userId, created_at AS createdAt, expires_at AS expiresAt';

type StoredUser = Omit<HqUserRow, 'stores'> & { stores: string };
const userOf = (row: StoredUser | undefined): HqUserRow | undefined =>
  row && { ...row, stores: JSON.parse(row.stores) as string[] };

export function sqliteUserMethods(sqlite: Database.Database): HqUserMethods {
  const insertUser = sqlite.prepare(
    `INSERT INTO hq_users (id, username, role, stores, password_hash, disabled_at, created_at, updated_at)
     VALUES (@id, @username, @role, @stores, @passwordHash, @disabledAt, @createdAt, @updatedAt)
     ON CONFLICT (username) DO NOTHING`,
  );
  const byUsername = sqlite.prepare<[string], StoredUser>(`SELECT ${USER_COLUMNS} FROM hq_users WHERE username = ?`);
  const byId = sqlite.prepare<[string], StoredUser>(`SELECT ${USER_COLUMNS} FROM hq_users WHERE id = ?`);
  const all = sqlite.prepare<[], StoredUser>(`SELECT ${USER_COLUMNS} FROM hq_users ORDER BY username`);
  const update = sqlite.prepare(
    `UPDATE hq_users SET password_hash = coalesce(@passwordHash, password_hash),
       disabled_at = CASE WHEN @setDisabled THEN @disabledAt ELSE disabled_at END,
       role = coalesce(@role, role), stores = coalesce(@stores, stores), updated_at = @updatedAt WHERE id = @id`,
  );
  const insertSession = sqlite.prepare(
    'INSERT INTO hq_sessions (token_hash, user_id, created_at, expires_at) VALUES (@tokenHash, @userId, @createdAt, @expiresAt)',
  );
  const session = sqlite.prepare<[string, string], Awaited<ReturnType<HqUserMethods['findSession']>>>(
    `SELECT ${SESSION_COLUMNS} FROM hq_sessions WHERE token_hash = ? AND expires_at > ?`,
  );
  const deleteSession = sqlite.prepare('DELETE FROM hq_sessions WHERE token_hash = ?');
  const deleteUserSessions = sqlite.prepare('DELETE FROM hq_sessions WHERE user_id = ?');
  const purge = sqlite.prepare('DELETE FROM hq_sessions WHERE expires_at <= ?');

  return {
    addUser: async (user) => insertUser.run({ ...user, stores: JSON.stringify(user.stores) }).changes === 1,
    findUserByUsername: async (username) => userOf(byUsername.get(username)),
    findUserById: async (id) => userOf(byId.get(id)),
    listUsers: async () => all.all().map((row) => userOf(row) as HqUserRow),
    updateUser: async (id, change) => {
      update.run({
        id,
        passwordHash: change.passwordHash ?? null,
        setDisabled: change.disabledAt === undefined ? 0 : 1,
        disabledAt: change.disabledAt ?? null,
        role: change.role ?? null,
        stores: change.stores ? JSON.stringify(change.stores) : null,
        updatedAt: change.updatedAt,
      });
    },
    addSession: async (row) => {
      insertSession.run(row);
    },
    findSession: async (tokenHash, now) => session.get(tokenHash, now),
    deleteSession: async (tokenHash) => {
      deleteSession.run(tokenHash);
    },
    deleteUserSessions: async (userId) => {
      deleteUserSessions.run(userId);
    },
    purgeSessions: async (now) => {
      purge.run(now);
    },
  };
}
