import { defineConfig } from 'drizzle-kit';

/** The headquarters database (`hoadon hq`): its own tables and migrations, apart from the store's. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './sync/hq/schema.ts',
  out: './migrations/hq',
});
