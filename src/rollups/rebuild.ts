import type Database from 'better-sqlite3';
import { readAsset } from '../assets.js';
import { inTransaction } from '../db/transaction.js';

/**
 * Recomputes every rollup from the invoices, with the same SQL the migrations that introduced them ran.
 * For data written around the services (bulk loads) and as a repair tool.
 */
export function rebuildRollups(sqlite: Database.Database): void {
  const statements = [
    'migrations/0003_rollups_backfill.sql',
    'migrations/0009_customer_recent_sales_backfill.sql',
    'migrations/0013_monthly_sku_sales_backfill.sql',
    'migrations/0017_hourly_invoice_counts_backfill.sql',
    'migrations/0022_daily_invoice_counts_backfill.sql',
    'migrations/0024_monthly_customer_channel_sales_backfill.sql',
  ]
    .flatMap((file) => readAsset(file).split('--> statement-breakpoint'))
    .map((s) => s.trim())
    .filter(Boolean);
  inTransaction(sqlite, () => {
    for (const statement of statements) sqlite.exec(statement);
  });
}
