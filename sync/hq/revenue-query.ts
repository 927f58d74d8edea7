/**
 * The revenue read (`placeholder` writes a parameter the dialect's way): revenue statuses summed per store, day
 * (or month) and tax rate over a range, in that order, all of it or the `limit` rows after a key.
 * - `revenueQuery`, on both databases: every store reads the rollup's date index, one store its primary key;
 *   a few rows per store and day (or month) whatever the number of invoices, all summed before the first row.
 * - `revenuePageQuery`, a page of every store on PostgreSQL: store after store from the key's (the stores'
 *   primary key), each one a range of the rollup's primary key, so a page costs its own rows and not the
 *   rest of the range (PostgreSQL has no skip scan to do this from the plain statement).
 */
import type { RevenueFilter } from './hq-store.js';
import { monthOf, REVENUE_STATUSES } from './revenue.js';

const STATUSES = REVENUE_STATUSES.map((status) => `'${status}'`).join(', ');

type Query = { text: string; values: unknown[] };

function partsOf({ dateFrom, dateTo, per, after }: RevenueFilter, placeholder: (n: number) => string) {
  const [table, column, from, to] =
    per === 'month'
      ? ['monthly_revenue', 'month', monthOf(dateFrom), monthOf(dateTo)]
      : ['daily_revenue', 'issue_date', dateFrom, dateTo];
  const values: unknown[] = [];
  const param = (value: unknown) => placeholder(values.push(value));
  const conditions = [`${column} BETWEEN ${param(from)} AND ${param(to)}`, `status IN (${STATUSES})`];
  if (after) {
    conditions.push(
      `(store_id, ${column}, tax_rate) > (${param(after.storeId)}, ${param(after.date)}, ${param(after.taxRate)})`,
    );
  }
  const sums = `CAST(sum(invoices) AS bigint) AS "invoices", CAST(sum(amount) AS bigint) AS "amount",
      CAST(sum(tax_amount) AS bigint) AS "taxAmount"`;
  const limited = (limit: number | undefined) => (limit === undefined ? '' : ` LIMIT ${param(limit)}`);
  return { table, column, values, param, conditions, sums, limited };
}

export function revenueQuery(filter: RevenueFilter, placeholder: (n: number) => string): Query {
  const { table, column, values, param, conditions, sums, limited } = partsOf(filter, placeholder);
  if (filter.storeId !== undefined) conditions.push(`store_id = ${param(filter.storeId)}`);
  return {
    text: `SELECT store_id AS "storeId", ${column} AS "date", tax_rate AS "taxRate", ${sums}
    FROM ${table} WHERE ${conditions.join(' AND ')}
    GROUP BY store_id, ${column}, tax_rate HAVING sum(invoices) <> 0
    ORDER BY store_id, ${column}, tax_rate${limited(filter.limit)}`,
    values,
  };
}

export function revenuePageQuery(filter: RevenueFilter, placeholder: (n: number) => string): Query {
  const { table, column, values, param, conditions, sums, limited } = partsOf(filter, placeholder);
  const fromStore = filter.after ? `WHERE s.id >= ${param(filter.after.storeId)}` : '';
  return {
    text: `SELECT s.id AS "storeId", r."date", r."taxRate", r."invoices", r."amount", r."taxAmount"
    FROM stores s CROSS JOIN LATERAL (
      SELECT ${column} AS "date", tax_rate AS "taxRate", ${sums}
      FROM ${table} WHERE store_id = s.id AND ${conditions.join(' AND ')}
      GROUP BY ${column}, tax_rate HAVING sum(invoices) <> 0
    ) AS r ${fromStore}
    ORDER BY s.id, r."date", r."taxRate"${limited(filter.limit)}`,
    values,
  };
}
