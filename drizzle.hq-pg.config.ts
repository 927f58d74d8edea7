import { defineConfig } from 'drizzle-kit';

/**
 * The headquarters database on PostgreSQL (`hoadon hq --database-url`): the same tables as
 * drizzle.hq.config.ts in PostgreSQL's types, with migrations of their own.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './sync/hq/pg/schema.ts',
  out: './migrations/hq-pg',
});
