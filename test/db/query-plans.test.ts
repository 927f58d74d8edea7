/**
 * Every list query of the foundation, at 1 million invoices, must be served by an index: no plan step may
 * scan the invoices or customers table itself. Plans are printed so docs/performance-queries.md can quote them.
 * The search-index triggers on the cashier's write path must find their rows by key too.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { addDays } from '../../src/domain/calendar.js';
import { NAMES_KEPT_PER_SEARCH } from '../../src/invoices/found-names.js';
import { createReportsRepository } from '../../src/reports/reports.repository.js';
import { rebuildRollups } from '../../src/rollups/rebuild.js';
import { PACKAGE_INVOICES_SQL } from '../../src/transmission/tax-messages.repository.js';
import { DUE_SQL, OLDEST_WAITING_SQL, WAITING_COUNT_SQL } from '../../src/transmission/transmission.repository.js';
import { OLDEST_ENTRY_SQL } from '../../src/transmission/transmission-queue.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { testClock } from '../support/clock.js';
import { observeStatementPlans } from '../support/statement-plans.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

describe('query plans at 1 million invoices', () => {
  let node: TestNode;
  let plansOf: ReturnType<typeof observeStatementPlans>['plansOf'];

  beforeAll(async () => {
    // Today is the day of the newest synthetic invoice, as in a store that sells every day.
    node = await startTestNode({ clock: testClock('2026-10-22T10:00:00.000Z') });
    const { sqlite } = node.node.database;
    insertSyntheticInvoices(sqlite, 1_000_000);
    // The customers those invoices name (bulk-customer-0 … 20010), through the search-index triggers.
    sqlite.exec(`INSERT INTO customers (id, name, name_key, match_key, created_at, updated_at)
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20010)
      SELECT 'bulk-customer-' || i, 'Khách hàng ' || i, 'khach hang ' || i, 'bulk-' || i,
        strftime('%Y-%m-%dT%H:%M:%fZ', 1730419200 + i * 3000, 'unixepoch'), '2026-10-22T00:00:00.000Z' FROM n`);
    // What the node's background job does with new buyer names, here all at once.
    inTransaction(sqlite, () => node.node.services.invoices.indexBuyerNames(1_000_000));
    rebuildRollups(sqlite);
    plansOf = observeStatementPlans(sqlite).plansOf;
  }, 300_000);
  afterAll(() => node.close());

  const listCases: Record<string, Record<string, unknown>> = {
    'no filter': {},
    status: { status: ['error'] },
    statuses: { status: ['replaced', 'error'] },
    'date range': { dateFrom: '2025-03-01', dateTo: '2025-03-07' },
    'buyer MST': { buyerMst: '0100012345' },
    'buyer name': { buyerName: 'khach hang 1234' },
    'buyer name on every invoice': { buyerName: 'khach hang' },
    'buyer name on every invoice and dates': { buyerName: 'khach hang', dateFrom: '2025-03-01', dateTo: '2025-03-31' },
    'buyer name on every invoice and a status': { buyerName: 'khach hang', status: ['error'] },
    'buyer name and dates': { buyerName: 'khach hang 1234', dateFrom: '2025-03-01', dateTo: '2025-03-31' },
    'status and dates': { status: ['issued'], dateFrom: '2025-03-01', dateTo: '2025-03-31' },
    'deep page': { page: 20_000 },
  };

  // A key searched before is answered from the names kept since (src/invoices/found-names.ts): no statement
  // reads the names then, so their range is looked for at a key's first search only, or at every search of
  // a key on more names than are kept ("khach hang" is on all 20,011).
  const keysKept = new Set<unknown>();
  const namesHolding = (key: string): number =>
    node.node.database.sqlite
      .prepare<[string], number>('SELECT count(*) FROM buyer_names WHERE instr(name_key, ?) > 0')
      .pluck()
      .get(key)!;
  it.each(Object.entries(listCases))('GET /invoices with %s uses indexes only', (_name, query) => {
    const { plans, ms } = plansOf(() => node.node.services.invoices.list({ page: 1, pageSize: 20, ...query } as never));
    console.log(`invoices ${_name}: ${ms.toFixed(1)} ms\n  ${plans.flat().join('\n  ')}`);
    expect(plans.length).toBeGreaterThan(0);
    for (const line of plans.flat()) expect(line).not.toMatch(/^SCAN (invoices|customers)( AS \w+)?$/);
    // A buyer name is a range of the names' suffixes; their invoices are read by the name index, newest
    // first without sorting them when the name is alone.
    if (query.buyerName) {
      const suffixes = expect.stringMatching(
        /^SEARCH (buyer_name_suffixes|s) USING PRIMARY KEY \(suffix>\? AND suffix<\?\)$/,
      );
      if (keysKept.has(query.buyerName)) expect(plans.flat()).not.toContainEqual(suffixes);
      else expect(plans.flat()).toContainEqual(suffixes);
      if (namesHolding(String(query.buyerName)) <= NAMES_KEPT_PER_SEARCH) keysKept.add(query.buyerName);
      if (Object.keys(query).length === 1 || query.buyerName === 'khach hang 1234') {
        expect(plans.flat()).toContainEqual(
          expect.stringMatching(
            /^SEARCH invoices USING (COVERING )?INDEX invoices_buyer_name_key_created_at \(buyer_name_key=\?( AND created_at>\?)?\)$/,
          ),
        );
      }
      if (Object.keys(query).length === 1) {
        // The names' invoices are merged in one statement, each name's read by the name index alone no
        // further back than the page can reach (its bound found in the same index), then sorted: the first
        // page reads the names with the newest invoices, not all 20,011.
        const byName = plans.filter((plan) => plan.some((line) => line.includes('invoices_buyer_name_key_created_at')));
        expect(byName).toHaveLength(1);
        expect(byName[0]).toContainEqual(
          'SEARCH i USING COVERING INDEX invoices_buyer_name_key_created_at (buyer_name_key=? AND created_at>?)',
        );
        expect(byName[0]).toContainEqual(
          'SEARCH invoices USING COVERING INDEX invoices_buyer_name_key_created_at (buyer_name_key=?)',
        );
      }
    }
    // A range of local days in Vietnam is a range of UTC hours: its total sums the daily counts of its whole
    // UTC days and the hourly counts of the partial days at its ends (src/invoices/invoice-counts.ts).
    const countsRead = [
      /^SEARCH daily_invoice_counts USING PRIMARY KEY/,
      /^SEARCH hourly_invoice_counts USING PRIMARY KEY/,
    ];
    if ((query.dateFrom || query.dateTo) && !query.buyerName && !query.buyerMst) {
      for (const read of countsRead) expect(plans.flat()).toContainEqual(expect.stringMatching(read));
    }
    // A deep page starts from the hour the counts place it in: the day first, then the hour within it.
    if (query.page) for (const read of countsRead) expect(plans.flat()).toContainEqual(expect.stringMatching(read));
  });

  // "hang 77" is on about a hundred customers (each found is read), "hang" on all of them (newest walked).
  it.each(['hang 77', 'hang', '0100', ''])('GET /customers?search=%s uses indexes only', (search) => {
    const { plans, ms } = plansOf(() => node.node.services.customers.list(search, 1, 20));
    console.log(`customers "${search}": ${ms.toFixed(1)} ms\n  ${plans.flat().join('\n  ')}`);
    for (const line of plans.flat()) expect(line).not.toMatch(/^SCAN invoices( AS \w+)?$/);
    // A name is first looked for among the newest customers by the index of creation that holds it, without
    // reading their rows. A common one ("hang") is answered from that walk, its total a lower bound; a rarer
    // one of three characters or more is counted as a phrase of its trigrams ("M" in FTS5's plan), from the
    // index's lists alone (src/customers/customers.repository.ts).
    if (search && !/^\d+$/.test(search)) {
      expect(plans.flat()).toContain('SCAN customers USING COVERING INDEX customers_created_at_id_name_key');
      const byTrigrams = expect.stringMatching(/^SCAN customer_name_search VIRTUAL TABLE INDEX \d+:M/);
      if (search === 'hang') expect(plans.flat()).not.toContainEqual(byTrigrams);
      else expect(plans.flat()).toContainEqual(byTrigrams);
    }
  });

  it('the transmission worker finds due rows by index, already in order, however long the queue', () => {
    const { plans } = plansOf(() => node.node.services.transmissionQueue.due('2026-10-22T10:00:00.000Z', 16));
    expect(plans.flat().join('\n')).toMatch(/MERGE \(UNION ALL\)/);
    expect(plans.flat()).not.toContainEqual(expect.stringMatching(/TEMP B-TREE/));
  });

  const reportCases: Record<string, () => unknown> = {
    'reports summary': () => node.node.services.reports.summary(),
    'reports monthly': () => node.node.services.reports.monthly('2025-06', 1, 100),
    'analytics channels 366 days': () => node.node.services.reports.channels(366),
    'analytics top customers 30 days': () => node.node.services.reports.topCustomers(30),
    'analytics top customers 366 days': () => node.node.services.reports.topCustomers(366),
    'analytics top SKUs 366 days': () => node.node.services.reports.topSkus(366),
    aggregate: () => node.node.services.reports.aggregate('2025-06-15'),
    'customer analytics': () =>
      node.node.services.customers.analytics(node.node.services.customers.list('', 1, 1).items[0]!.id),
  };

  it.each(Object.keys(reportCases))('%s reads rollups or indexes, never the invoices table', (name) => {
    const { plans, ms } = plansOf(reportCases[name]!);
    console.log(`${name}: ${ms.toFixed(1)} ms\n  ${plans.flat().join('\n  ')}`);
    expect(plans.length).toBeGreaterThan(0);
    for (const line of plans.flat()) expect(line).not.toMatch(/^SCAN (invoices|invoice_items|daily_\w+)( AS \w+)?$/);
    // The end of day per tax group and per unit: the day's rows of its two rollups by key, never its lines.
    if (name === 'aggregate') {
      for (const rollup of ['daily_tax_group_sales', 'daily_unit_quantities'])
        expect(plans.flat()).toContainEqual(`SEARCH ${rollup} USING PRIMARY KEY (date=?)`);
      for (const line of plans.flat()) expect(line).not.toMatch(/\binvoice(s|_items)\b/);
    }
    if (name === 'customer analytics')
      expect(plans.flat()).toContainEqual(
        expect.stringMatching(/^SEARCH monthly_customer_channel_sales USING PRIMARY KEY \(customer_id=\?\)/),
      );
    // Long windows rank customers by their bounds and read the days of a few customers, not the window's days.
    if (name === 'analytics top customers 366 days') {
      expect(plans.flat()).toContainEqual(
        expect.stringMatching(/customer_recent_sales USING COVERING INDEX customer_recent_sales_bound/),
      );
      expect(plans.flat()).toContainEqual(
        expect.stringMatching(
          /daily_customer_sales USING COVERING INDEX daily_customer_sales_customer_figures \(customer_id=\? AND date>\? AND date<\?\)/,
        ),
      );
      // By date only today's rows, by key.
      expect(plans.flat()).not.toContainEqual(expect.stringMatching(/sqlite_autoindex_daily_customer_sales_1 \(date>/));
    }
  });

  // What the analytics remember of the window's closed days (src/reports/window-figures.ts): every SKU ranked.
  it.each([30, 366])(
    'ranking the SKUs of %i days reads their months and days by key, never a whole SKU rollup',
    (days) => {
      const reports = createReportsRepository(node.node.database.sqlite);
      const { plans, ms } = plansOf(() => reports.rankSkus(addDays('2026-10-22', -(days - 1)), '2026-10-21', -1));
      console.log(`top SKUs ${days} days: ${ms.toFixed(1)} ms\n  ${plans.flat().join('\n  ')}`);
      expect(plans.flat()).toContainEqual(
        expect.stringMatching(
          /^SEARCH monthly_sku_sales USING INDEX sqlite_autoindex_monthly_sku_sales_1 \(month>\? AND month<\?\)$/,
        ),
      );
      // daily_sku_sales is stored in its primary key (WITHOUT ROWID): no table look-up per day and SKU read.
      expect(plans.flat()).toContainEqual(
        expect.stringMatching(/^SEARCH daily_sku_sales USING PRIMARY KEY \(date>\? AND date<\?\)$/),
      );
      for (const line of plans.flat()) expect(line).not.toMatch(/^SCAN (daily|monthly)_sku_sales/);
    },
  );
});

describe('search-index triggers on the write path', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  /** The plan of each statement of a trigger, read from the database, its old./new. values as parameters. */
  const triggerPlans = (name: string) => {
    const { sqlite } = node.node.database;
    const { sql } = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(name) as {
      sql: string;
    };
    const body = sql.slice(sql.indexOf(' BEGIN') + ' BEGIN'.length, sql.lastIndexOf('END'));
    return body
      .split(';')
      .map((statement) => statement.trim().replace(/\b(?:old|new)\.`?\w+`?/g, '?'))
      .filter(Boolean)
      .map((statement) => {
        const values = Array.from(statement.matchAll(/\?/g), () => 'x');
        return (sqlite.prepare(`EXPLAIN QUERY PLAN ${statement}`).all(...values) as { detail: string }[]).map(
          (r) => r.detail,
        );
      });
  };

  it.each(['customers_name_search_insert', 'customers_name_search_update'])('%s scans no table', (name) => {
    const plans = triggerPlans(name);
    console.log(`${name}:\n  ${plans.flat().join('\n  ')}`);
    expect(plans).toHaveLength(2);
    // An FTS5 plan with an empty index string after the colon reads the whole index.
    for (const line of plans.flat())
      expect(line).not.toMatch(/^SCAN (customers|customer_search_keys|customer_name_search VIRTUAL TABLE INDEX \d+:$)/);
  });

  it("a customer rename deletes the old search row by its rowid, found through the key table's index", () => {
    const [remove] = triggerPlans('customers_name_search_update');
    expect(remove).toEqual([
      expect.stringMatching(/^SCAN customer_name_search VIRTUAL TABLE INDEX \d+:=$/),
      expect.stringMatching(/^SCALAR SUBQUERY/),
      expect.stringMatching(/^SEARCH customer_search_keys USING COVERING INDEX \w+ \(customer_id=\?\)$/),
    ]);
  });
});

describe('the transmission queue after years of accepted invoices, with statistics', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
    const { sqlite } = node.node.database;
    const insert = sqlite.prepare(
      `INSERT INTO transmissions (invoice_id, message_id, state, attempts, next_attempt_at, queued_at, updated_at)
       VALUES (?, ?, ?, 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
    );
    sqlite.transaction(() => {
      for (let i = 0; i < 20_000; i += 1) insert.run(`inv-${i}`, `msg-${i}`, i < 3 ? 'queued' : 'accepted');
    })();
    // What made SQLite scan: statistics saying `state` is the same on nearly every row.
    sqlite.exec('ANALYZE');
  });
  afterAll(() => node.close());

  const plan = (sql: string, ...params: unknown[]) =>
    (node.node.database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
      (r) => r.detail,
    );

  it('finds the due rows, the waiting count and the oldest waiting by index, never by reading every row', () => {
    const { transmissionQueue } = node.node.services;
    expect(transmissionQueue.due('2027-01-01T00:00:00.000Z', 16)).toHaveLength(3);
    expect(transmissionQueue.pending()).toEqual({ queued: 3, oldest: '2026-01-01T00:00:00.000Z' });
    for (const line of [
      ...plan(DUE_SQL, { now: '2027-01-01T00:00:00.000Z', limit: 16 }),
      ...plan(WAITING_COUNT_SQL),
      ...plan(OLDEST_WAITING_SQL),
    ]) {
      expect(line).not.toMatch(/^SCAN transmissions$/);
    }
    // The oldest waiting invoice is the first entry of each state in its index, read without the rows.
    expect(plan(OLDEST_WAITING_SQL).filter((line) => line.startsWith('SEARCH transmissions'))).toEqual([
      'SEARCH transmissions USING COVERING INDEX transmissions_state_queued_at (state=?)',
      'SEARCH transmissions USING COVERING INDEX transmissions_state_queued_at (state=?)',
    ]);
    // The console's oldest entry: the same two index entries, then its row and its invoice by key.
    // The console's oldest entry: the first of each state in the same index, then its row and invoice by key.
    expect(plan(OLDEST_ENTRY_SQL).filter((line) => line.startsWith('SEARCH') || line.startsWith('SCAN t'))).toEqual([
      'SEARCH transmissions USING INDEX transmissions_state_queued_at (state=?)',
      'SEARCH transmissions USING INDEX transmissions_state_queued_at (state=?)',
      'SEARCH t USING INDEX sqlite_autoindex_transmissions_1 (invoice_id=?)',
      'SEARCH v USING INDEX sqlite_autoindex_invoices_1 (id=?)',
    ]);
    expect(plan(PACKAGE_INVOICES_SQL, 'msg-7')).toEqual([
      'SEARCH transmissions USING INDEX transmissions_message (message_id=?)',
    ]);
  });
});
