import type Database from 'better-sqlite3';
import { readAsset } from '../assets.js';
import { inTransaction } from '../db/transaction.js';

/**
 * Recomputes every rollup from the invoices, with the same SQL the migration that introduced them ran.
 * For data written around the services (bulk loads) and as a repair tool.
 */
export function rebuildRollups(sqlite: Database.Database): void {
  const statements = readAsset('migrations/0003_rollups_backfill.sql')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  inTransaction(sqlite, () => {
    for (const statement of statements) sqlite.exec(statement);
  });
}
