/**
 * The invoices' rows and lines, their numbers, and the invoice list: its filters, totals and pages (the
 * buyer-name search is buyer-name-search.ts's, the JSON SQLite writes invoice-json.ts's).
 */
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { preparedInsert, preparedPages } from '../db/prepared.js';
import { isUtcHourStart } from '../domain/calendar.js';
import { globPattern, searchKey } from '../domain/text.js';
import { createBuyerNameSearch } from './buyer-name-search.js';
import { createInvoiceCounts } from './invoice-counts.js';
import { DETAIL_JSON_SQL, ITEM_JSON, jsonArray } from './invoice-json.js';
import { type InvoiceStatus, invoiceDocuments, invoiceItems, invoices } from './invoices.table.js';

export type InvoiceRow = typeof invoices.$inferSelect;

const WAITING_DOCUMENT = {
  xml: null,
  signedAt: null,
  certificateSubject: null,
  certificateSerial: null,
  origin: null,
  lastError: null,
} as const;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

export interface InvoiceFilter {
  statuses?: InvoiceStatus[] | undefined;
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  buyerMst?: string | undefined;
  buyerName?: string | undefined;
}

/**
 * A buyer name with other conditions (dates, statuses, an MST) is matched among the name's invoices when
 * they are at most this many, and counted exactly; on more (a common name: "nguyen" is on a twentieth of all
 * invoices), the other conditions' index is walked newest first checking each invoice's name, and the total
 * counts at most this many: counting every match of a common name over two years read a million rows.
 */
export const BUYER_NAME_CANDIDATES = 2_000;

/**
 * From this offset on, a page whose filter the invoice counts cover starts from the hour it falls in
 * (`seekHour`, invoice-counts.ts) instead of skipping every newer index entry: at 1 M invoices page 5,000
 * of 20 took 2.1 ms skipping 100,000 entries, 0.77 ms summing 1,750 hours, 0.095 ms summing 73 days.
 */
export const SEEK_FROM_OFFSET = 2_000;

/** A page of the list: its items as JSON text (ITEM_JSON), and the total, a lower bound when flagged. */
interface InvoicePage {
  total: number;
  totalIsLowerBound: boolean;
  itemsJson: string;
}

interface StatusCount {
  status: string;
  count: number;
}

const byStatusOnly = (filter: InvoiceFilter) =>
  !filter.createdFrom && !filter.createdBefore && !filter.buyerMst && !filter.buyerName;

/** Conditions besides the buyer name. */
const hasOtherConditions = (filter: InvoiceFilter) =>
  !!(filter.statuses?.length || filter.createdFrom || filter.createdBefore || filter.buyerMst);

/**
 * How the buyer name is matched: among the invoices of the names found (`candidates`), or on each invoice
 * the other conditions select, by its name key (`key`): see `list`.
 */
type NameMatch = 'candidates' | 'key';

/** Dates (and statuses) only, each bound at the start of a UTC hour: the hourly and daily counts give the total exactly. */
const byHoursOnly = (filter: InvoiceFilter) =>
  !filter.buyerMst &&
  !filter.buyerName &&
  [filter.createdFrom, filter.createdBefore].every((bound) => bound === undefined || isUtcHourStart(bound));

/** The filter's values as the named parameters of its shape's statements (see `shapeOf`). */
function paramsOf(
  filter: InvoiceFilter,
  name: { candidates?: string[] | undefined; pattern?: string | undefined } = {},
): Record<string, unknown> {
  return {
    ...Object.fromEntries((filter.statuses ?? []).map((status, i) => [`status${i}`, status])),
    createdFrom: filter.createdFrom,
    createdBefore: filter.createdBefore,
    buyerMst: filter.buyerMst,
    candidates: name.candidates && JSON.stringify(name.candidates),
    namePattern: name.pattern,
  };
}

/** Which conditions a filter has: one set of prepared statements per shape, values bound as parameters. */
const shapeOf = (filter: InvoiceFilter, nameMatch: NameMatch) =>
  [
    filter.statuses?.length ?? 0,
    !!filter.createdFrom,
    !!filter.createdBefore,
    !!filter.buyerMst,
    !!filter.buyerName && nameMatch,
  ].join();

/** `candidates` stands for the ids of the invoices of the names found (a JSON array), `namePattern` for their GLOB pattern. */
function whereOf(filter: InvoiceFilter, nameMatch: NameMatch): SQL | undefined {
  const byName =
    nameMatch === 'candidates'
      ? sql`${invoices.id} IN (SELECT value FROM json_each(${sql.placeholder('candidates')}))`
      : sql`${invoices.buyerNameKey} GLOB ${sql.placeholder('namePattern')}`;
  const conditions: (SQL | undefined)[] = [
    filter.statuses?.length
      ? inArray(
          invoices.status,
          filter.statuses.map((_, i) => sql.placeholder(`status${i}`)),
        )
      : undefined,
    filter.createdFrom ? gte(invoices.createdAt, sql.placeholder('createdFrom')) : undefined,
    filter.createdBefore ? lt(invoices.createdAt, sql.placeholder('createdBefore')) : undefined,
    filter.buyerMst ? eq(invoices.buyerMst, sql.placeholder('buyerMst')) : undefined,
    filter.buyerName ? byName : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

const HOUR_MS = 3_600_000;
const nextHourStart = (hour: string) => new Date(Date.parse(`${hour}:00:00.000Z`) + HOUR_MS).toISOString();

export function createInvoicesRepository(db: Db, options: { seekFromOffset?: number } = {}) {
  const seekFromOffset = options.seekFromOffset ?? SEEK_FROM_OFFSET;
  const sqlite = db.$client;
  const bumpSequence = sqlite.prepare<[string, string], { last_number: number }>(
    `INSERT INTO invoice_sequences (mau_so, ky_hieu, last_number) VALUES (?, ?, 1)
     ON CONFLICT (mau_so, ky_hieu) DO UPDATE SET last_number = last_number + 1
     RETURNING last_number`,
  );

  const detailJson = sqlite.prepare<[string], string>(DETAIL_JSON_SQL).pluck();
  const insertInvoice = preparedInsert(db, invoices);
  const insertItem = preparedInsert(db, invoiceItems);
  const insertDocument = preparedInsert(db, invoiceDocuments);
  const byId = db
    .select()
    .from(invoices)
    .where(eq(invoices.id, sql.placeholder('id')))
    .prepare();
  const itemsById = db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, sql.placeholder('id')))
    .orderBy(asc(invoiceItems.lineNo))
    .prepare();

  // Counting a million index entries for every page is the list's largest cost; filtered by status alone
  // (or not at all) the total is the sum of the per-status counters kept with every invoice change.
  // With dates too, it is the sum of the hourly and daily counts in the range (invoice-counts.ts).
  const statusCounts = sqlite.prepare<[], StatusCount>('SELECT status, count FROM invoice_status_counts');
  const sumOf = (counts: StatusCount[], statuses: readonly string[] | undefined) =>
    counts.filter((row) => !statuses?.length || statuses.includes(row.status)).reduce((sum, row) => sum + row.count, 0);
  const countByStatus = (statuses: readonly string[] | undefined) => sumOf(statusCounts.all(), statuses);
  const counts = createInvoiceCounts(sqlite);

  /**
   * The same page as `offset` rows into `filter`, as a filter ending with the hour the page starts in and
   * the few rows to skip within it; undefined when the filter has no row that far.
   */
  function seekHour(filter: InvoiceFilter, offset: number): { filter: InvoiceFilter; offset: number } | undefined {
    const start = counts.hourOfOffset(filter, offset);
    return start && { filter: { ...filter, createdBefore: nextHourStart(start.hour) }, offset: offset - start.newer };
  }

  const names = createBuyerNameSearch(db);

  // Building and preparing the page query was half of a list's cost; a few dozen shapes exist at most.
  const byShape = new Map<string, ReturnType<typeof prepareList>>();
  function prepareList(filter: InvoiceFilter, nameMatch: NameMatch) {
    const where = whereOf(filter, nameMatch);
    return {
      count: db.select({ n: count() }).from(invoices).where(where).prepare(),
      /** Counts up to BUYER_NAME_CANDIDATES matches: the other conditions' index is walked, each name checked. */
      countUpToCap: db
        .select({ n: count() })
        .from(db.select({ one: sql`1` }).from(invoices).where(where).limit(BUYER_NAME_CANDIDATES).as('matches'))
        .prepare(),
      page: preparedPages<string>(
        sqlite,
        db
          .select({ item: sql<string>`${sql.raw(ITEM_JSON)}` })
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.createdAt), desc(sql`${invoices}.rowid`)),
      ),
    };
  }
  const listStatements = (filter: InvoiceFilter, nameMatch: NameMatch = 'candidates') => {
    const shape = shapeOf(filter, nameMatch);
    const kept = byShape.get(shape);
    if (kept) return kept;
    const statements = prepareList(filter, nameMatch);
    byShape.set(shape, statements);
    return statements;
  };
  // One read transaction: the invoice counts and the page must see the same invoices.
  const seekPage = sqlite.transaction((filter: InvoiceFilter, limit: number, offset: number): string[] => {
    const start = seekHour(filter, offset);
    if (!start) return [];
    return listStatements(start.filter).page(paramsOf(start.filter), limit, start.offset);
  });

  function listOf(
    filter: InvoiceFilter,
    limit: number,
    offset: number,
    name?: { key: string; keys: string[]; onNames: number },
  ): InvoicePage {
    const nameMatch: NameMatch = name && name.onNames > BUYER_NAME_CANDIDATES ? 'key' : 'candidates';
    const statements = listStatements(filter, nameMatch);
    const params = paramsOf(
      filter,
      !name
        ? {}
        : nameMatch === 'key'
          ? { pattern: globPattern(name.key) }
          : { candidates: names.invoiceIdsOf(name.keys) },
    );
    const total = byStatusOnly(filter)
      ? countByStatus(filter.statuses)
      : byHoursOnly(filter)
        ? counts.total(filter)
        : ((nameMatch === 'key' ? statements.countUpToCap : statements.count).get(params)?.n ?? 0);
    const totalIsLowerBound = nameMatch === 'key' && total === BUYER_NAME_CANDIDATES;
    // A page past an exact total holds nothing: looking for its hour summed every day of the range.
    const items =
      offset >= total && !totalIsLowerBound
        ? []
        : offset < seekFromOffset || !byHoursOnly(filter)
          ? statements.page(params, limit, offset)
          : seekPage(filter, limit, offset);
    return { total, totalIsLowerBound, itemsJson: jsonArray(items) };
  }
  // One read transaction: the names found, with their counts, and their invoices must agree.
  // `outermost`: the transaction is the list's own, so the names found may be kept (found-names.ts).
  const listByName = sqlite.transaction(
    (filter: InvoiceFilter, limit: number, offset: number, outermost: boolean): InvoicePage => {
      const key = searchKey(filter.buyerName ?? '');
      const found = names.namesHolding(key, { outermost });
      try {
        const first = found.next();
        const head = first.done ? undefined : first.value;
        const onNames = head?.total ?? 0;
        if (hasOtherConditions(filter)) {
          // Their invoices are matched against the other conditions only when they are few (see listOf).
          const keys =
            head && onNames <= BUYER_NAME_CANDIDATES ? [head.key, ...Array.from(found, (name) => name.key)] : [];
          return listOf(filter, limit, offset, { key, keys, onNames });
        }
        if (!head || offset >= onNames) return { total: onNames, totalIsLowerBound: false, itemsJson: '[]' };
        return { total: onNames, totalIsLowerBound: false, itemsJson: names.pageOf(head, found, limit, offset) };
      } finally {
        // A statement stays busy until its rows are read to the end or its iterator is closed.
        found.return?.();
      }
    },
  );

  return {
    /** The next number of the symbol; gapless because it is bumped in the transaction that uses it. */
    nextNumber: (mauSo: string, kyHieu: string): number =>
      (bumpSequence.get(mauSo, kyHieu) as { last_number: number }).last_number,

    insert(invoice: InvoiceRow, items: InvoiceItemRow[]): void {
      insertInvoice(invoice);
      for (const item of items) insertItem(item);
      // Its signed XML waits for the XML thread (invoice-documents.repository.ts).
      insertDocument({ ...WAITING_DOCUMENT, invoiceId: invoice.id });
    },

    findById: (id: string): InvoiceRow | undefined => byId.get({ id }),

    /** The invoice's detail as JSON text (DETAIL_JSON_SQL); undefined when there is no such invoice. */
    detailJson: (id: string): string | undefined => detailJson.get(id),

    /** Changes some fields of an invoice row, bumping its version; answers the row after the change. */
    update(id: string, changes: Partial<InvoiceRow>, at: string): InvoiceRow {
      db.update(invoices)
        .set({ ...changes, updatedAt: at, version: sql`${invoices.version} + 1` })
        .where(eq(invoices.id, id))
        .run();
      return byId.get({ id }) as InvoiceRow;
    },

    itemsOf: (invoiceId: string): InvoiceItemRow[] => itemsById.all({ id: invoiceId }),

    /** Whether any buyer name waits for the suffix index (buyer-name-search.ts). */
    hasBuyerNameBacklog: (): boolean => names.hasBacklog(),

    /** Adds the oldest `limit` names waiting to the suffix index; answers how many. In the caller's transaction. */
    indexBuyerNameBacklog: (limit: number): number => names.indexBacklog(limit),

    /**
     * Newest first; the created_at indexes serve both the range and the order. A buyer name is looked up
     * among the names (`buyer_names`, by their suffixes), then their invoices by the name index: alone, the page is
     * merged from the newest invoices of the names that can reach it (buyer-name-pages.ts) and the total is
     * the names' counts. With
     * other conditions, when the names are on at most BUYER_NAME_CANDIDATES invoices, those are matched
     * against the conditions and the total is exact; on more (a common name), the conditions' index is walked
     * newest first checking each invoice's name, so that an older month still finds its invoices, and the
     * total counts at most the cap and is a lower bound when it reaches it.
     */
    list: (filter: InvoiceFilter, limit: number, offset: number): InvoicePage =>
      filter.buyerName === undefined
        ? listOf(filter, limit, offset)
        : listByName(filter, limit, offset, !sqlite.inTransaction),
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
