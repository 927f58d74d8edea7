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
 * A name common among the newest customers (at least COMMON_IN_PROBE of the newest PROBE_WALK hold it) is
 * counted only up to COUNTED_UP_TO, or to the end of the page asked when it lies further, by walking the
 * customers newest first (an index of their creation that holds the name: no row read); past it `total` is a
 * lower bound (docs/api.md "Customer search"). Counting every customer holding "tran" (4,167 of 50,000) read
 * the trigram index's lists of "tra" and "ran" whole: about 0.15 ms at 10,000 customers, 0.5 ms at 50,000,
 * where the walk reads about twelve index entries per customer counted, whatever the store's size. A walk
 * gives up after WALK_BUDGET entries (a key common among the newest customers only) and the count is exact.
 */
export const COUNTED_UP_TO = 100;
const PROBE_WALK = 400;
const COMMON_IN_PROBE = 8;
const WALK_BUDGET = 5_000;

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
  // The rowids of the customers holding the key among the newest `walk` (a budget written into the SQL),
  // newest first, at most @matches of them: the index of creation holds the name, so no row is read.
  const walkHolding = (walk: number) =>
    sqlite
      .prepare<[{ key: string; matches: number }], number>(
        `SELECT rowid FROM (
           SELECT rowid, name_key FROM customers INDEXED BY customers_created_at_id_name_key
           ORDER BY created_at DESC, id DESC LIMIT ${walk}
         ) WHERE instr(name_key, @key) > 0 LIMIT (SELECT @matches)`,
      )
      .pluck();
  const probeHolding = walkHolding(PROBE_WALK);
  const walkBudgetHolding = walkHolding(WALK_BUDGET);
  const pageByRowids = sqlite.prepare<[{ rowids: string }], ListedCustomer>(
    pageSql('c.rowid IN (SELECT value FROM json_each(@rowids))').replace('LIMIT @limit OFFSET @offset', ''),
  );
  type NamePage = { total: number; totalIsLowerBound: boolean; rows: ListedCustomer[] };
  /** A common key's page and lower-bound total from the walk, or undefined when the count must be exact. */
  const byWalk = (key: string, limit: number, offset: number): NamePage | undefined => {
    const bound = Math.max(COUNTED_UP_TO, offset + limit);
    const probe = probeHolding.all({ key, matches: bound + 1 });
    if (probe.length < COMMON_IN_PROBE) return undefined;
    const found = probe.length > bound ? probe : walkBudgetHolding.all({ key, matches: bound + 1 });
    // Fewer than the bound within the budget: the walk may have stopped short of the oldest customers.
    if (found.length <= bound) return undefined;
    const rowids = JSON.stringify(found.slice(offset, offset + limit));
    return { total: bound, totalIsLowerBound: true, rows: pageByRowids.all({ rowids }) };
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
     * MST. A name common among the customers is counted up to COUNTED_UP_TO (`totalIsLowerBound`).
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
