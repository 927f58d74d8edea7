import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { preparedUpsert } from '../db/prepared.js';
import { idempotencyKeys } from './idempotency.table.js';

export type StoredResponse = typeof idempotencyKeys.$inferSelect;

export function createIdempotencyRepository(db: Db) {
  const byKey = db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
    .prepare();
  return {
    find: (userId: string, key: string): StoredResponse | undefined => byKey.get({ userId, key }),
    /** An expired row of the same key may linger until the purge; the new response replaces it. */
    save: preparedUpsert(db, idempotencyKeys, [idempotencyKeys.userId, idempotencyKeys.key]),
    deleteOlderThan: (isoInstant: string): number =>
      db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, isoInstant)).run().changes,
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
