import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { preparedInsert, preparedPages } from '../db/prepared.js';
import type { Db } from '../db/open.js';
import { isUtcHourStart } from '../domain/calendar.js';
import { globPattern, searchKey } from '../domain/text.js';
import { createInvoiceCounts } from './invoice-counts.js';
import { invoiceItems, invoices, type InvoiceStatus } from './invoices.table.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

export interface InvoiceFilter {
  statuses?: InvoiceStatus[] | undefined;
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  buyerMst?: string | undefined;
  buyerName?: string | undefined;
}

/**
 * A buyer name search considers at most this many invoices carrying the name, the newest: a common name
 * ("nguyen") is on a tenth of all invoices, and counting and sorting them all held the event loop for seconds;
 * reading even 10,000 of them took 125 ms at 1 M invoices. 100 pages of 20 is more than anyone reads.
 */
export const BUYER_NAME_CANDIDATES = 2_000;

/**
 * From this offset on, a page whose filter the invoice counts cover starts from the hour it falls in
 * (`seekHour`, invoice-counts.ts) instead of skipping every newer index entry: at 1 M invoices page 5,000
 * of 20 took 2.1 ms skipping 100,000 entries, 0.77 ms summing 1,750 hours, 0.095 ms summing 73 days.
 */
export const SEEK_FROM_OFFSET = 2_000;

/**
 * An item of the list as the API shows it (`invoiceListItem`, invoices.schemas.ts): JSON text written by
 * SQLite, one per row of the page statement, in its order, joined into the page's array (`jsonArray`).
 * Making a JavaScript value of each of a page's 300 cells, an object of each row, another for the API,
 * checking them with zod and writing them out again cost about three times as much as SQLite writing the
 * text; selecting the page's rowids first and writing their JSON in a second statement (which sorted them
 * again) cost 1.4 to 1.7 times as much as this. `GET /invoices` sends it as it is
 * (test/invoices/list-json.test.ts holds it to the schema and to each invoice's detail).
 */
const ITEM_JSON = `json_object(
    'id', id, 'platformId', platform_id, 'status', status, 'mauSo', mau_so, 'kyHieu', ky_hieu, 'number', number,
    'issueDate', issue_date,
    'buyer', CASE WHEN buyer_mst IS NULL THEN json_object('name', buyer_name) ELSE json_object('name', buyer_name, 'mst', buyer_mst) END,
    'totals', json_object('subtotal', subtotal, 'taxAmount', tax_amount, 'total', total),
    'channel', channel, 'paymentMethod', payment_method, 'createdAt', created_at
  )`;

const jsonArray = (items: readonly string[]) => `[${items.join(',')}]`;

/** A REAL column as JSON: a whole number without SQLite's ".0", as JavaScript writes it. */
const realJson = (column: string) => `iif(${column} = CAST(${column} AS INTEGER), CAST(${column} AS INTEGER), ${column})`;

/**
 * An invoice as GET /invoices/:id shows it (`invoiceDetail` in invoices.service.ts with its place in the
 * transmission queue), written by SQLite in one statement: reading the row, its lines and its queue row
 * into JavaScript, building the detail and serialising it cost 2.5 times as much. `json_patch` onto `{}`
 * drops the null members (RFC 7396), as the detail leaves out what an invoice lacks; each line is patched
 * on its own, since a patch does not enter arrays. test/invoices/detail-json.test.ts holds it to the
 * schema and to `invoiceDetail`.
 */
const DETAIL_JSON_SQL = `SELECT json_patch('{}', json_object(
    'id', i.id, 'platformId', i.platform_id, 'status', i.status, 'mauSo', i.mau_so, 'kyHieu', i.ky_hieu, 'number', i.number,
    'issueDate', i.issue_date,
    'buyer', json_object('name', i.buyer_name, 'mst', i.buyer_mst, 'address', i.buyer_address, 'email', i.buyer_email, 'phone', i.buyer_phone),
    'totals', json_object('subtotal', i.subtotal, 'taxAmount', i.tax_amount, 'total', i.total),
    'channel', i.channel, 'paymentMethod', i.payment_method, 'createdAt', i.created_at,
    'seller', json_object('name', i.seller_name, 'mst', i.seller_mst, 'address', i.seller_address),
    'items', (SELECT json_group_array(json_patch('{}', json_object(
        'lineNo', l.line_no, 'name', l.name, 'sku', l.sku, 'unit', l.unit, 'quantity', ${realJson('l.quantity')},
        'unitPrice', ${realJson('l.unit_price')}, 'taxRate', ${realJson('l.tax_rate')}, 'total', l.total, 'taxAmount', l.tax_amount
      )) ORDER BY l.line_no) FROM invoice_items l WHERE l.invoice_id = i.id),
    'customerId', i.customer_id, 'replaces', i.replaces_id, 'replacedBy', i.replaced_by_id, 'adjusts', i.adjusts_id,
    'adjustedBy', i.adjusted_by_id, 'adjustmentType', i.adjustment_type, 'reason', i.reason, 'orderId', i.order_id,
    'authorityCode', i.authority_code, 'updatedAt', i.updated_at, 'version', i.version,
    'transmission', (SELECT json_object('state', t.state, 'attempts', t.attempts, 'lastError', t.last_error, 'acceptedAt', t.accepted_at,
        'authorityCode', i.authority_code) FROM transmissions t WHERE t.invoice_id = i.id)
  )) FROM invoices i WHERE i.id = ?`;

/** An invoice the buyer name search found, as its index holds it. */
export interface NameCandidate {
  invoice_id: string;
  created_at: string;
}

interface StatusCount {
  status: string;
  count: number;
}

const byStatusOnly = (filter: InvoiceFilter) => !filter.createdFrom && !filter.createdBefore && !filter.buyerMst && !filter.buyerName;

/** Conditions besides the buyer name. */
const hasOtherConditions = (filter: InvoiceFilter) => !!(filter.statuses?.length || filter.createdFrom || filter.createdBefore || filter.buyerMst);

/**
 * How the buyer name is matched: among the invoices the trigram search found (`candidates`), or on each
 * invoice the other conditions select, by its name key (`key`): see `list`.
 */
type NameMatch = 'candidates' | 'key';

/** Dates (and statuses) only, each bound at the start of a UTC hour: the hourly and daily counts give the total exactly. */
const byHoursOnly = (filter: InvoiceFilter) =>
  !filter.buyerMst && !filter.buyerName && [filter.createdFrom, filter.createdBefore].every((bound) => bound === undefined || isUtcHourStart(bound));

/** The filter's values as the named parameters of its shape's statements (see `shapeOf`). */
function paramsOf(filter: InvoiceFilter, name: { candidates?: string[] | undefined; pattern?: string | undefined } = {}): Record<string, unknown> {
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
  [filter.statuses?.length ?? 0, !!filter.createdFrom, !!filter.createdBefore, !!filter.buyerMst, !!filter.buyerName && nameMatch].join();

/** `candidates` stands for the ids the buyer name search found (a JSON array), `namePattern` for its GLOB pattern. */
function whereOf(filter: InvoiceFilter, nameMatch: NameMatch): SQL | undefined {
  const byName =
    nameMatch === 'candidates'
      ? sql`${invoices.id} IN (SELECT value FROM json_each(${sql.placeholder('candidates')}))`
      : sql`${invoices.buyerNameKey} GLOB ${sql.placeholder('namePattern')}`;
  const conditions: (SQL | undefined)[] = [
    filter.statuses?.length ? inArray(invoices.status, filter.statuses.map((_, i) => sql.placeholder(`status${i}`))) : undefined,
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

  const itemsByIds = sqlite
    .prepare<[string], string>(`SELECT ${ITEM_JSON} FROM invoices WHERE id IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC, rowid DESC`)
    .pluck();
  const detailJson = sqlite.prepare<[string], string>(DETAIL_JSON_SQL).pluck();
  const insertInvoice = preparedInsert(db, invoices);
  const insertItem = preparedInsert(db, invoiceItems);
  const byId = db.select().from(invoices).where(eq(invoices.id, sql.placeholder('id'))).prepare();
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

  // Names not yet in the trigram index wait in its backlog (migration 0015), all newer than any indexed
  // name. Newest first: the backlog by its sequence, then the index by its rowid, which follows insertion,
  // so the cap keeps the most recent invoices.
  const backlogSearch = sqlite.prepare<[string], NameCandidate>(
    `SELECT invoice_id, created_at FROM invoice_buyer_search_backlog WHERE name_key GLOB ? ORDER BY seq DESC LIMIT ${BUYER_NAME_CANDIDATES}`,
  );
  const indexSearch = sqlite.prepare<[string, number], NameCandidate>(
    'SELECT invoice_id, created_at FROM invoice_buyer_search WHERE name_key GLOB ? ORDER BY rowid DESC LIMIT ?',
  );
  // One read transaction: a batch moved between the two statements would be found twice or not at all.
  const buyerNameSearch = sqlite.transaction((pattern: string): NameCandidate[] => {
    const newest = backlogSearch.all(pattern);
    return newest.length < BUYER_NAME_CANDIDATES ? newest.concat(indexSearch.all(pattern, BUYER_NAME_CANDIDATES - newest.length)) : newest;
  });

  const backlogWaits = sqlite.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM invoice_buyer_search_backlog)').pluck();
  const lastOfBacklogBatch = sqlite
    .prepare<[number], number | null>('SELECT max(seq) FROM (SELECT seq FROM invoice_buyer_search_backlog ORDER BY seq LIMIT ?)')
    .pluck();
  const indexBacklog = sqlite.prepare<[number]>(
    `INSERT INTO invoice_buyer_search (name_key, invoice_id, created_at)
     SELECT name_key, invoice_id, created_at FROM invoice_buyer_search_backlog WHERE seq <= ? ORDER BY seq`,
  );
  const dropBacklog = sqlite.prepare<[number]>('DELETE FROM invoice_buyer_search_backlog WHERE seq <= ?');

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
    let statements = byShape.get(shape);
    if (!statements) byShape.set(shape, (statements = prepareList(filter, nameMatch)));
    return statements;
  };
  // One read transaction: the invoice counts and the page must see the same invoices.
  const seekPage = sqlite.transaction((filter: InvoiceFilter, limit: number, offset: number): string[] => {
    const start = seekHour(filter, offset);
    if (!start) return [];
    return listStatements(start.filter).page(paramsOf(start.filter), limit, start.offset);
  });

  return {
    /** The next number of the symbol; gapless because it is bumped in the transaction that uses it. */
    nextNumber: (mauSo: string, kyHieu: string): number => (bumpSequence.get(mauSo, kyHieu) as { last_number: number }).last_number,

    insert(invoice: InvoiceRow, items: InvoiceItemRow[]): void {
      insertInvoice(invoice);
      for (const item of items) insertItem(item);
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

    /**
     * Moves the oldest `limit` names of the backlog into the trigram index, in their order; answers how many.
     * In one batch a name costs the index a few microseconds, against a segment write and merge each when
     * added one transaction at a time. The caller provides the transaction.
     */
    /** Whether any buyer name waits for the trigram index (a read: the job opens no write transaction for nothing). */
    hasBuyerNameBacklog: (): boolean => backlogWaits.get() === 1,

    indexBuyerNameBacklog(limit: number): number {
      const last = lastOfBacklogBatch.get(limit);
      if (last === null || last === undefined) return 0;
      indexBacklog.run(last);
      return dropBacklog.run(last).changes;
    },

    /**
     * Newest first; the created_at indexes serve both the range and the order. A buyer name is looked up in
     * the trigram index, up to its newest BUYER_NAME_CANDIDATES invoices. When the name is on fewer, they
     * are all of its invoices: the other conditions are applied to them and the total is exact. When it is
     * on more (a common name), the name alone lists those newest ones, and with other conditions (a month, a
     * status, an MST) those conditions' index is walked newest first, checking each invoice's name, so that
     * an older month still finds its invoices; either way the total then counts at most the cap and is a
     * lower bound when it reaches it.
     */
    list(filter: InvoiceFilter, limit: number, offset: number): { total: number; totalIsLowerBound: boolean; itemsJson: string } {
      const pattern = filter.buyerName ? globPattern(searchKey(filter.buyerName)) : undefined;
      const found = pattern === undefined ? undefined : buyerNameSearch(pattern);
      const common = found?.length === BUYER_NAME_CANDIDATES;
      if (found && !hasOtherConditions(filter)) {
        return { total: found.length, totalIsLowerBound: common, itemsJson: jsonArray(itemsByIds.all(JSON.stringify(pageOfFound(found, limit, offset)))) };
      }
      const nameMatch: NameMatch = common ? 'key' : 'candidates';
      const statements = listStatements(filter, nameMatch);
      const params = paramsOf(filter, nameMatch === 'key' ? { pattern } : { candidates: found?.map((row) => row.invoice_id) });
      const total = byStatusOnly(filter)
        ? countByStatus(filter.statuses)
        : byHoursOnly(filter)
          ? counts.total(filter)
          : ((nameMatch === 'key' ? statements.countUpToCap : statements.count).get(params)?.n ?? 0);
      const items = offset < seekFromOffset || !byHoursOnly(filter) ? statements.page(params, limit, offset) : seekPage(filter, limit, offset);
      const totalIsLowerBound = nameMatch === 'key' && total === BUYER_NAME_CANDIDATES;
      return { total, totalIsLowerBound, itemsJson: jsonArray(items) };
    },
  };
}

/**
 * The ids of a page of the invoices a buyer name search found, newest first, from the rows the search read:
 * they arrive newest-inserted first, which a stable sort keeps among invoices of the same instant, as the
 * list's `rowid DESC` does.
 */
export function pageOfFound(found: readonly NameCandidate[], limit: number, offset: number): string[] {
  return [...found]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    .slice(offset, offset + limit)
    .map((row) => row.invoice_id);
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
