/**
 * The export reads a period in its order from the creation-instant index, at realistic volume: no scan of
 * the invoices table, no sort of the period's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { type OpenedDatabase, openDatabase } from '../../src/db/open.js';
import { createLedgerRepository, periodParams } from '../../src/exports/ledger.repository.js';
import { monthPeriod, quarterPeriod } from '../../src/exports/period.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { insertSyntheticLines } from './synthetic-lines.js';

describe('the sales ledger query at 300,000 invoices', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-export-plan-'));
  let database: OpenedDatabase;

  beforeAll(() => {
    database = openDatabase(dataDir);
    migrate(database.sqlite);
    insertSyntheticInvoices(database.sqlite, 300_000);
    insertSyntheticLines(database.sqlite);
    // Statistics taken while invoice_items was nearly empty, as a store's first days would leave them.
    database.sqlite.exec(
      `ANALYZE; UPDATE sqlite_stat1 SET stat = '1 1 1' WHERE tbl = 'invoice_items'; ANALYZE sqlite_schema;`,
    );
  }, 300_000);
  afterAll(() => {
    database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const planOf = (sql: string, params: object) =>
    (database.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail);

  it("reads each tax group's pass by the creation-instant index, in order, without a temporary sort", () => {
    const repository = createLedgerRepository(database.sqlite);
    const params = { ...periodParams(monthPeriod('2025-06'), 'Asia/Ho_Chi_Minh'), group: '10%' };
    const plan = planOf(repository.sql.entries, params);
    expect(
      plan.some((d) => /SEARCH i USING INDEX invoices_created_at \(created_at>\? AND created_at<\?\)/.test(d)),
      plan.join('\n'),
    ).toBe(true);
    expect(plan.filter((d) => /SCAN (i|invoices|invoice_items)\b/.test(d))).toEqual([]);
    expect(plan.filter((d) => d.includes('TEMP B-TREE'))).toEqual([]);
  });

  it('finds the rates of a quarter by the same index', () => {
    const repository = createLedgerRepository(database.sqlite);
    const plan = planOf(repository.sql.rates, periodParams(quarterPeriod('2025', 2), 'Asia/Ho_Chi_Minh'));
    expect(
      plan.some((d) => d.includes('USING INDEX invoices_created_at')),
      plan.join('\n'),
    ).toBe(true);
    expect(plan.filter((d) => /SCAN (i|invoices|it|invoice_items)\b/.test(d))).toEqual([]);
  });

  it('gives the month its invoices, oldest first, each with its part at the rate', () => {
    const repository = createLedgerRepository(database.sqlite);
    const params = periodParams(monthPeriod('2025-06'), 'Asia/Ho_Chi_Minh');
    expect(repository.ratesOf(params).sort()).toEqual(['10%', '5%', '8%']);
    let count = 0;
    let last = '';
    for (const item of repository.entriesAt(params, '8%')) {
      if (item === null) continue;
      const { entry } = item;
      expect(entry.issueDate >= '2025-06-01' && entry.issueDate <= '2025-06-30').toBe(true);
      expect(entry.issueDate >= last).toBe(true);
      expect([entry.amount, entry.taxAmount]).toEqual([50_000, 4_000]);
      last = entry.issueDate;
      count++;
    }
    const expected = database.sqlite
      .prepare(
        `SELECT count(*) FROM invoices WHERE issue_date BETWEEN '2025-06-01' AND '2025-06-30'
         AND status IN ('issued', 'adjusted', 'replaced') AND number % 3 = 0`,
      )
      .pluck()
      .get();
    expect(count).toBe(expected);
  });
});
