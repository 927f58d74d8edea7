import { eq, or, type SQL, sql } from 'drizzle-orm';
import { countRows } from '../db/count.js';
import type { Db } from '../db/open.js';
import { preparedInsert } from '../db/prepared.js';
import { preparedTrigramSearch, trigramMatch } from '../db/trigram-search.js';
import { globPattern, searchKey } from '../domain/text.js';
import { customers } from './customers.table.js';

export type CustomerRow = typeof customers.$inferSelect;

/**
 * A name found on more customers than this is paged by walking the customers newest first until the page
 * is full, checking each name for the key; below it, each found customer is read and the few sorted. At
 * 50,000 customers "tran" (on 4,167 of them) took 7.4 ms the second way, 2.9 ms the first (0.19 ms with
 * the name checked by `instr` instead of against the found rowids sent as JSON); a rare name is the other
 * way round (0.03 against 9.7 ms).
 */
const WALK_FROM_MATCHES = 500;

/**
 * A name common among the newest customers is counted only to the end of the page asked: the customers are
 * walked newest first by an index of their creation that holds the name (no row read) until the page and one
 * more are found; then `total` is a lower bound, the end of the page, and `totalPages` the page after it
 * (docs/api.md "Customer search"). The walk reads at most WALK_PER_MATCH entries per customer it looks for:
 * a key on fewer of the newest customers is counted exactly by the trigram index. Counting every customer
 * holding "tran" (4,167 of 50,000; about one in twelve) read that index's lists of "tra" and "ran" whole,
 * a cost that grows with the store, where the walk reads about 250 entries for a first page at any size.
 * A rare key pays for the walk it gives up (420 entries for a first page) before its exact count: at 20,000
 * invoices "tran" walked 31 µs against 115 µs counted, "xuan truong" 66 µs walked then 16 µs counted.
 */
const WALK_PER_MATCH = 20;
/** Deeper pages are counted exactly, as before the walk: a page far down a common name would walk most customers. */
const WALK_TO_PAGE_END = 1_000;

/**
 * A listed customer's figures, for the page's rows (aliased `page`), from the rollup of its revenue invoices
 * per day (`daily_customer_sales`, kept by the rollups listener in each invoice's transaction): at most a
 * row a day, where counting its invoices read every one of them. The walk-in customer "Khách lẻ" is on 40 %
 * of the bench's million invoices: 156 ms counted, 0.19 ms summed, the same figures. Computed in the outer
 * query, they are read for 20 customers, not for every customer the search matched before sorting.
 */
const figuresOfPage = {
  invoiceCount: '(SELECT coalesce(sum(d.invoice_count), 0) FROM daily_customer_sales d WHERE d.customer_id = page.id)',
  totalRevenue: '(SELECT coalesce(sum(d.revenue), 0) FROM daily_customer_sales d WHERE d.customer_id = page.id)',
};

/**
 * The page of the customers whose name holds the key: among the name rows the index finds (`@match`, as
 * `preparedTrigramSearch` writes the condition), or, walking, by the name itself (`@key`: a substring, the
 * same rows as the index finds), with their figures.
 */
const pageSql = (found: string) =>
  `SELECT page.id, page.name, page.mst, page.email,
     ${figuresOfPage.invoiceCount} AS invoiceCount, ${figuresOfPage.totalRevenue} AS totalRevenue
   FROM (SELECT c.id, c.name, c.mst, c.email, c.created_at FROM customers c
         WHERE ${found}
         ORDER BY c.created_at DESC, c.id DESC LIMIT @limit OFFSET @offset) page
   ORDER BY page.created_at DESC, page.id DESC`;

export function createCustomersRepository(db: Db) {
  const sqlite = db.$client;
  type ListedCustomer = Pick<CustomerRow, 'id' | 'name' | 'mst' | 'email'> & {
    invoiceCount: number;
    totalRevenue: number;
  };
  // How many customers the name index finds, counted by SQLite: handing JavaScript the rowids of the 4,167
  // customers holding "tran" and back as JSON cost more than finding them.
  const countHolding = preparedTrigramSearch<number>(
    sqlite,
    'customer_name_search',
    (condition) => `SELECT count(*) FROM customer_name_search WHERE ${condition}`,
    { pluck: true },
  );
  type PageParams = { key: string; match: string; limit: number; offset: number };
  const pageByLookup = {
    MATCH: sqlite.prepare<[PageParams], ListedCustomer>(
      pageSql(`c.id IN (SELECT customer_id FROM customer_name_search WHERE customer_name_search MATCH @match)`),
    ),
    GLOB: sqlite.prepare<[PageParams], ListedCustomer>(
      pageSql(`c.id IN (SELECT customer_id FROM customer_name_search WHERE customer_name_search.name_key GLOB @match)`),
    ),
  };
  // The customers' index by creation, newest first, each name checked: "tran" is on one customer in twelve.
  const pageByWalk = sqlite.prepare<[PageParams], ListedCustomer>(pageSql('instr(c.name_key, @key) > 0'));
  // The rowids of the customers holding the key among the newest @walk, newest first, at most @matches of
  // them; the index of creation holds the name, so no row is read (bound through a subquery: a bound LIMIT
  // makes SQLite prepare the statement again at every run, src/db/prepared.ts).
  const walkHolding = sqlite
    .prepare<[{ key: string; walk: number; matches: number }], number>(
      `SELECT rowid FROM (
         SELECT rowid, name_key FROM customers INDEXED BY customers_created_at_id_name_key
         ORDER BY created_at DESC, id DESC LIMIT (SELECT @walk)
       ) WHERE instr(name_key, @key) > 0 LIMIT (SELECT @matches)`,
    )
    .pluck();
  const pageByRowids = sqlite.prepare<[{ rowids: string }], ListedCustomer>(
    pageSql('c.rowid IN (SELECT value FROM json_each(@rowids))').replace('LIMIT @limit OFFSET @offset', ''),
  );
  type NamePage = { total: number; totalIsLowerBound: boolean; rows: ListedCustomer[] };
  /** A common key's page, its total a lower bound (see WALK_PER_MATCH); undefined when it must be counted. */
  const byWalk = (key: string, limit: number, offset: number): NamePage | undefined => {
    if (offset + limit > WALK_TO_PAGE_END) return undefined;
    const matches = offset + limit + 1;
    const found = walkHolding.all({ key, walk: matches * WALK_PER_MATCH, matches });
    if (found.length < matches) return undefined;
    const rowids = JSON.stringify(found.slice(offset, offset + limit));
    return { total: offset + limit, totalIsLowerBound: true, rows: pageByRowids.all({ rowids }) };
  };
  // One read transaction: the count and the page must see the same customers.
  const listByName = sqlite.transaction((search: string, limit: number, offset: number): NamePage => {
    const key = searchKey(search);
    const walked = byWalk(key, limit, offset);
    if (walked) return walked;
    const total = countHolding(key)[0] ?? 0;
    if (total <= offset) return { total, totalIsLowerBound: false, rows: [] };
    const match = trigramMatch(key);
    const params = { key, match: match.value, limit, offset };
    return {
      total,
      totalIsLowerBound: false,
      rows: (total > WALK_FROM_MATCHES ? pageByWalk : pageByLookup[match.operator]).all(params),
    };
  });
  /** The customer's first or last day with a revenue invoice: the customer's days by index, from one end. */
  const dayOfCustomer = (order: 'ASC' | 'DESC') =>
    sqlite
      .prepare<[string], string>(
        `SELECT date FROM daily_customer_sales WHERE customer_id = ? AND invoice_count > 0 ORDER BY date ${order} LIMIT 1`,
      )
      .pluck();
  const firstDayOfCustomer = dayOfCustomer('ASC');
  const lastDayOfCustomer = dayOfCustomer('DESC');
  // The customer's rows per month and channel, by key: at most 24 × 4 for two years (test/db/query-plans.test.ts).
  const figuresOfCustomerBy = <Key extends 'month' | 'channel'>(key: Key) =>
    sqlite.prepare<[string], Record<Key, string> & { count: number; revenue: number }>(
      `SELECT ${key}, sum(invoice_count) AS count, sum(revenue) AS revenue FROM monthly_customer_channel_sales
       WHERE customer_id = ? GROUP BY ${key} HAVING sum(invoice_count) > 0 ORDER BY ${key}`,
    );
  const monthsOfCustomer = figuresOfCustomerBy('month');
  const channelsOfCustomer = figuresOfCustomerBy('channel');
  const by = (column: typeof customers.id | typeof customers.mst | typeof customers.matchKey) => {
    const statement = db
      .select()
      .from(customers)
      .where(eq(column, sql.placeholder('value')))
      .prepare();
    return (value: string): CustomerRow | undefined => statement.get({ value });
  };
  return {
    findById: by(customers.id),
    findByMst: by(customers.mst),
    findByMatchKey: by(customers.matchKey),
    insert: preparedInsert(db, customers),
    /** A repeat buyer: the details given this time replace the stored ones; those left out stay. */
    updateFromBuyer: (() => {
      const details = {
        updatedAt: sql`${sql.placeholder('updatedAt')}`,
        email: sql`coalesce(${sql.placeholder('email')}, ${customers.email})`,
        address: sql`coalesce(${sql.placeholder('address')}, ${customers.address})`,
        phone: sql`coalesce(${sql.placeholder('phone')}, ${customers.phone})`,
      };
      const prepare = (set: typeof details & { name?: SQL; nameKey?: SQL }) =>
        db
          .update(customers)
          .set(set)
          .where(eq(customers.id, sql.placeholder('id')))
          .prepare();
      // A name in the SET list rewrites the name index entry even when it is the same, a page per invoice:
      // most invoices of a repeat buyer keep the name.
      const keepingName = prepare(details);
      const renaming = prepare({
        ...details,
        name: sql`${sql.placeholder('name')}`,
        nameKey: sql`${sql.placeholder('nameKey')}`,
      });
      return (
        id: string,
        changes: Pick<CustomerRow, 'updatedAt'> &
          Partial<Pick<CustomerRow, 'name' | 'nameKey' | 'email' | 'address' | 'phone'>>,
      ) => {
        const values = { id, email: null, address: null, phone: null, ...changes };
        if (changes.name !== undefined && changes.nameKey !== undefined) renaming.run(values);
        else keepingName.run(values);
      };
    })(),

    /**
     * A page of customers with their revenue figures, newest first; `search` matches name (accent-free) or
     * MST. A name common among the customers is counted to the end of the page (`totalIsLowerBound`).
     */
    list(search: string | undefined, limit: number, offset: number): NamePage {
      if (search && !/^\d+$/.test(search)) return listByName(search, limit, offset);
      // Digits: the name (a name may hold digits) or an MST starting with them.
      const where = search
        ? or(
            sql`${customers.id} IN (SELECT customer_id FROM customer_name_search WHERE name_key GLOB ${globPattern(searchKey(search))})`,
            // GLOB, not LIKE: a case-sensitive prefix match is what lets SQLite use the MST index.
            sql`${customers.mst} GLOB ${`${search}*`}`,
          )
        : undefined;
      const total = countRows(db, customers, where);
      const page = db
        .select({
          id: customers.id,
          name: customers.name,
          mst: customers.mst,
          email: customers.email,
          createdAt: customers.createdAt,
        })
        .from(customers)
        .where(where)
        .orderBy(sql`${customers.createdAt} DESC, ${customers.id} DESC`)
        .limit(limit)
        .offset(offset)
        .as('page');
      const rows = db
        .select({
          id: page.id,
          name: page.name,
          mst: page.mst,
          email: page.email,
          invoiceCount: sql<number>`${sql.raw(figuresOfPage.invoiceCount)}`,
          totalRevenue: sql<number>`${sql.raw(figuresOfPage.totalRevenue)}`,
        })
        .from(page)
        .orderBy(sql`page.created_at DESC, page.id DESC`)
        .all();
      return { total, totalIsLowerBound: false, rows };
    },

    /**
     * A customer's revenue figures from its rollup rows: totals, months and channels from those per month
     * and channel, the first and last day from the daily ones (see `figuresOfPage`: exact, at most a row a
     * day).
     */
    revenueStats(customerId: string) {
      const channels = channelsOfCustomer.all(customerId);
      const stats = {
        count: channels.reduce((sum, c) => sum + c.count, 0),
        revenue: channels.reduce((sum, c) => sum + c.revenue, 0),
        first: firstDayOfCustomer.get(customerId) ?? null,
        last: lastDayOfCustomer.get(customerId) ?? null,
      };
      const monthly = monthsOfCustomer.all(customerId);
      return { stats, monthly, channels };
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
