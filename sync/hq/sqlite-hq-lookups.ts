/** The lookup index and documents on SQLite (HqLookupMethods of hq-lookups.ts; lookups.table.ts). */
import type Database from 'better-sqlite3';
import type { HqLookupMethods, InvoiceKey } from './hq-lookups.js';

const MAU_SO = JSON.stringify(['1', '2', '3', '4', '5', '6', '7', '8', '9']);

export function sqliteLookupMethods(sqlite: Database.Database): HqLookupMethods {
  const insert = sqlite.prepare(
    `INSERT INTO invoice_lookups (store_id, invoice_id, lookup_code, seller_mst, mau_so, ky_hieu, number, total, demo)
     VALUES (@storeId, @invoiceId, @lookupCode, @sellerMst, @mauSo, @kyHieu, @number, @total, @demo)
     ON CONFLICT (store_id, invoice_id) DO NOTHING`,
  );
  const byCode = sqlite.prepare<[string], InvoiceKey>(
    `SELECT store_id AS storeId, invoice_id AS invoiceId FROM invoice_lookups INDEXED BY invoice_lookups_code
     WHERE lookup_code = ? ORDER BY store_id, invoice_id LIMIT 1`,
  );
  const bySymbol = sqlite
    .prepare<{ mauSo: string; kyHieu: string; number: number; mst: string; total: number }, string>(
      `SELECT lookup_code FROM invoice_lookups INDEXED BY invoice_lookups_symbol
       WHERE ky_hieu = @kyHieu AND number = @number AND mau_so IN (SELECT value FROM json_each(@mauSo))
         AND seller_mst = @mst AND total = @total AND demo = 0
       ORDER BY store_id, invoice_id LIMIT 1`,
    )
    .pluck();
  const codeOf = sqlite
    .prepare<[string, string], string>('SELECT lookup_code FROM invoice_lookups WHERE store_id = ? AND invoice_id = ?')
    .pluck();
  const latest = sqlite
    .prepare<[string, string], string>(
      `SELECT r.payload FROM invoices i JOIN records r
         ON r.store_id = i.store_id AND r.record_id = 'invoice:' || i.invoice_id AND r.version = i.version
       WHERE i.store_id = ? AND i.invoice_id = ?`,
    )
    .pluck();
  const document = sqlite
    .prepare<[string, string], string>(
      "SELECT payload FROM records WHERE store_id = ? AND record_id = 'document:' || ? AND version = 1",
    )
    .pluck();
  return {
    insertLookups: async (rows) => {
      for (const row of rows) insert.run(row);
    },
    findByCode: async (code) => byCode.get(code),
    codeBySymbol: async (query) =>
      bySymbol.get({ ...query, mauSo: query.mauSo ? JSON.stringify([query.mauSo]) : MAU_SO }) ?? undefined,
    codeOfInvoice: async (key) => codeOf.get(key.storeId, key.invoiceId) ?? undefined,
    latestInvoice: async (key) => latest.get(key.storeId, key.invoiceId) ?? undefined,
    documentOf: async (key) => document.get(key.storeId, key.invoiceId) ?? undefined,
  };
}
