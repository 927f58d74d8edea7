import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoicesRepository, type InvoiceFilter } from '../../src/invoices/invoices.repository.js';
import { rebuildRollups } from '../../src/rollups/rebuild.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

describe('deep pages started from the hourly counts', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
    // 5,000 invoices over 24 months (about 7 an hour-slot apart), four statuses.
    insertSyntheticInvoices(node.node.database.sqlite, 5_000);
    rebuildRollups(node.node.database.sqlite);
  });
  afterAll(() => node.close());

  it('are the pages OFFSET gives, for every filter the counts cover, at any offset', () => {
    const { db } = node.node.database;
    const seeking = createInvoicesRepository(db, { seekFromOffset: 0 });
    const skipping = createInvoicesRepository(db, { seekFromOffset: Number.POSITIVE_INFINITY });
    const filters: InvoiceFilter[] = [
      {},
      { statuses: ['issued'] },
      { statuses: ['error', 'replaced'] },
      { createdFrom: '2025-03-01T17:00:00.000Z' },
      { createdBefore: '2025-09-30T17:00:00.000Z' },
      {
        createdFrom: '2025-01-01T00:00:00.000Z',
        createdBefore: '2026-01-01T00:00:00.000Z',
        statuses: ['issued', 'adjusted'],
      },
      // Store-local days (UTC+7): partial UTC days at both ends, whole days between.
      { createdFrom: '2025-05-31T17:00:00.000Z', createdBefore: '2025-06-30T17:00:00.000Z' },
      { createdFrom: '2025-06-02T17:00:00.000Z', createdBefore: '2025-06-03T17:00:00.000Z', statuses: ['issued'] },
    ];
    let compared = 0;
    for (const filter of filters) {
      const { total } = skipping.list(filter, 1, 0);
      for (const offset of [0, 1, 19, 20, 777, Math.floor(total / 2), total - 21, total - 1, total, total + 5]) {
        if (offset < 0) continue;
        const expected = skipping.list(filter, 20, offset);
        const found = seeking.list(filter, 20, offset);
        expect(found.itemsJson, `${JSON.stringify(filter)} offset ${offset}`).toBe(expected.itemsJson);
        expect(found.total).toBe(expected.total);
        compared += (JSON.parse(expected.itemsJson) as unknown[]).length;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('totals every range the counts cover as counting its invoices does', () => {
    const { db, sqlite } = node.node.database;
    const repository = createInvoicesRepository(db);
    const counted = sqlite
      .prepare<[string, string], number>('SELECT count(*) FROM invoices WHERE created_at >= ? AND created_at < ?')
      .pluck();
    const instant = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    let ranges = 0;
    for (const [fromDay, beforeDay] of [
      ['2025-06-02', '2025-06-02'],
      ['2025-06-02', '2025-06-03'],
      ['2025-06-02', '2025-06-09'],
      ['2024-12-30', '2026-02-01'],
    ]) {
      for (const fromHour of [0, 5, 17, 23]) {
        for (const beforeHour of [0, 1, 17, 23]) {
          const from = instant(fromDay!, fromHour);
          const before = instant(beforeDay!, beforeHour);
          if (from >= before) continue;
          expect(repository.list({ createdFrom: from, createdBefore: before }, 1, 0).total, `${from} – ${before}`).toBe(
            counted.get(from, before),
          );
          ranges += 1;
        }
      }
    }
    expect(ranges).toBeGreaterThan(40);
  });

  it('answers a page past the end empty, with the total, for every kind of filter', () => {
    const repository = createInvoicesRepository(node.node.database.db);
    for (const filter of [
      {},
      { statuses: ['issued'] },
      { createdFrom: '2025-03-01T17:00:00.000Z', createdBefore: '2025-09-30T17:00:00.000Z' },
      { createdFrom: '2025-03-01T17:30:00.000Z' },
      { buyerMst: '0100000003' },
    ] satisfies InvoiceFilter[]) {
      const { total } = repository.list(filter, 1, 0);
      expect(total).toBeGreaterThan(0);
      expect(JSON.parse(repository.list(filter, 20, total - 1).itemsJson)).toHaveLength(1);
      for (const offset of [total, total + 1, 100 * total]) {
        expect(repository.list(filter, 20, offset)).toEqual({ total, totalIsLowerBound: false, itemsJson: '[]' });
      }
    }
  });

  it('leaves filters the counts do not cover to OFFSET', () => {
    const { db } = node.node.database;
    const seeking = createInvoicesRepository(db, { seekFromOffset: 0 });
    const skipping = createInvoicesRepository(db, { seekFromOffset: Number.POSITIVE_INFINITY });
    for (const filter of [
      { buyerMst: '0100000003' },
      { createdFrom: '2025-03-01T17:30:00.000Z' },
    ] satisfies InvoiceFilter[]) {
      expect(seeking.list(filter, 20, 3).itemsJson).toBe(skipping.list(filter, 20, 3).itemsJson);
    }
  });
});
