import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEK_FROM_OFFSET } from '../../src/invoices/invoices.repository.js';
import { rebuildRollups } from '../../src/rollups/rebuild.js';
import { bareStore } from '../support/bare-store.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { listInvoices, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * rebuildRollups fills the daily invoice counts (from the hourly ones) and the sales per customer, month and
 * channel (from the invoices) of a store whose invoices were written around the services: its deep pages and
 * its customers' analytics read them from the first request.
 */
describe('a store whose rollups were rebuilt from its invoices', () => {
  let node: TestNode;

  beforeAll(async () => {
    const store = bareStore();
    insertSyntheticInvoices(store.sqlite, 3_000);
    rebuildRollups(store.sqlite);
    store.close();
    node = await startTestNode({ dataDir: store.dataDir });
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
