/**
 * All SQL of the exports: the period's invoices, one tax group (rate or category) at a time, in the order they were made,
 * from a read-only connection of its own. An export reads for seconds while the till keeps writing: its
 * own connection holds one read transaction (the same snapshot for every pass) and never makes the node's
 * connection busy. Rows come from `iterate()`, so memory stays flat whatever the period's size.
 */
import type Database from 'better-sqlite3';
import { openDatabaseFile } from '../db/open.js';
import { addDays, startOfLocalDay } from '../domain/calendar.js';
import { compareTaxGroups } from '../domain/tax-breakdown.js';
import { FIGURES_COUNT_DEMO } from '../rollups/demo-scope.js';
import type { DeclaredCorrection, OpenInvoiceRow, OpenState } from './declared-periods.js';
import type { Period } from './period.js';
import type { InvoiceRef, LedgerEntry } from './sales-ledger.js';
import type { KhacLines } from './vat-figures.js';

/** The statuses the ledger lists; `pending` is not issued yet and `error` was refused by the tax authority. */
const LISTED = `('issued', 'adjusted', 'replaced')`;

/**
 * The period's invoices by their creation instant (index invoices_created_at, in the period's order); the
 * instants are widened by a day each side and the legal date `issue_date` decides, so that an invoice made
 * before a change of the store's time zone is still counted on the date it carries. `+` keeps SQLite from
 * choosing the issue-date index, which would need a sort. Demo invoices (docs/decisions.md §7) appear while the
 * node is in demo mode only, its figures being the trial's (src/rollups/demo-scope.ts).
 */
const IN_PERIOD = `
  i.created_at >= @fromInstant AND i.created_at < @toInstant
    AND +i.issue_date >= @from AND +i.issue_date <= @to AND +i.status IN ${LISTED}
    AND (+i.demo = 0 OR ${FIGURES_COUNT_DEMO})`;

/**
 * An invoice's lines by its key, whatever the statistics say: with statistics taken while invoice_items was
 * nearly empty, SQLite scanned the whole table for every invoice (6,600 invoices: 0.14 → 25 s). CROSS JOIN
 * keeps the period's invoices the outer loop for the same reason.
 */
const BY_INVOICE = 'INDEXED BY sqlite_autoindex_invoice_items_1';

const ref = (alias: string) =>
  `CASE WHEN ${alias}.id IS NOT NULL THEN json_array(${alias}.mau_so, ${alias}.ky_hieu, ${alias}.number, ${alias}.issue_date) END`;

/** The lines the ledger counts: goods and trade discounts (a promotion and a note add nothing). */
const COUNTED = `kind IN ('goods', 'tradeDiscount')`;

const ENTRIES_SQL = `
  SELECT i.status, i.mau_so, i.ky_hieu, i.number, i.issue_date, i.buyer_name, i.buyer_mst, i.adjustment_type,
    (SELECT sum(total) FROM invoice_items ${BY_INVOICE} WHERE invoice_id = i.id AND tax_group = @group AND ${COUNTED}) AS amount,
    (SELECT sum(tax_amount) FROM invoice_items ${BY_INVOICE} WHERE invoice_id = i.id AND tax_group = @group AND ${COUNTED}) AS tax,
    ${ref('rp')} AS replaces, ${ref('ad')} AS adjusts, ${ref('rb')} AS replaced_by, ${ref('ab')} AS adjusted_by,
    i.created_at,
    (SELECT l.month FROM period_locks l WHERE l.month = substr(coalesce(rp.issue_date, ad.issue_date), 1, 7)
      AND l.locked_at < i.created_at) AS declared_in
  FROM invoices i
  LEFT JOIN invoices rp ON rp.id = i.replaces_id
  LEFT JOIN invoices ad ON ad.id = i.adjusts_id
  LEFT JOIN invoices rb ON rb.id = i.replaced_by_id
  LEFT JOIN invoices ab ON ab.id = i.adjusted_by_id
  WHERE ${IN_PERIOD}
    AND EXISTS (SELECT 1 FROM invoice_items ${BY_INVOICE} WHERE invoice_id = i.id AND tax_group = @group AND ${COUNTED})
  ORDER BY i.created_at`;

const RATES_SQL = `
  SELECT DISTINCT it.tax_group FROM invoices i CROSS JOIN invoice_items it ${BY_INVOICE} ON it.invoice_id = i.id
  WHERE ${IN_PERIOD} AND it.tax_group IS NOT NULL AND it.${COUNTED}`;

export type EntryRow = [
  LedgerEntry['status'],
  string,
  string,
  number,
  string,
  string,
  string | null,
  LedgerEntry['adjustmentType'],
  number,
  number,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
];

const toRef = (json: string | null): InvoiceRef | null => {
  if (json === null) return null;
  const [mauSo, kyHieu, number, issueDate] = JSON.parse(json) as [string, string, number, string];
  return { mauSo, kyHieu, number, issueDate };
};

interface CorrectionRow {
  status: LedgerEntry['status'];
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  buyerName: string;
  buyerMst: string | null;
  adjustmentType: LedgerEntry['adjustmentType'];
  id: string;
  isReplacement: number;
  originalId: string;
  originalMauSo: string;
  originalKyHieu: string;
  originalNumber: number;
  originalIssueDate: string;
  month: string;
}

interface GroupSum {
  taxGroup: string;
  amount: number;
  taxAmount: number;
}

type OpenRow = [string, string, number, string, string, number, OpenState];

/** What a declared month's lock keeps besides its entries (`period_locks.frozen`). */
export interface FrozenMonth {
  storeName: string;
  seller: { name: string; mst: string; address: string };
  /** The lock's store-local date: the signature date of the month's files from then on. */
  madeOn: string;
  khacLines: KhacLines;
  corrections: DeclaredCorrection[];
  openInvoices: OpenInvoiceRow[];
}

export function toEntry(row: EntryRow, taxGroup: string): LedgerEntry {
  return {
    status: row[0],
    mauSo: row[1],
    kyHieu: row[2],
    number: row[3],
    issueDate: row[4],
    buyerName: row[5],
    buyerMst: row[6],
    adjustmentType: row[7],
    taxGroup,
    amount: row[8],
    taxAmount: row[9],
    replaces: toRef(row[10]),
    adjusts: toRef(row[11]),
    replacedBy: toRef(row[12]),
    adjustedBy: toRef(row[13]),
    correctsDeclared: row[15] ?? null,
  };
}

export interface PeriodParams {
  from: string;
  to: string;
  fromInstant: string;
  toInstant: string;
}

/** The bind parameters of a period: its legal dates and the creation instants that surely hold them. */
export function periodParams(period: Period, timeZone: string): PeriodParams {
  return {
    from: period.from,
    to: period.to,
    fromInstant: startOfLocalDay(addDays(period.from, -1), timeZone).toISOString(),
    toInstant: startOfLocalDay(addDays(period.to, 2), timeZone).toISOString(),
  };
}

/** A day of instants: each query of an export reads at most this much, so that no SQLite step holds the loop long. */
const SLICE_MS = 86_400_000;

/** The period's instants cut in slices of a day, first to last. */
export function* slicesOf(params: PeriodParams): Generator<PeriodParams> {
  const end = Date.parse(params.toInstant);
  for (let from = Date.parse(params.fromInstant); from < end; from += SLICE_MS) {
    const to = Math.min(from + SLICE_MS, end);
    yield { ...params, fromInstant: new Date(from).toISOString(), toInstant: new Date(to).toISOString() };
  }
}

/** Between two slices: the reader may give the event loop back here. */
export const SLICE_END = null;

/**
 * Replacements and adjustments dated in the period whose original is of a month locked before they were made
 * (docs/exports.md, "Declared months"), by the small partial index of corrections.
 */
const CORRECTIONS_SQL = `
  SELECT c.status, c.mau_so AS mauSo, c.ky_hieu AS kyHieu, c.number, c.issue_date AS issueDate,
    c.buyer_name AS buyerName, c.buyer_mst AS buyerMst, c.adjustment_type AS adjustmentType, c.id,
    c.replaces_id IS NOT NULL AS isReplacement, o.id AS originalId, o.mau_so AS originalMauSo,
    o.ky_hieu AS originalKyHieu, o.number AS originalNumber, o.issue_date AS originalIssueDate, l.month
  FROM invoices c INDEXED BY invoices_corrections_issue_date
  JOIN invoices o ON o.id = coalesce(c.replaces_id, c.adjusts_id)
  JOIN period_locks l ON l.month = substr(o.issue_date, 1, 7) AND l.locked_at < c.created_at
  WHERE c.issue_date >= @from AND c.issue_date <= @to
    AND (c.replaces_id IS NOT NULL OR c.adjusts_id IS NOT NULL)
    AND c.status IN ${LISTED} AND (c.demo = 0 OR ${FIGURES_COUNT_DEMO})
  ORDER BY c.created_at`;

/** An invoice's counted lines by tax group. */
const SUMS_SQL = `
  SELECT tax_group AS taxGroup, sum(total) AS amount, sum(tax_amount) AS taxAmount
  FROM invoice_items ${BY_INVOICE}
  WHERE invoice_id = ? AND tax_group IS NOT NULL AND ${COUNTED}
  GROUP BY tax_group`;

/**
 * The period's invoices that are not through: refused (`error`), not issued yet (`pending`), waiting for the
 * owner (`attention`) or not sent yet (`queued`). Two indexed look-ups: invoices by status and creation
 * instant, the queue by state.
 */
const OPEN_SQL = `
  SELECT i.mau_so, i.ky_hieu, i.number, i.issue_date, i.buyer_name, i.total,
    CASE WHEN i.status = 'error' THEN 'error' WHEN t.state = 'attention' THEN 'attention' ELSE 'unsent' END
  FROM invoices i LEFT JOIN transmissions t ON t.invoice_id = i.id
  WHERE i.id IN (
      SELECT id FROM invoices INDEXED BY invoices_status_created_at
      WHERE status IN ('pending', 'error') AND created_at >= @fromInstant AND created_at < @toInstant
      UNION ALL
      SELECT invoice_id FROM transmissions INDEXED BY transmissions_state_queued_at
      WHERE state IN ('queued', 'attention'))
    AND i.issue_date >= @from AND i.issue_date <= @to AND (i.demo = 0 OR ${FIGURES_COUNT_DEMO})
  ORDER BY i.created_at`;

const LOCK_SQL = 'SELECT month, locked_at AS lockedAt, locked_by AS lockedBy, frozen FROM period_locks WHERE month = ?';
const FROZEN_GROUPS_SQL = 'SELECT DISTINCT tax_group FROM period_lock_entries WHERE month = ?';
const FROZEN_ENTRIES_SQL = `
  SELECT entry FROM period_lock_entries
  WHERE month = @month AND tax_group = @group AND issue_date >= @from AND issue_date <= @to ORDER BY seq`;

export interface LockRow {
  month: string;
  lockedAt: string;
  lockedBy: string;
  frozen: string;
}

/** Frozen rows handed on between pauses. */
const FROZEN_CHUNK = 256;

export function createLedgerRepository(sqlite: Database.Database) {
  const rates = sqlite.prepare<[PeriodParams], string>(RATES_SQL).pluck();
  const entries = sqlite.prepare(ENTRIES_SQL).raw();
  const corrections = sqlite.prepare<{ from: string; to: string }, CorrectionRow>(CORRECTIONS_SQL);
  const sums = sqlite.prepare<[string], GroupSum>(SUMS_SQL);
  const open = sqlite.prepare(OPEN_SQL).raw();
  const lock = sqlite.prepare<[string], LockRow>(LOCK_SQL);
  const frozenGroups = sqlite.prepare<[string], string>(FROZEN_GROUPS_SQL).pluck();
  const frozenEntries = sqlite
    .prepare<{ month: string; group: string; from: string; to: string }, string>(FROZEN_ENTRIES_SQL)
    .pluck();
  const sumsOf = (invoiceId: string) => sums.all(invoiceId).sort((a, b) => compareTaxGroups(a.taxGroup, b.taxGroup));
  return {
    /** The lock of a month, if it is declared. */
    lockOf: (month: string): LockRow | undefined => lock.get(month),
    /** The tax groups of a declared month as it was locked. */
    frozenRatesOf: (month: string): string[] => frozenGroups.all(month),
    /** A declared month's entries in `group` as they were locked, within the piece's dates. */
    *frozenEntriesAt(
      piece: { month: string; from: string; to: string },
      group: string,
    ): Generator<{ entry: LedgerEntry; position: number } | typeof SLICE_END> {
      let count = 0;
      for (const text of frozenEntries.iterate({ ...piece, group })) {
        yield { entry: toEntry(JSON.parse(text) as EntryRow, group), position: 0 };
        if (++count % FROZEN_CHUNK === 0) yield SLICE_END;
      }
      yield SLICE_END;
    },
    /** Corrections dated in [from, to] of invoices of months declared before them, with their sums. */
    declaredCorrections(dates: { from: string; to: string }): DeclaredCorrection[] {
      return corrections.all(dates).map((row) => ({
        kind: row.isReplacement ? 'replacement' : 'adjustment',
        adjustmentType: row.adjustmentType,
        counts: row.status !== 'replaced',
        invoice: {
          mauSo: row.mauSo,
          kyHieu: row.kyHieu,
          number: row.number,
          issueDate: row.issueDate,
          buyerName: row.buyerName,
          buyerMst: row.buyerMst,
        },
        original: {
          mauSo: row.originalMauSo,
          kyHieu: row.originalKyHieu,
          number: row.originalNumber,
          issueDate: row.originalIssueDate,
        },
        declaredMonth: row.month,
        sums: sumsOf(row.id),
        originalSums: row.isReplacement ? sumsOf(row.originalId) : [],
      }));
    },
    /** The period's invoices still refused, waiting for the owner or unsent, oldest first. */
    openInvoices(params: PeriodParams): OpenInvoiceRow[] {
      return (open.all(params) as OpenRow[]).map((row) => ({
        mauSo: row[0],
        kyHieu: row[1],
        number: row[2],
        issueDate: row[3],
        buyerName: row[4],
        total: row[5],
        state: row[6],
      }));
    },
    /** The entry rows of a period in one group, as stored when a month is locked (with their dates). */
    *entryRowsAt(params: PeriodParams, group: string): Generator<{ row: EntryRow; issueDate: string }> {
      for (const slice of slicesOf(params)) {
        for (const row of entries.iterate({ ...slice, group }) as Iterable<EntryRow>) {
          yield { row, issueDate: row[4] };
        }
      }
    },
    /** The tax groups the listed invoices of one slice of the period carry. */
    ratesOf: (params: PeriodParams): string[] => rates.all(params),
    /**
     * Each listed invoice with lines in `group`: its part in that group, oldest first, with how far through
     * the period's instants it was made (for a progress bar); SLICE_END after each day of instants, so that
     * a rate absent from most of the period does not make one step read all of it.
     */
    *entriesAt(
      params: PeriodParams,
      group: string,
    ): Generator<{ entry: LedgerEntry; position: number } | typeof SLICE_END> {
      const start = Date.parse(params.fromInstant);
      const span = Date.parse(params.toInstant) - start;
      for (const slice of slicesOf(params)) {
        for (const row of entries.iterate({ ...slice, group }) as Iterable<EntryRow>) {
          yield { entry: toEntry(row, group), position: (Date.parse(row[14]) - start) / span };
        }
        yield SLICE_END;
      }
    },
    /** For the query-plan test. */
    sql: { rates: RATES_SQL, entries: ENTRIES_SQL, corrections: CORRECTIONS_SQL, open: OPEN_SQL },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

/**
 * A read-only connection to the store's database file, inside one read transaction until `close`. The
 * snapshot starts at the first read; every pass of the export sees the same invoices.
 */
export function openLedgerSnapshot(databasePath: string) {
  const sqlite = openDatabaseFile(databasePath, { readonly: true });
  sqlite.exec('BEGIN');
  return {
    repository: createLedgerRepository(sqlite),
    close() {
      if (!sqlite.open) return;
      if (sqlite.inTransaction) sqlite.exec('COMMIT');
      sqlite.close();
    },
  };
}
