/**
 * The plans of the admin reads on PostgreSQL at a volume where a plan means something: 400,000 invoices of 100
 * stores over a year and their revenue rollup, made with generate_series in a few seconds (the bench measures
 * the same reads at 10 million). Each read is an index range in the list's order: no sequential scan, and no
 * sort of the invoices.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type OpenedPgHq, openPgHq } from '../../sync/hq/pg/pg-hq-node.js';
import { invoicePageQuery, pgRevenueQuery } from '../../sync/hq/pg/pg-hq-store.js';
import * as schema from '../../sync/hq/pg/schema.js';
import { createTestDatabase } from '../support/postgres.js';

let hq: OpenedPgHq;

/** 100 stores, 400,000 invoices over 365 days, every store every day (a tenth replaced), and the rollups they make. */
const FILL_SQL = [
  `INSERT INTO stores (id, name, credential_hash, created_at)
   SELECT 'shop-' || s, 'Cửa hàng ' || s, repeat('0', 64), '2025-01-01T00:00:00.000Z' FROM generate_series(1, $1::int) AS s`,
  `INSERT INTO invoices (store_id, invoice_id, version, status, mau_so, ky_hieu, number, issue_date, buyer_name, buyer_mst,
     total, created_at, received_seq, tax_lines)
   SELECT 'shop-' || (1 + n % $1::int), 'inv-' || n, 1, CASE WHEN n % 10 = 0 THEN 'replaced' ELSE 'issued' END, '1', 'C26MAA', n,
     to_char(date '2025-03-16' + (n / $1::int % 365), 'YYYY-MM-DD'), 'Khách ' || (n % 1000), NULL, 27500,
     to_char(date '2025-03-16' + (n / $1::int % 365), 'YYYY-MM-DD') || 'T02:' || lpad((n % 60)::text, 2, '0') || ':00.000Z', n,
     '[{"taxRate":0.1,"amount":25000,"taxAmount":2500}]'
   FROM generate_series(1, $2::int) AS n`,
  `UPDATE stores SET invoice_count = c.n FROM (SELECT store_id, count(*) AS n FROM invoices GROUP BY store_id) AS c
   WHERE stores.id = c.store_id`,
  `INSERT INTO daily_revenue (store_id, issue_date, status, tax_rate, invoices, amount, tax_amount)
   SELECT store_id, issue_date, status, 0.1, count(*), 25000 * count(*), 2500 * count(*) FROM invoices
   GROUP BY store_id, issue_date, status`,
  `INSERT INTO monthly_revenue (store_id, month, status, tax_rate, invoices, amount, tax_amount)
   SELECT store_id, substr(issue_date, 1, 7), status, tax_rate, sum(invoices), sum(amount), sum(tax_amount)
   FROM daily_revenue GROUP BY 1, 2, 3, 4`,
];

beforeAll(async () => {
  hq = await openPgHq(await createTestDatabase(inject('pgClusterUrl'), 'hoadon_plans'), { poolSize: 2 });
  for (const statement of FILL_SQL) {
    await hq.pool.query(statement, statement.includes('$2') ? [100, 400_000] : statement.includes('$1') ? [100] : []);
  }
  await hq.pool.query('VACUUM ANALYZE');
}, 180_000);
afterAll(() => hq.close());

async function planOf(text: string, params: unknown[]): Promise<string> {
  const { rows } = await hq.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

const cursor = { issueDate: '2025-09-01', createdAt: '2025-09-01T02:30:00.000Z', rowNo: 200_000 };

describe('admin reads on PostgreSQL at 400,000 invoices', () => {
  it.each([
    ['every store, newest first', {}, undefined, 'invoices_issue_date'],
    ['every store, after a cursor', {}, cursor, 'invoices_issue_date'],
    ['one store, after a cursor', { storeId: 'shop-7' }, cursor, 'invoices_store_issue_date'],
    ['one status', { statuses: ['replaced'] }, cursor, 'invoices_status_issue_date'],
    ['one store and status', { storeId: 'shop-7', statuses: ['replaced'] }, cursor, 'invoices_store_status_issue_date'],
  ])('pages invoices (%s) along one index, unsorted', async (_name, filter, after, index) => {
    const query = invoicePageQuery(drizzle(hq.pool, { schema }), filter, after, 101).toSQL();
    const plan = await planOf(query.sql, query.params);
    expect(plan).toMatch(new RegExp(`Index Scan Backward using ${index} on invoices`));
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });

  const month = { dateFrom: '2026-01-01', dateTo: '2026-01-31' };
  const key = { storeId: 'shop-50', date: '2026-01-15', taxRate: 0.1 };

  it.each([
    ['every store, per day', { ...month, per: 'day' }, 'daily_revenue_date'],
    ['one store, per day', { ...month, per: 'day', storeId: 'shop-7' }, 'daily_revenue_store_sums'],
    ['every store, per month', { ...month, per: 'month' }, 'monthly_revenue_month'],
    [
      'one store, per month',
      { ...month, per: 'month', storeId: 'shop-7' },
      'monthly_revenue_store_id_month_status_tax_rate_pk',
    ],
  ] as const)('reads revenue for a month (%s) from the rollup by index', async (_name, filter, index) => {
    const { text, values } = pgRevenueQuery(filter);
    const plan = await planOf(text, values);
    expect(plan).toMatch(new RegExp(`(Index (Only )?Scan using|Bitmap Index Scan on) ${index}`));
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it.each([
    ['the first page', undefined],
    ['a page after a key', key],
  ])(
    'pages revenue of every store per day (%s) store by store, each from the index of its sums, the sort only within a store',
    async (_name, after) => {
      const { text, values } = pgRevenueQuery({ ...month, per: 'day', after, limit: 501 });
      const plan = await planOf(text, values);
      expect(plan).toMatch(/Limit[\s\S]*Incremental Sort[\s\S]*Presorted Key: s\.id[\s\S]*Nested Loop/);
      expect(plan).toMatch(/Index Only Scan using stores_pkey on stores s/);
      expect(plan).toMatch(/Index Only Scan using daily_revenue_store_sums on daily_revenue/);
      expect(plan).not.toMatch(/Seq Scan|Hash Join/);
    },
  );
});
