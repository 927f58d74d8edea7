/** The lookup portal's two ways to an invoice: its lookup code, or the seller's MST, symbol, number and total. */
import type Database from 'better-sqlite3';

const MAU_SO = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function createPortalRepository(sqlite: Database.Database) {
  const byCode = sqlite
    .prepare<[string], string>('SELECT id FROM invoices INDEXED BY invoices_lookup_code WHERE lookup_code = ?')
    .pluck();
  // invoices_symbol_number: mau_so IN (…) then ky_hieu and number by equality.
  const bySymbol = sqlite
    .prepare<{ mauSo: string; kyHieu: string; number: number; mst: string; total: number }, string>(
      `SELECT lookup_code FROM invoices INDEXED BY invoices_symbol_number
       WHERE mau_so IN (SELECT value FROM json_each(@mauSo)) AND ky_hieu = @kyHieu AND number = @number
         AND replace(seller_mst, '-', '') = @mst AND total = @total AND lookup_code IS NOT NULL AND demo = 0
       LIMIT 1`,
    )
    .pluck();
  const codeOf = sqlite.prepare<[string], string>('SELECT lookup_code FROM invoices WHERE id = ?').pluck();
  return {
    /** The invoice of a lookup code; undefined for any other code. */
    idOf: (code: string): string | undefined => byCode.get(code),
    /** The lookup code of the invoice these four facts name; undefined unless all four match. */
    codeOf: (query: { mauSo?: string; kyHieu: string; number: number; mst: string; total: number }) =>
      bySymbol.get({
        mauSo: JSON.stringify(query.mauSo ? [query.mauSo] : MAU_SO),
        kyHieu: query.kyHieu,
        number: query.number,
        mst: query.mst.replaceAll('-', ''),
        total: query.total,
      }),
    codeOfInvoice: (invoiceId: string): string | undefined => codeOf.get(invoiceId) ?? undefined,
  };
}

export type PortalRepository = ReturnType<typeof createPortalRepository>;
