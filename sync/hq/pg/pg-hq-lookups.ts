/** The lookup index and documents on PostgreSQL (HqLookupMethods of ../hq-lookups.ts; lookups.table.ts). */
import type pg from 'pg';
import type { HqLookupMethods, InvoiceKey } from '../hq-lookups.js';
import type { Queryable } from './pg-statements.js';

const MAU_SO = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function pgLookupMethods(on: Queryable): HqLookupMethods {
  const first = async <R>(text: string, values: unknown[]): Promise<R | undefined> =>
    (await on.query<R & pg.QueryResultRow>(text, values)).rows[0];
  const text = async (sql: string, values: unknown[]) => (await first<{ v: string }>(sql, values))?.v;
  return {
    insertLookups: async (rows) => {
      if (rows.length === 0) return;
      // One statement for the batch, as arrays.
      await on.query(
        `INSERT INTO invoice_lookups (store_id, invoice_id, lookup_code, seller_mst, mau_so, ky_hieu, number, total, demo)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[],
           $8::bigint[], $9::int[])
         ON CONFLICT (store_id, invoice_id) DO NOTHING`,
        [
          rows.map((r) => r.storeId),
          rows.map((r) => r.invoiceId),
          rows.map((r) => r.lookupCode),
          rows.map((r) => r.sellerMst),
          rows.map((r) => r.mauSo),
          rows.map((r) => r.kyHieu),
          rows.map((r) => r.number),
          rows.map((r) => r.total),
          rows.map((r) => r.demo),
        ],
      );
    },
    findByCode: (code) =>
      first<InvoiceKey>(
        `SELECT store_id AS "storeId", invoice_id AS "invoiceId" FROM invoice_lookups WHERE lookup_code = $1
         ORDER BY store_id, invoice_id LIMIT 1`,
        [code],
      ),
    codeBySymbol: (query) =>
      text(
        `SELECT lookup_code AS v FROM invoice_lookups
         WHERE ky_hieu = $1 AND number = $2 AND mau_so = ANY($3::text[]) AND seller_mst = $4 AND total = $5 AND demo = 0
         ORDER BY store_id, invoice_id LIMIT 1`,
        [query.kyHieu, query.number, query.mauSo ? [query.mauSo] : MAU_SO, query.mst, query.total],
      ),
    codeOfInvoice: (key) =>
      text('SELECT lookup_code AS v FROM invoice_lookups WHERE store_id = $1 AND invoice_id = $2', [
        key.storeId,
        key.invoiceId,
      ]),
    latestInvoice: (key) =>
      text(
        `SELECT r.payload AS v FROM invoices i JOIN records r
           ON r.store_id = i.store_id AND r.record_id = 'invoice:' || i.invoice_id AND r.version = i.version
         WHERE i.store_id = $1 AND i.invoice_id = $2`,
        [key.storeId, key.invoiceId],
      ),
    documentOf: (key) =>
      text("SELECT payload AS v FROM records WHERE store_id = $1 AND record_id = 'document:' || $2 AND version = 1", [
        key.storeId,
        key.invoiceId,
      ]),
  };
}
