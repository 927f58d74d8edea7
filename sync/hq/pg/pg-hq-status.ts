/** The stores' reports on PostgreSQL (HqStatusMethods of hq-store.ts; status.table.ts). */
import type pg from 'pg';
import type { HqStatusMethods, StoreFactsRow, TaxProblemRow } from '../hq-store.js';
import type { Queryable } from './pg-statements.js';

const FACTS_COLUMNS = `store_id AS "storeId", mst, seller_name AS "sellerName", symbols, mode, version,
  certificate_expires_at AS "certificateExpiresAt", reported_at AS "reportedAt"`;
const PROBLEM_COLUMNS = `store_id AS "storeId", invoice_id AS "invoiceId", mau_so AS "mauSo", ky_hieu AS "kyHieu",
  number, issue_date AS "issueDate", total, demo, state, reason, at, reported_at AS "reportedAt",
  closed_at AS "closedAt", handled_at AS "handledAt", handled_by AS "handledBy", handled_note AS "handledNote"`;

type StoredFacts = Omit<StoreFactsRow, 'symbols'> & { symbols: string };
type StoredProblem = Omit<TaxProblemRow, 'demo' | 'total'> & { demo: number; total: string | number };
const factsOf = (row: StoredFacts): StoreFactsRow => ({ ...row, symbols: JSON.parse(row.symbols) as string[] });
const problemOf = (row: StoredProblem): TaxProblemRow => ({ ...row, total: Number(row.total), demo: row.demo === 1 });
const OPEN = '($1::boolean IS FALSE OR (handled_at IS NULL AND closed_at IS NULL))';

export function pgStatusMethods(on: Queryable): HqStatusMethods {
  const rows = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await on.query<R & pg.QueryResultRow>(text, values)).rows;
  const run = async (text: string, values: unknown[] = []): Promise<number> =>
    (await on.query(text, values)).rowCount ?? 0;

  return {
    saveStatusReport: async (storeId, { facts, taxProblems }, at) => {
      await run(
        `INSERT INTO store_facts (store_id, mst, seller_name, symbols, mode, version, certificate_expires_at, reported_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (store_id) DO UPDATE SET mst = excluded.mst, seller_name = excluded.seller_name,
           symbols = excluded.symbols, mode = excluded.mode, version = excluded.version,
           certificate_expires_at = excluded.certificate_expires_at, reported_at = excluded.reported_at`,
        [
          storeId,
          facts.mst,
          facts.sellerName,
          JSON.stringify(facts.symbols),
          facts.mode,
          facts.version,
          facts.certificateExpiresAt,
          at,
        ],
      );
      // A state that changed is a new problem: it is open again, whatever was noted of the one before.
      for (const p of taxProblems)
        await run(
          `INSERT INTO tax_problems (store_id, invoice_id, mau_so, ky_hieu, number, issue_date, total, demo, state,
             reason, at, reported_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (store_id, invoice_id) DO UPDATE SET reason = excluded.reason, at = excluded.at,
             reported_at = excluded.reported_at, closed_at = NULL,
             handled_at = CASE WHEN tax_problems.state = excluded.state THEN tax_problems.handled_at END,
             handled_by = CASE WHEN tax_problems.state = excluded.state THEN tax_problems.handled_by END,
             handled_note = CASE WHEN tax_problems.state = excluded.state THEN tax_problems.handled_note END,
             state = excluded.state`,
          [
            storeId,
            p.invoiceId,
            p.mauSo,
            p.kyHieu,
            p.number,
            p.issueDate,
            p.total,
            p.demo ? 1 : 0,
            p.state,
            p.reason,
            p.at,
            at,
          ],
        );
      const named = taxProblems.filter((p) => p.state === 'attention').map((p) => p.invoiceId);
      await run(
        `UPDATE tax_problems SET closed_at = $2
          WHERE store_id = $1 AND state = 'attention' AND closed_at IS NULL AND invoice_id <> ALL($3::text[])`,
        [storeId, at, named],
      );
      return taxProblems.length;
    },
    listStoreFacts: async () =>
      (await rows<StoredFacts>(`SELECT ${FACTS_COLUMNS} FROM store_facts ORDER BY store_id`)).map(factsOf),
    findStoreFacts: async (storeId) => {
      const [row] = await rows<StoredFacts>(`SELECT ${FACTS_COLUMNS} FROM store_facts WHERE store_id = $1`, [storeId]);
      return row && factsOf(row);
    },
    listTaxProblems: async ({ storeIds, open, limit }) =>
      (storeIds
        ? await rows<StoredProblem>(
            `SELECT ${PROBLEM_COLUMNS} FROM tax_problems WHERE ${OPEN} AND store_id = ANY($3::text[])
              ORDER BY at DESC LIMIT $2`,
            [open, limit, [...storeIds]],
          )
        : await rows<StoredProblem>(
            `SELECT ${PROBLEM_COLUMNS} FROM tax_problems WHERE ${OPEN} ORDER BY at DESC LIMIT $2`,
            [open, limit],
          )
      ).map(problemOf),
    findTaxProblem: async (storeId, invoiceId) => {
      const [row] = await rows<StoredProblem>(
        `SELECT ${PROBLEM_COLUMNS} FROM tax_problems WHERE store_id = $1 AND invoice_id = $2`,
        [storeId, invoiceId],
      );
      return row && problemOf(row);
    },
    markTaxProblemHandled: async (storeId, invoiceId, by, note, at) =>
      (await run(
        `UPDATE tax_problems SET handled_at = $3, handled_by = $4, handled_note = $5
          WHERE store_id = $1 AND invoice_id = $2 AND handled_at IS NULL`,
        [storeId, invoiceId, at, by, note],
      )) === 1,
  };
}
