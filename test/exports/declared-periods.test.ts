/** The pure rules of declared months (src/exports/declared-periods.ts): months of a period, the differences. */
import { describe, expect, it } from 'vitest';
import {
  type DeclaredCorrection,
  monthHasEnded,
  monthsOf,
  supplementaryOf,
  supplementaryRows,
} from '../../src/exports/declared-periods.js';
import { buildSalesLedger, type LedgerEntry } from '../../src/exports/sales-ledger.js';

const ref = (number: number, issueDate: string) => ({ mauSo: '1', kyHieu: 'C26TAA', number, issueDate });
const correction = (overrides: Partial<DeclaredCorrection>): DeclaredCorrection => ({
  kind: 'replacement',
  adjustmentType: null,
  counts: true,
  invoice: { ...ref(9, '2026-11-03'), buyerName: 'Công ty An Bình', buyerMst: '0100109106' },
  original: ref(3, '2026-10-20'),
  declaredMonth: '2026-10',
  sums: [{ taxGroup: '10%', amount: 150_000, taxAmount: 15_000 }],
  originalSums: [{ taxGroup: '10%', amount: 100_000, taxAmount: 10_000 }],
  ...overrides,
});

describe('declared periods', () => {
  it('cuts a period into its months and knows when a month has ended', () => {
    expect(monthsOf({ from: '2026-11-15', to: '2027-01-10' })).toEqual([
      { month: '2026-11', from: '2026-11-15', to: '2026-11-30' },
      { month: '2026-12', from: '2026-12-01', to: '2026-12-31' },
      { month: '2027-01', from: '2027-01-01', to: '2027-01-10' },
    ]);
    expect(monthHasEnded('2026-10', '2026-10-31')).toBe(false);
    expect(monthHasEnded('2026-10', '2026-11-01')).toBe(true);
    expect(monthHasEnded('2026-12', '2027-01-01')).toBe(true);
  });

  it('gives each correction its difference by tax group, and the totals by declared month', () => {
    const rows = supplementaryRows([
      // A replacement moving part of the sale to 5 %.
      correction({
        sums: [
          { taxGroup: '5%', amount: 20_000, taxAmount: 1_000 },
          { taxGroup: '10%', amount: 80_000, taxAmount: 8_000 },
        ],
      }),
      // A replacement replaced since: the original is taken back, nothing put instead.
      correction({ counts: false, invoice: { ...ref(10, '2026-11-04'), buyerName: 'B', buyerMst: null } }),
      // A decrease of an invoice of September: its own signed amounts.
      correction({
        kind: 'adjustment',
        adjustmentType: 'decrease',
        declaredMonth: '2026-09',
        original: ref(1, '2026-09-30'),
        sums: [{ taxGroup: '8%', amount: -5_000, taxAmount: -400 }],
        originalSums: [],
      }),
      // Information only: listed, no amount.
      correction({ kind: 'adjustment', adjustmentType: 'info', sums: [], originalSums: [] }),
    ]);
    expect(rows.map((r) => [r.stt, r.kind, r.number, r.period, r.rate, r.amount, r.taxAmount])).toEqual([
      [1, 'Thay thế', 9, '2026-10', '5%', 20_000, 1_000],
      [2, 'Thay thế', 9, '2026-10', '10%', -20_000, -2_000],
      [3, 'Thay thế', 10, '2026-10', '10%', -100_000, -10_000],
      [4, 'Điều chỉnh giảm', 9, '2026-09', '8%', -5_000, -400],
      [5, 'Điều chỉnh thông tin', 9, '2026-10', '', 0, 0],
    ]);
    expect(rows[2]!.note).toBe(
      'Thay thế HĐ 1C26TAA số 3 ngày 20/10/2026 của kỳ Tháng 10 năm 2026; hóa đơn này đã bị thay thế, ghi doanh thu 0',
    );
    expect(supplementaryOf(rows)).toMatchObject({
      periods: [
        { period: '2026-09', title: 'Tháng 9 năm 2026', amount: -5_000, taxAmount: -400 },
        { period: '2026-10', title: 'Tháng 10 năm 2026', amount: -100_000, taxAmount: -11_000 },
      ],
      total: { rows: 5, amount: -105_000, taxAmount: -11_400 },
    });
  });

  it('lists a correction of a declared month in its own section with 0, pointing at the supplementary section', () => {
    const entry: LedgerEntry = {
      status: 'issued',
      mauSo: '1',
      kyHieu: 'C26TAA',
      number: 9,
      issueDate: '2026-11-03',
      buyerName: 'Công ty An Bình',
      buyerMst: null,
      taxGroup: '10%',
      amount: 150_000,
      taxAmount: 15_000,
      adjustmentType: null,
      replaces: ref(3, '2026-10-20'),
      adjusts: null,
      replacedBy: null,
      adjustedBy: null,
      correctsDeclared: '2026-10',
    };
    const ledger = buildSalesLedger([entry]);
    const ten = ledger.sections.find((s) => s.key === '10')!;
    expect(ten.rows[0]).toMatchObject({ amount: 0, taxAmount: 0 });
    expect(ten.rows[0]!.note).toBe(
      'Thay thế HĐ 1C26TAA số 3 ngày 20/10/2026; Hóa đơn của kỳ đã khai (Tháng 10 năm 2026): ghi doanh thu 0, chênh lệch tại mục "Điều chỉnh, thay thế hóa đơn của kỳ đã khai"',
    );
    expect(ledger.footer).toEqual({ revenue: 0, taxableRevenue: 0, taxAmount: 0 });
  });
});
