import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations, migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { SEEK_FROM_OFFSET } from '../../src/invoices/invoices.repository.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { listInvoices, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * Migrations 0021–0024 fill the daily invoice counts (from the hourly ones) and the sales per customer, month
 * and channel (from the invoices) of a store that already has invoices: its deep pages and its customers'
 * analytics read them from the first request after the upgrade.
 */
describe('a store with invoices upgraded to the daily counts and the customer sales per month and channel', () => {
  let node: TestNode;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-rollups-upgrade-'));
    const older = openDatabase(dataDir);
    const known = knownMigrations();
    migrate(older.sqlite, { known: known.slice(0, known.findIndex((m) => m.tag === '0021_daily_invoice_counts')) });
    insertSyntheticInvoices(older.sqlite, 3_000);
    // The rollups as that store kept them (the rows were written around the services here, so the rollups
    // are filled as the migrations that introduced them did).
    const backfills = ['0003_rollups_backfill', '0009_customer_recent_sales_backfill', '0013_monthly_sku_sales_backfill', '0017_hourly_invoice_counts_backfill'];
    for (const file of backfills) {
      for (const statement of readFileSync(`migrations/${file}.sql`, 'utf8').split('--> statement-breakpoint')) older.sqlite.exec(statement);
    }
    older.close();
    node = await startTestNode({ dataDir });
  });
  afterAll(() => node.close());

  it('fills both rollups as the invoices give them', () => {
    const { sqlite } = node.node.database;
    expect(sqlite.prepare('SELECT day, status, count FROM daily_invoice_counts ORDER BY day, status').all()).toEqual(
      sqlite.prepare('SELECT substr(created_at, 1, 10) AS day, status, count(*) AS count FROM invoices GROUP BY 1, 2 ORDER BY 1, 2').all(),
    );
    const sales = sqlite.prepare('SELECT customer_id, month, channel, invoice_count, revenue FROM monthly_customer_channel_sales ORDER BY 1, 2, 3').all();
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
