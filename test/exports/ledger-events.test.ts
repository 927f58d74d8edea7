import { describe, expect, it } from 'vitest';
import { type LedgerEvent, ledgerEvents, nextChunkRows } from '../../src/exports/ledger-events.js';
import type { LedgerEntry } from '../../src/exports/sales-ledger.js';

const entry = (number: number, taxRate: number, amount: number): LedgerEntry => ({
  taxGroup: `${taxRate * 100}%`,
  status: 'issued',
  mauSo: '1',
  kyHieu: 'C26MAA',
  number,
  issueDate: '2026-11-02',
  buyerName: 'Khách lẻ',
  buyerMst: null,
  amount,
  taxAmount: Math.round(amount * taxRate),
  adjustmentType: null,
  replaces: null,
  adjusts: null,
  replacedBy: null,
  adjustedBy: null,
});

describe('ledger events', () => {
  it('gives each section its rows, across slices and chunks, then its total, then the footer and VAT figures', async () => {
    const byRate = new Map([
      ['10%', Array.from({ length: 300 }, (_, i) => entry(i + 1, 0.1, 1_000))],
      ['5%', [entry(7, 0.05, 2_000)]],
    ]);
    const source = {
      rates: () => [['10%'], [], ['5%', '10%']],
      *entriesAt(rate: string) {
        for (const [i, e] of (byRate.get(rate) ?? []).entries()) {
          yield { entry: e, position: i / 300 };
          if (i % 100 === 99) yield null;
        }
      },
    };
    let pauses = 0;
    const shares: number[] = [];
    const events: LedgerEvent[] = [];
    for await (const event of ledgerEvents(source, { yieldAfter: async () => void pauses++ }, (s) => shares.push(s))) {
      events.push(event);
    }
    const sections = events.filter((e) => e.type === 'section').map((e) => e.key);
    expect(sections).toEqual(['KCT', '0', '5', '8', '10', 'KKKNT', 'KHAC']);
    const rowsOf = (key: string) => events.flatMap((e) => (e.type === 'rows' && e.key === key ? e.rows : []));
    expect(rowsOf('10').map((r) => r.stt)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(rowsOf('5').map((r) => r.number)).toEqual([7]);
    const end = events.at(-1)!;
    expect(end.type === 'end' && end.footer).toEqual({ revenue: 302_000, taxableRevenue: 302_000, taxAmount: 30_100 });
    expect(pauses).toBeGreaterThan(0);
    expect(shares.at(-1)).toBe(1);
  });

  it('sizes chunks so that a chunk takes about 5 ms, between 8 and 1,024 rows', () => {
    expect(nextChunkRows(64, 10)).toBe(32);
    expect(nextChunkRows(64, 1)).toBe(320);
    expect(nextChunkRows(64, 0)).toBe(128);
    expect(nextChunkRows(8, 100)).toBe(8);
    expect(nextChunkRows(1_000, 0.1)).toBe(1_024);
  });
});
