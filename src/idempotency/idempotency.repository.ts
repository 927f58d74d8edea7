import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { idempotencyKeys } from './idempotency.table.js';

export type StoredResponse = typeof idempotencyKeys.$inferSelect;

export function createIdempotencyRepository(db: Db) {
  return {
    find: (userId: string, key: string): StoredResponse | undefined =>
      db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .get(),
    /** An expired row of the same key may linger until the purge; the new response replaces it. */
    save: (row: StoredResponse): void => {
      db.insert(idempotencyKeys)
        .values(row)
        .onConflictDoUpdate({ target: [idempotencyKeys.userId, idempotencyKeys.key], set: row })
        .run();
    },
    deleteOlderThan: (isoInstant: string): number =>
      db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, isoInstant)).run().changes,
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
