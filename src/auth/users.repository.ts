import { asc, eq, sql } from 'drizzle-orm';
import { countRows } from '../db/count.js';
import type { Db } from '../db/open.js';
import { users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
  return {
    findById: (id: string): UserRow | undefined => byId.get({ id }),
    findByUsername: (username: string): UserRow | undefined =>
      db.select().from(users).where(eq(users.username, username)).get(),
    list: (): UserRow[] => db.select().from(users).orderBy(asc(users.username)).all(),
    count: (): number => countRows(db, users),
    insert: (row: UserRow): void => {
      db.insert(users).values(row).run();
    },
    update: (
      id: string,
      changes: Partial<Pick<UserRow, 'passwordHash' | 'disabled' | 'role' | 'tokenEpoch' | 'updatedAt'>>,
    ) => db.update(users).set(changes).where(eq(users.id, id)).run().changes,
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
