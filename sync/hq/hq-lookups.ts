/**
 * The lookup portal's index of the chain's invoices (lookups.table.ts, docs/delivery.md): written from each
 * invoice record's first sight in a push, read by the portal at HQ (portal-source.ts).
 */
import type { InvoicePayload } from './push-records.js';

export interface InvoiceLookupRow {
  storeId: string;
  invoiceId: string;
  lookupCode: string;
  sellerMst: string;
  mauSo: string;
  kyHieu: string;
  number: number;
  total: number;
  demo: number;
}

export interface InvoiceKey {
  storeId: string;
  invoiceId: string;
}

export interface SymbolQuery {
  /** Absent: any KHMSHDon. */
  mauSo?: string | undefined;
  kyHieu: string;
  number: number;
  /** Digits only. */
  mst: string;
  total: number;
}

/** HQ's SQL of the lookup index and of the documents it leads to (sqlite-hq-lookups.ts, pg/pg-hq-lookups.ts). */
export interface HqLookupMethods {
  /** Rows of invoices already indexed are left as they are. */
  insertLookups(rows: readonly InvoiceLookupRow[]): Promise<void>;
  /** The invoice of a lookup code; the first received when two stores' codes ever coincide. */
  findByCode(code: string): Promise<InvoiceKey | undefined>;
  /** The lookup code of the one live invoice these facts name. */
  codeBySymbol(query: SymbolQuery): Promise<string | undefined>;
  codeOfInvoice(key: InvoiceKey): Promise<string | undefined>;
  /** The payload text of the newest version HQ holds of the invoice. */
  latestInvoice(key: InvoiceKey): Promise<string | undefined>;
  /** The payload text of the invoice's document record. */
  documentOf(key: InvoiceKey): Promise<string | undefined>;
}

/** The lookup row of a pushed invoice, when it has a lookup code and a seller. */
export function lookupOf(storeId: string, invoice: InvoicePayload): InvoiceLookupRow | undefined {
  if (!invoice.lookupCode || !invoice.seller) return undefined;
  return {
    storeId,
    invoiceId: invoice.id,
    lookupCode: invoice.lookupCode,
    sellerMst: invoice.seller.mst.replaceAll('-', ''),
    mauSo: invoice.mauSo,
    kyHieu: invoice.kyHieu,
    number: invoice.number,
    total: invoice.totals.total,
    demo: invoice.demo ? 1 : 0,
  };
}
