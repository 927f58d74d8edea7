/** The stores' reports on SQLite (HqStatusMethods of hq-store.ts; status.table.ts). */
import type Database from 'better-sqlite3';
import type { HqStatusMethods, StoreFactsRow, TaxProblemRow } from './hq-store.js';

const FACTS_COLUMNS = `store_id AS storeId, mst, seller_name AS sellerName, symbols, mode, version,
  certificate_expires_at AS certificateExpiresAt, reported_at AS reportedAt`;
const PROBLEM_COLUMNS = `store_id AS storeId, invoice_id AS invoiceId, mau_so AS mauSo, ky_hieu AS kyHieu, number,
  issue_date AS issueDate, total, demo, state, reason, at, reported_at AS reportedAt, closed_at AS closedAt,
  handled_at AS handledAt, handled_by AS handledBy, handled_note AS handledNote`;

type StoredFacts = Omit<StoreFactsRow, 'symbols'> & { symbols: string };
type StoredProblem = Omit<TaxProblemRow, 'demo'> & { demo: number };
const factsOf = (row: StoredFacts): StoreFactsRow => ({ ...row, symbols: JSON.parse(row.symbols) as string[] });
const problemOf = (row: StoredProblem): TaxProblemRow => ({ ...row, demo: row.demo === 1 });

export function sqliteStatusMethods(sqlite: Database.Database): HqStatusMethods {
  const upsertFacts = sqlite.prepare(
    `INSERT INTO store_facts (store_id, mst, seller_name, symbols, mode, version, certificate_expires_at, reported_at)
     VALUES (@storeId, @mst, @sellerName, @symbols, @mode, @version, @certificateExpiresAt, @reportedAt)
     ON CONFLICT (store_id) DO UPDATE SET mst = excluded.mst, seller_name = excluded.seller_name,
       symbols = excluded.symbols, mode = excluded.mode, version = excluded.version,
       certificate_expires_at = excluded.certificate_expires_at, reported_at = excluded.reported_at`,
  );
  // A state that changed is a new problem: it is open again, whatever was noted of the one before.
  const upsertProblem = sqlite.prepare(
    `INSERT INTO tax_problems (store_id, invoice_id, mau_so, ky_hieu, number, issue_date, total, demo, state, reason,
       at, reported_at)
     VALUES (@storeId, @invoiceId, @mauSo, @kyHieu, @number, @issueDate, @total, @demo, @state, @reason, @at, @reportedAt)
     ON CONFLICT (store_id, invoice_id) DO UPDATE SET reason = excluded.reason, at = excluded.at,
       reported_at = excluded.reported_at, closed_at = NULL,
       handled_at = CASE WHEN tax_problems.state = excluded.state THEN tax_problems.handled_at END,
       handled_by = CASE WHEN tax_problems.state = excluded.state THEN tax_problems.handled_by END,
       handled_note = CASE WHEN tax_problems.state = excluded.state THEN tax_problems.handled_note END,
       state = excluded.state`,
  );
  const closeSettled = sqlite.prepare(
    `UPDATE tax_problems SET closed_at = @at
      WHERE store_id = @storeId AND state = 'attention' AND closed_at IS NULL
        AND invoice_id NOT IN (SELECT value FROM json_each(@named))`,
  );
  const allFacts = sqlite.prepare<[], StoredFacts>(`SELECT ${FACTS_COLUMNS} FROM store_facts ORDER BY store_id`);
  const factsOfStore = sqlite.prepare<[string], StoredFacts>(
    `SELECT ${FACTS_COLUMNS} FROM store_facts WHERE store_id = ?`,
  );
  const OPEN = '(@open = 0 OR (handled_at IS NULL AND closed_at IS NULL))';
  const problems = sqlite.prepare<{ open: number; limit: number }, StoredProblem>(
    `SELECT ${PROBLEM_COLUMNS} FROM tax_problems INDEXED BY tax_problems_at WHERE ${OPEN} ORDER BY at DESC LIMIT @limit`,
  );
  const problemsOfStores = sqlite.prepare<{ open: number; limit: number; stores: string }, StoredProblem>(
    `SELECT ${PROBLEM_COLUMNS} FROM tax_problems INDEXED BY tax_problems_store_at
      WHERE store_id IN (SELECT value FROM json_each(@stores)) AND ${OPEN} ORDER BY at DESC LIMIT @limit`,
  );
  const problem = sqlite.prepare<[string, string], StoredProblem>(
    `SELECT ${PROBLEM_COLUMNS} FROM tax_problems WHERE store_id = ? AND invoice_id = ?`,
  );
  const handle = sqlite.prepare(
    `UPDATE tax_problems SET handled_at = @at, handled_by = @by, handled_note = @note
      WHERE store_id = @storeId AND invoice_id = @invoiceId AND handled_at IS NULL`,
  );

  return {
    saveStatusReport: async (storeId, { facts, taxProblems }, at) => {
      upsertFacts.run({ storeId, ...facts, symbols: JSON.stringify(facts.symbols), reportedAt: at });
      for (const p of taxProblems) upsertProblem.run({ storeId, ...p, demo: p.demo ? 1 : 0, reportedAt: at });
      const named = taxProblems.filter((p) => p.state === 'attention').map((p) => p.invoiceId);
      closeSettled.run({ storeId, at, named: JSON.stringify(named) });
      return taxProblems.length;
    },
    listStoreFacts: async () => allFacts.all().map(factsOf),
    findStoreFacts: async (storeId) => {
      const row = factsOfStore.get(storeId);
      return row && factsOf(row);
    },
    listTaxProblems: async ({ storeIds, open, limit }) =>
      (storeIds
        ? problemsOfStores.all({ open: open ? 1 : 0, limit, stores: JSON.stringify(storeIds) })
        : problems.all({ open: open ? 1 : 0, limit })
      ).map(problemOf),
    findTaxProblem: async (storeId, invoiceId) => {
      const row = problem.get(storeId, invoiceId);
      return row && problemOf(row);
    },
    markTaxProblemHandled: async (storeId, invoiceId, by, note, at) =>
      handle.run({ storeId, invoiceId, by, note, at }).changes === 1,
  };
}
