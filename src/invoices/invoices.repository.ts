import type Database from 'better-sqlite3';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { preparedInsert, preparedPages } from '../db/prepared.js';
import type { Db } from '../db/open.js';
import { prefixRange } from '../db/suffix-search.js';
import { isUtcHourStart } from '../domain/calendar.js';
import { TAX_GROUP_ORDER } from '../domain/tax-breakdown.js';
import { globPattern, searchKey } from '../domain/text.js';
import { type BuyerName, type InvoicePlace, namesReaching } from './buyer-name-pages.js';
import { createInvoiceCounts } from './invoice-counts.js';
import { invoiceDocuments, invoiceItems, invoices, type InvoiceStatus } from './invoices.table.js';

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
    'channel', channel, 'paymentMethod', payment_method, 'createdAt', created_at,
    'demo', json(iif(demo = 1, 'true', 'false'))
  )`;

const jsonArray = (items: readonly string[]) => `[${items.join(',')}]`;

/** A REAL column as JSON: a whole number without SQLite's ".0", as JavaScript writes it. */
const realJson = (column: string) =>
  `iif(${column} = CAST(${column} AS INTEGER), CAST(${column} AS INTEGER), ${column})`;

/**
 * The invoice's tax groups as `taxBreakdown` (src/domain/tax-breakdown.ts) makes them: goods and trade
 * discounts only, with each group's rate, category and place in the ledger's order.
 */
const GROUPS_SQL = `SELECT tax_group, sum(total) AS amount, sum(tax_amount) AS tax,
    CASE WHEN tax_group IN ('KCT', 'KKKNT') THEN NULL ELSE round(CAST(replace(rtrim(tax_group, '%'), 'KHAC:', '') AS REAL) / 100, 6) END AS rate,
    CASE WHEN tax_group IN ('KCT', 'KKKNT') THEN tax_group WHEN tax_group GLOB 'KHAC:*' THEN 'KHAC' END AS category,
    CASE tax_group ${TAX_GROUP_ORDER.map((group, rank) => `WHEN '${group}' THEN ${rank}`).join(' ')} ELSE ${TAX_GROUP_ORDER.length} END AS rank
  FROM invoice_items WHERE invoice_id = i.id AND tax_group IS NOT NULL AND kind IN ('goods', 'tradeDiscount')
  GROUP BY tax_group`;

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
    'buyer', json_object('name', i.buyer_name, 'mst', i.buyer_mst, 'address', i.buyer_address, 'email', i.buyer_email, 'phone', i.buyer_phone,
      'cccd', i.buyer_cccd, 'passport', i.buyer_passport, 'budgetUnitCode', i.buyer_budget_unit_code),
    'totals', json_object('subtotal', i.subtotal, 'taxAmount', i.tax_amount, 'total', i.total,
      'byRate', (SELECT json_group_array(json_patch('{}', json_object(
          'taxGroup', g.tax_group, 'rate', ${realJson('g.rate')}, 'category', g.category, 'amount', g.amount, 'tax', g.tax, 'total', g.amount + g.tax
        )) ORDER BY g.rank, g.tax_group) FROM (${GROUPS_SQL}) g),
      'discountTotal', i.discount_total),
    'channel', i.channel, 'paymentMethod', i.payment_method, 'createdAt', i.created_at,
    'demo', json(iif(i.demo = 1, 'true', 'false')),
    'seller', json_object('name', i.seller_name, 'mst', i.seller_mst, 'address', i.seller_address),
    'items', (SELECT json_group_array(json_patch('{}', json_object(
        'lineNo', l.line_no, 'kind', l.kind, 'name', l.name, 'sku', l.sku, 'unit', l.unit, 'quantity', ${realJson('l.quantity')},
        'unitPrice', ${realJson('l.unit_price')}, 'shelfPrice', ${realJson('l.shelf_price')}, 'taxRate', ${realJson('l.tax_rate')}, 'taxCategory', l.tax_category,
        'taxGroup', l.tax_group, 'discountRate', ${realJson('l.discount_rate')}, 'discountAmount', l.discount_amount,
        'discount', l.discount, 'total', l.total, 'taxAmount', l.tax_amount
      )) ORDER BY l.line_no) FROM invoice_items l WHERE l.invoice_id = i.id),
    'lookupCode', i.lookup_code,
    'customerId', i.customer_id, 'replaces', i.replaces_id, 'replacedBy', i.replaced_by_id, 'adjusts', i.adjusts_id,
    'adjustedBy', i.adjusted_by_id, 'adjustmentType', i.adjustment_type, 'reason', i.reason, 'orderId', i.order_id,
    'authorityCode', i.authority_code, 'updatedAt', i.updated_at, 'version', i.version,
    'transmission', (SELECT json_object('state', t.state, 'attempts', t.attempts, 'lastError', t.last_error, 'acceptedAt', t.accepted_at,
        'authorityCode', i.authority_code) FROM transmissions t WHERE t.invoice_id = i.id),
    'delivery', (SELECT json_group_array(json_patch('{}', json_object(
        'channel', d.channel, 'to', d.recipient, 'state', d.state, 'at', d.updated_at, 'error', d.last_error
      )) ORDER BY d.id) FROM deliveries d WHERE d.invoice_id = i.id)
  )) FROM invoices i WHERE i.id = ?`;

/** A buyer name found, with the invoices of all the names found (`total`) and how many they are (`names`). */
type FoundName = BuyerName & { total: number; names: number };

/** The names a page reaching `reach` invoices into the list needs (`namesReaching`), as the page statement binds them. */
function namesAt(names: Iterable<BuyerName>, reach: number): { names: string; since: string } {
  const { keys, since } = namesReaching(names, reach);
  return { names: JSON.stringify(keys), since };
}

/** `first`, then the rest of `rest`, read as asked. */
function* startingWith<T>(first: T, rest: Iterator<T>): Generator<T> {
  yield first;
  for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
}

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

  const itemsByRowids = sqlite
    .prepare<[string], string>(
      `SELECT ${ITEM_JSON} FROM invoices WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC, rowid DESC`,
    )
    .pluck();
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

  // The names holding a search key, newest invoice first, each row with the invoices of all of them and how
  // many they are; read one at a time, so that a common key hands JavaScript only the names a page needs (an
  // object for each of the 30,000 names holding "an" cost 20 ms). A key is looked up as the range of the
  // name suffixes starting with it (migrations/0011_buyer_name_suffixes.sql), and among the names still
  // waiting for the index (`indexed = 0`, a few at most between two runs of the index job). A name holding
  // the key twice has two suffixes in the range: it is taken at the first, where `instr` finds the key,
  // which costs less than collecting the names into a set. The names found are kept once for the figures and
  // the order: "nguyen van an" (834 names at 1 M invoices) took 3.2 ms as a phrase of trigrams in a trigram
  // index of the names, 0.67 ms with the figures as window functions over the names in a set, 0.43 ms so.
  const namesBySuffix = sqlite.prepare<[{ key: string; from: string; before: string; pattern: string }], FoundName>(
    `WITH found AS MATERIALIZED (
       SELECT n.name_key AS key, n.invoice_count AS count, n.last_created_at AS last
       FROM buyer_name_suffixes s CROSS JOIN buyer_names n ON n.id = s.name_id
       WHERE s.suffix >= @from AND s.suffix < @before AND instr(n.name_key, @key) = length(n.name_key) - length(s.suffix) + 1
       UNION ALL
       SELECT name_key, invoice_count, last_created_at FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0 AND name_key GLOB @pattern
     ), figures AS (SELECT coalesce(sum(count), 0) AS total, count(*) AS names FROM found)
     SELECT key, count, last, total, names FROM found, figures ORDER BY last DESC`,
  );
  const everyName = sqlite.prepare<[], FoundName>(
    `SELECT name_key AS key, invoice_count AS count, last_created_at AS last,
       sum(invoice_count) OVER () AS total, count(*) OVER () AS names
     FROM buyer_names ORDER BY last DESC`,
  );
  const namesHolding = (key: string): IterableIterator<FoundName> => {
    const { from, before } = prefixRange(key);
    return before === undefined
      ? everyName.iterate()
      : namesBySuffix.iterate({ key, from, before, pattern: globPattern(key) });
  };
  const newestOfName = preparedPages<InvoicePlace>(
    sqlite,
    db
      // Aliased: the rows are read as SQLite names their columns, not mapped by drizzle.
      .select({
        rowid: sql<number>`${invoices}.rowid`.as('rowid'),
        createdAt: sql<string>`${invoices.createdAt}`.as('createdAt'),
      })
      .from(invoices)
      .where(eq(invoices.buyerNameKey, sql.placeholder('key')))
      .orderBy(desc(invoices.createdAt), desc(sql`${invoices}.rowid`)),
    { whole: true },
  );
  // The page of the invoices of several names (`namesReaching`): each name's newest invoices by the name
  // index, at most as many as the page reaches and none older than `since`, merged in one statement. Merged
  // in JavaScript from a statement a name, the first page of "nguyen van an" at 1 M invoices took 0.40 ms,
  // so 0.05 ms. The page's LIMIT is written into the SQL (see preparedPages), one statement per page size.
  type NamesPage = { names: string; since: string; reach: number; offset: number };
  const namesPageBySize = new Map<number, Database.Statement<[NamesPage], string>>();
  const pageOfNames = (params: NamesPage, limit: number): string[] => {
    let statement = namesPageBySize.get(limit);
    if (!statement) {
      if (namesPageBySize.size >= 4) namesPageBySize.delete(namesPageBySize.keys().next().value!);
      statement = sqlite
        .prepare<[NamesPage], string>(
          `SELECT ${ITEM_JSON} FROM invoices WHERE rowid IN (
             SELECT i.rowid FROM json_each(@names) n CROSS JOIN invoices i ON i.rowid IN (
               SELECT rowid FROM invoices INDEXED BY invoices_buyer_name_key_created_at
               WHERE buyer_name_key = n.value AND created_at >= @since ORDER BY created_at DESC, rowid DESC LIMIT (SELECT @reach)
             ) ORDER BY i.created_at DESC, i.rowid DESC LIMIT ${Math.trunc(limit)} OFFSET @offset
           ) ORDER BY created_at DESC, rowid DESC`,
        )
        .pluck();
      namesPageBySize.set(limit, statement);
    }
    return statement.all(params);
  };
  const idsOfNames = sqlite
    .prepare<[string], string>('SELECT id FROM invoices WHERE buyer_name_key IN (SELECT value FROM json_each(?))')
    .pluck();

  const namesWaiting = sqlite
    .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0)')
    .pluck();
  // Every suffix of the batch's names that does not start with a space (a search key is trimmed).
  const indexNames = sqlite.prepare<[number]>(
    `WITH RECURSIVE batch AS (
       SELECT id, name_key FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0 ORDER BY id LIMIT ?
     ), positions(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM positions WHERE i < (SELECT max(length(name_key)) FROM batch))
     INSERT INTO buyer_name_suffixes (suffix, name_id)
     SELECT substr(b.name_key, p.i), b.id FROM batch b JOIN positions p ON p.i <= length(b.name_key)
     WHERE substr(b.name_key, p.i, 1) <> ' '`,
  );
  const markIndexed = sqlite.prepare<[number]>(
    'UPDATE buyer_names SET indexed = 1 WHERE id IN (SELECT id FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0 ORDER BY id LIMIT ?)',
  );

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
          : { candidates: idsOfNames.all(JSON.stringify(name.keys)) },
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
  const listByName = sqlite.transaction((filter: InvoiceFilter, limit: number, offset: number): InvoicePage => {
    const key = searchKey(filter.buyerName ?? '');
    const found = namesHolding(key);
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
      const reach = offset + limit;
      // A single name's page is its index's page: the walk-in "khach le" is on 400,622 of a million
      // invoices, and merging would read and sort every one of them up to a deep page.
      const itemsJson =
        head.names === 1
          ? jsonArray(
              itemsByRowids.all(JSON.stringify(newestOfName({ key: head.key }, limit, offset).map((p) => p.rowid))),
            )
          : jsonArray(pageOfNames({ ...namesAt(startingWith(head, found), reach), reach, offset }, limit));
      return { total: onNames, totalIsLowerBound: false, itemsJson };
    } finally {
      // A statement stays busy until its rows are read to the end or its iterator is closed.
      found.return?.();
    }
  });

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

    /** Whether any buyer name waits for the suffix index (a read: the job opens no write transaction for nothing). */
    hasBuyerNameBacklog: (): boolean => namesWaiting.get() === 1,

    /**
     * Adds the suffixes of the oldest `limit` names waiting to the suffix index; answers how many names. A
     * new name's fifteen or so entries land on scattered pages of the index: in a batch, beside the other
     * names', outside the cashier's transaction. The caller provides the transaction.
     */
    indexBuyerNameBacklog(limit: number): number {
      indexNames.run(limit);
      return markIndexed.run(limit).changes;
    },

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
      filter.buyerName === undefined ? listOf(filter, limit, offset) : listByName(filter, limit, offset),
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
