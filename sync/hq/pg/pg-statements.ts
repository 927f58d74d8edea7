/**
 * The statements of the PostgreSQL HqStore that are more than a line: column lists, the feed and revenue reads,
 * the invoice list's keyset page, and a batch of invoices as arrays (one statement whatever its size).
 */
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { InvoiceCursor, InvoiceFilter, ProjectedInvoice } from '../hq-store.js';
import { invoiceWhere, summaryColumnsOf } from '../invoice-query.js';
import * as schema from './schema.js';

const { invoices } = schema;

/** Advisory lock keys (one namespace per HQ database). */
export const FEED_LOCK = 0x68716664; // 'hqfd'
export const HLC_LOCK = 0x68716c63; // 'hqlc'

export const STORE_COLUMNS = `id, name, credential_hash AS "credentialHash", created_at AS "createdAt", last_push_at AS "lastPushAt",
  last_pull_at AS "lastPullAt", applied_through_seq AS "appliedThroughSeq", pull_cursor AS "pullCursor",
  invoice_count AS "invoiceCount", reported_version AS "reportedVersion", reported_pending AS "reportedPending",
  previous_credential_hash AS "previousCredentialHash", previous_credential_until AS "previousCredentialUntil",
  disabled_at AS "disabledAt"`;

export const SETTINGS_COLUMNS = `store_id AS "storeId", name, document, hlc, origin, updated_at AS "updatedAt"`;

/** As SQLite's READ_FEED_SQL: two index ranges merged in cursor order (a Merge Append), never a sort. */
export const PG_READ_FEED_SQL = `(SELECT cursor, kind, payload, at FROM feed WHERE store_id = $1 AND cursor > $2 ORDER BY cursor LIMIT $3)
  UNION ALL
  (SELECT cursor, kind, payload, at FROM feed WHERE store_id IS NULL AND cursor > $2 ORDER BY cursor LIMIT $3)
  ORDER BY cursor LIMIT $3`;

export const summaryColumns = summaryColumnsOf(invoices);
export const whereOf = (filter: InvoiceFilter): SQL | undefined => invoiceWhere(invoices, filter);

export type Queryable = pg.Pool | pg.PoolClient;

/**
 * A keyset page of the invoice list: one range of the index of the filter combination, read backwards from
 * the cursor (`toSQL()` gives the statement, for the plan checked by the tests).
 */
export function invoicePageQuery(
  db: NodePgDatabase<typeof schema>,
  filter: InvoiceFilter,
  after: InvoiceCursor | undefined,
  limit: number,
) {
  return db
    .select({ ...summaryColumns, rowNo: invoices.rowNo })
    .from(invoices)
    .where(
      and(
        whereOf(filter),
        after
          ? sql`(${invoices.issueDate}, ${invoices.createdAt}, ${invoices.rowNo}) < (${after.issueDate}, ${after.createdAt}, ${after.rowNo})`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.rowNo))
    .limit(limit);
}

export const INVOICE_COLUMNS = `store_id, invoice_id, version, status, mau_so, ky_hieu, number, issue_date, buyer_name, buyer_mst,
  total, created_at, received_seq, tax_lines`;
export const INVOICE_ARRAYS = `$1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[],
  $9::text[], $10::text[], $11::bigint[], $12::text[], $13::bigint[], $14::text[]`;

/** A batch of invoices as one array per column (one statement, whatever the batch's size). */
export function invoiceArrays(list: readonly ProjectedInvoice[]): unknown[][] {
  const column = (pick: (r: ProjectedInvoice) => unknown) => list.map(pick);
  return [
    column((r) => r.storeId),
    column((r) => r.invoiceId),
    column((r) => r.version),
    column((r) => r.status),
    column((r) => r.mauSo),
    column((r) => r.kyHieu),
    column((r) => r.number),
    column((r) => r.issueDate),
    column((r) => r.buyerName),
    column((r) => r.buyerMst),
    column((r) => r.total),
    column((r) => r.createdAt),
    column((r) => r.receivedSeq),
    column((r) => JSON.stringify(r.taxLines)),
  ];
}

/**
 * Revenue per store, day and tax rate over a range of days: the date index for every store, the primary key
 * for one; a few rows per store and day whatever the number of invoices.
 */
export const PG_REVENUE_SQL = `SELECT store_id AS "storeId", issue_date AS date, tax_rate AS "taxRate",
    sum(invoices)::bigint AS invoices, sum(amount)::bigint AS amount, sum(tax_amount)::bigint AS "taxAmount"
  FROM daily_revenue
  WHERE issue_date BETWEEN $1 AND $2 AND status = ANY($3::text[]) AND ($4::text IS NULL OR store_id = $4)
  GROUP BY store_id, issue_date, tax_rate HAVING sum(invoices) <> 0 ORDER BY store_id, issue_date, tax_rate`;

export const parsedDocument = <T extends { document: string }>(row: T) => ({
  ...row,
  document: JSON.parse(row.document) as Record<string, unknown>,
});
