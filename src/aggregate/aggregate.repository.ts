import type Database from 'better-sqlite3';

export interface StoredAggregate {
  date: string;
  totalQty: number | null;
  totalAmount: number;
  invoiceCount: number;
}

export function createAggregateRepository(sqlite: Database.Database) {
  const find = sqlite.prepare<[string], { date: string }>('SELECT date FROM daily_aggregates WHERE date = ?');
  const save = sqlite.prepare(
    `INSERT INTO daily_aggregates (date, total_qty, total_amount, invoice_count, computed_at)
     VALUES (@date, @totalQty, @totalAmount, @invoiceCount, @at)
     ON CONFLICT (date) DO UPDATE SET total_qty = excluded.total_qty, total_amount = excluded.total_amount,
       invoice_count = excluded.invoice_count, computed_at = excluded.computed_at`,
  );
  return {
    has: (date: string) => find.get(date) !== undefined,
    save: (aggregate: StoredAggregate, at: string) => {
      const { date, totalQty, totalAmount, invoiceCount } = aggregate;
      save.run({ date, totalQty, totalAmount, invoiceCount, at });
    },
  };
}
