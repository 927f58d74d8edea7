import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { countRows } from '../db/count.js';
import type { Db } from '../db/open.js';
import { notifications } from './notifications.table.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationType = NotificationRow['type'];

export function createNotificationsRepository(db: Db) {
  return {
    /** Inserts unless a notification with the same dedupe key exists; returns whether it was inserted. */
    insert: (row: NotificationRow): boolean =>
      db.insert(notifications).values(row).onConflictDoNothing({ target: notifications.dedupeKey }).run().changes > 0,

    list(filter: { unreadOnly: boolean; type?: NotificationType | undefined }, limit: number): NotificationRow[] {
      const where = and(
        filter.unreadOnly ? eq(notifications.read, false) : undefined,
        filter.type ? eq(notifications.type, filter.type) : undefined,
      );
      return db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt)).limit(limit).all();
    },

    findById: (id: string) => db.select().from(notifications).where(eq(notifications.id, id)).get(),

    countUnread: (): number => countRows(db, notifications, eq(notifications.read, false)),

    markRead: (where?: SQL): number =>
      db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.read, false), where))
        .run().changes,

    markOneRead: (id: string): number =>
      db.update(notifications).set({ read: true }).where(eq(notifications.id, id)).run().changes,

    deleteOlderThan: (isoInstant: string): number =>
      db.delete(notifications).where(lt(notifications.createdAt, isoInstant)).run().changes,
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
