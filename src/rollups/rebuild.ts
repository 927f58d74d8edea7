import type Database from 'better-sqlite3';
import { readAsset } from '../assets.js';
import { inTransaction } from '../db/transaction.js';

/** The migrations that introduced the rollups, in order: each fills its rollup from the invoices. */
const ROLLUP_BACKFILLS = [
  '0003_rollups_backfill',
  '0009_customer_recent_sales_backfill',
  '0013_monthly_sku_sales_backfill',
  '0017_hourly_invoice_counts_backfill',
  '0022_daily_invoice_counts_backfill',
  '0024_monthly_customer_channel_sales_backfill',
];

/**
 * Recomputes every rollup from the invoices, with the same SQL the migrations that introduced them ran.
 * For data written around the services (bulk loads) and as a repair tool. `before` (a migration tag) keeps
 * to the rollups a database stopped before that migration has.
 */
export function rebuildRollups(sqlite: Database.Database, options: { before?: string } = {}): void {
  const statements = ROLLUP_BACKFILLS.filter((tag) => options.before === undefined || tag < options.before)
    .flatMap((tag) => readAsset(`migrations/${tag}.sql`).split('--> statement-breakpoint'))
    .map((s) => s.trim())
    .filter(Boolean);
  inTransaction(sqlite, () => {
    for (const statement of statements) sqlite.exec(statement);
  });
}
