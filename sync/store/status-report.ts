/**
 * The store's side of the status report (sync/status-report.ts): its facts, and the invoices its transmission
 * queue holds refused by the tax authority or waiting in attention, read from the store's own tables.
 */
import type Database from 'better-sqlite3';
import { MAX_REPORTED_TAX_PROBLEMS, type StatusReport, type StoreFacts } from '../status-report.js';

type ProblemRow = Omit<StatusReport['taxProblems'][number], 'demo'> & { demo: number };

const PROBLEMS_SQL = (state: 'attention' | 'rejected') =>
  `SELECT t.invoice_id AS invoiceId, v.mau_so AS mauSo, v.ky_hieu AS kyHieu, v.number, v.issue_date AS issueDate,
          v.total, v.demo, t.state, coalesce(t.last_error, '') AS reason, t.updated_at AS at
     FROM transmissions t INDEXED BY transmissions_state_next_attempt
     JOIN invoices v ON v.id = t.invoice_id
    WHERE t.state = '${state}' ORDER BY t.updated_at DESC LIMIT ?`;

export function createStatusReporter(deps: {
  sqlite: Database.Database;
  /** What the store says of itself apart from its series (the composition root reads settings and signing). */
  facts: () => Omit<StoreFacts, 'symbols'> & { templateSymbol: string };
}) {
  const attention = deps.sqlite.prepare<[number], ProblemRow>(PROBLEMS_SQL('attention'));
  const rejected = deps.sqlite.prepare<[number], ProblemRow>(PROBLEMS_SQL('rejected'));
  const series = deps.sqlite.prepare<[], { symbol: string }>(
    'SELECT mau_so || ky_hieu AS symbol FROM invoice_sequences ORDER BY ky_hieu DESC, mau_so',
  );
  const problemOf = (row: ProblemRow) => ({ ...row, demo: row.demo === 1, reason: row.reason.slice(0, 1000) });

  return (): StatusReport => {
    const { templateSymbol, ...facts } = deps.facts();
    const symbols = [...new Set([templateSymbol, ...series.all().map((s) => s.symbol)])].slice(0, 100);
    // Every invoice in attention first (each waits for someone), then the latest refusals.
    const waiting = attention.all(MAX_REPORTED_TAX_PROBLEMS).map(problemOf);
    const refused = rejected.all(MAX_REPORTED_TAX_PROBLEMS - waiting.length).map(problemOf);
    return { facts: { ...facts, symbols }, taxProblems: [...waiting, ...refused] };
  };
}

export type StatusReporter = ReturnType<typeof createStatusReporter>;
