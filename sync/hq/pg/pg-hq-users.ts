/** HQ's users and sessions on PostgreSQL (HqUserMethods of hq-store.ts; users.table.ts). */
import type pg from 'pg';
import type { HqSessionRow, HqUserMethods, HqUserRow } from '../hq-store.js';
import type { Queryable } from './pg-statements.js';

const USER_COLUMNS = `id, username, role, stores, password_hash AS "passwordHash", disabled_at AS "disabledAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;
const SESSION_COLUMNS =
  'token_hash AS "tokenHash", user_id AS "userId", created_at AS "createdAt", expires_at AS "expiresAt"';

type StoredUser = Omit<HqUserRow, 'stores'> & { stores: string };
const userOf = (row: StoredUser): HqUserRow => ({ ...row, stores: JSON.parse(row.stores) as string[] });

export function pgUserMethods(on: Queryable): HqUserMethods {
  const rows = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await on.query<R & pg.QueryResultRow>(text, values)).rows;
  const run = async (text: string, values: unknown[] = []): Promise<number> =>
    (await on.query(text, values)).rowCount ?? 0;

  return {
    addUser: async (user) =>
      (await run(
        `INSERT INTO hq_users (id, username, role, stores, password_hash, disabled_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (username) DO NOTHING`,
        [
          user.id,
          user.username,
          user.role,
          JSON.stringify(user.stores),
          user.passwordHash,
          user.disabledAt,
          user.createdAt,
          user.updatedAt,
        ],
      )) === 1,
    findUserByUsername: async (username) => {
      const [row] = await rows<StoredUser>(`SELECT ${USER_COLUMNS} FROM hq_users WHERE username = $1`, [username]);
      return row && userOf(row);
    },
    findUserById: async (id) => {
      const [row] = await rows<StoredUser>(`SELECT ${USER_COLUMNS} FROM hq_users WHERE id = $1`, [id]);
      return row && userOf(row);
    },
    listUsers: async () =>
      (await rows<StoredUser>(`SELECT ${USER_COLUMNS} FROM hq_users ORDER BY username`)).map(userOf),
    updateUser: async (id, change) => {
      await run(
        `UPDATE hq_users SET password_hash = coalesce($2, password_hash),
           disabled_at = CASE WHEN $3::boolean THEN $4 ELSE disabled_at END,
           role = coalesce($5, role), stores = coalesce($6, stores), updated_at = $7 WHERE id = $1`,
        [
          id,
          change.passwordHash ?? null,
          change.disabledAt !== undefined,
          change.disabledAt ?? null,
          change.role ?? null,
          change.stores ? JSON.stringify(change.stores) : null,
          change.updatedAt,
        ],
      );
    },
    addSession: async (session) => {
      await run('INSERT INTO hq_sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        session.tokenHash,
        session.userId,
        session.createdAt,
        session.expiresAt,
      ]);
    },
    findSession: async (tokenHash, now) =>
      (
        await rows<HqSessionRow>(
          `SELECT ${SESSION_COLUMNS} FROM hq_sessions WHERE token_hash = $1 AND expires_at > $2`,
          [tokenHash, now],
        )
      )[0],
    deleteSession: async (tokenHash) => {
      await run('DELETE FROM hq_sessions WHERE token_hash = $1', [tokenHash]);
    },
    deleteUserSessions: async (userId) => {
      await run('DELETE FROM hq_sessions WHERE user_id = $1', [userId]);
    },
    purgeSessions: async (now) => {
      await run('DELETE FROM hq_sessions WHERE expires_at <= $1', [now]);
    },
  };
}
