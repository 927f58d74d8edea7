/**
 * The statements of the PostgreSQL HqStore that are more than a line: column lists, the feed and revenue reads,
 * the invoice list's keyset page, the store list as JSON, and a batch of invoices as arrays (one statement whatever its size).
 */
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { InvoiceCursor, InvoiceFilter, ProjectedInvoice, RevenueFilter } from '../hq-store.js';
import { invoiceWhere, summaryColumnsOf } from '../invoice-query.js';
import { revenuePageQuery, revenueQuery } from '../revenue-query.js';
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

/**
 * The admin API's store list (StoreSummary[] of ../hq.schemas.ts) as JSON text in id order, its lag counted in
 * whole seconds from the last push to $1 (never below 0), as the service's `summary` does.
 */
export const PG_STORE_SUMMARIES_JSON_SQL = `SELECT coalesce(json_agg(json_build_object(
    'id', id, 'name', name, 'createdAt', created_at, 'lastPushAt', last_push_at, 'lastPullAt', last_pull_at,
    'appliedThroughSeq', applied_through_seq, 'pullCursor', pull_cursor,
    'lagSeconds', CASE WHEN last_push_at IS NOT NULL
      THEN greatest(0, floor(extract(epoch FROM $1::timestamptz - last_push_at::timestamptz)))::bigint END,
    'invoiceCount', invoice_count, 'version', reported_version, 'pendingOutbox', reported_pending,
    'disabledAt', disabled_at, 'previousCredentialUntil', previous_credential_until
  ) ORDER BY id), '[]')::text AS json FROM stores`;

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
  total, created_at, received_seq, tax_lines, demo`;
export const INVOICE_ARRAYS = `$1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[],
  $9::text[], $10::text[], $11::bigint[], $12::text[], $13::bigint[], $14::text[], $15::boolean[]`;

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
    column((r) => r.demo),
  ];
}

/**
 * The revenue read (../revenue-query.ts) in PostgreSQL's numbered parameters: a page of every store store by
 * store, anything else in one statement over the range.
 */
export const pgRevenueQuery = (filter: RevenueFilter) =>
  (filter.limit !== undefined && filter.storeId === undefined ? revenuePageQuery : revenueQuery)(
    filter,
    (n) => `$${n}`,
  );

export const parsedDocument = <T extends { document: string }>(row: T) => ({
  ...row,
  document: JSON.parse(row.document) as Record<string, unknown>,
});
