import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * What the store's HQ announced in its last answer (docs/delivery.md, docs/sync.md "Invoice documents"): one row,
 * for the HQ at `hqUrl` only (another HQ is unknown until it answers). `publicUrl` is HOADON_HQ_PUBLIC_URL,
 * the portal the store prints unless it has its own. An HQ that announces anything takes invoice documents:
 * from then on each stored document is queued, and those stored before are queued once, a slice at a time,
 * by rowid of invoice_documents up to `documentsUntil` (`documentsThrough` is how far that went).
 */
export const syncHqAnnouncement = sqliteTable(
  'sync_hq_announcement',
  {
    id: integer('id').primaryKey(),
    hqUrl: text('hq_url').notNull(),
    publicUrl: text('public_url'),
    documentsThrough: integer('documents_through').notNull().default(0),
    documentsUntil: integer('documents_until').notNull().default(0),
    at: text('at').notNull(),
  },
  (t) => [check('sync_hq_announcement_single_row', sql`${t.id} = 1`)],
);
