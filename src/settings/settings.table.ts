import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Settings documents (templates, automation, plan, config), one JSON row each. A document is the unit of
 * sync conflict resolution with headquarters, hence the hybrid logical clock beside it.
 */
export const settings = sqliteTable('settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  version: integer('version').notNull().default(1),
  hlc: text('hlc'),
  updatedAt: text('updated_at').notNull(),
  updatedBy: text('updated_by'),
});
