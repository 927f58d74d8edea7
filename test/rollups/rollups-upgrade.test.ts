import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEK_FROM_OFFSET } from '../../src/invoices/invoices.repository.js';
import { rebuildRollups } from '../../src/rollups/rebuild.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { storeBefore } from '../support/older-store.js';
import { listInvoices, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * Migrations 0021–0024 fill the daily invoice counts (from the hourly ones) and the sales per customer, month
 * and channel (from the invoices) of a store that already has invoices: its deep pages and its customers'
 * analytics read them from the first request after the upgrade.
 */
describe('a store with invoices upgraded to the daily counts and the customer sales per month and channel', () => {
  let node: TestNode;

  beforeAll(async () => {
    const older = storeBefore('0021_daily_invoice_counts');
    insertSyntheticInvoices(older.sqlite, 3_000);
    // The rows were written around the services: the rollups that store had, filled as their migrations did.
    rebuildRollups(older.sqlite, { before: '0021_daily_invoice_counts' });
    older.close();
    node = await startTestNode({ dataDir: older.dataDir });
  });
  afterAll(() => node.close());

  it('fills both rollups as the invoices give them', () => {
    const { sqlite } = node.node.database;
    expect(sqlite.prepare('SELECT day, status, count FROM daily_invoice_counts ORDER BY day, status').all()).toEqual(
      sqlite
        .prepare(
          'SELECT substr(created_at, 1, 10) AS day, status, count(*) AS count FROM invoices GROUP BY 1, 2 ORDER BY 1, 2',
        )
        .all(),
    );
    const sales = sqlite
      .prepare(
        'SELECT customer_id, month, channel, invoice_count, revenue FROM monthly_customer_channel_sales ORDER BY 1, 2, 3',
      )
      .all();
    expect(sales.length).toBeGreaterThan(1_000);
    expect(sales).toEqual(
      sqlite
        .prepare(
          `SELECT customer_id, substr(issue_date, 1, 7) AS month, channel, count(*) AS invoice_count, sum(total) AS revenue FROM invoices
           WHERE status IN ('issued', 'adjusted') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        )
        .all(),
    );
  });

  it('serves a deep page from them, the page OFFSET gives', async () => {
    const pageSize = 20;
    const page = SEEK_FROM_OFFSET / pageSize + 3;
    const listed = await listInvoices(node, `page=${page}&pageSize=${pageSize}`);
    const expected = node.node.database.sqlite
      .prepare('SELECT id FROM invoices ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?')
      .pluck()
      .all(pageSize, (page - 1) * pageSize);
    expect(listed.total).toBe(3_000);
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual(expected);
  });
});
