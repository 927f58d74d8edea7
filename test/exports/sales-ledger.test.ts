import { describe, expect, it } from 'vitest';
import { buildSalesLedger, type LedgerEntry, SECTION_KEYS } from '../../src/exports/sales-ledger.js';
import { vatFigures } from '../../src/exports/vat-figures.js';

const entry = (overrides: Partial<LedgerEntry>): LedgerEntry => ({
  status: 'issued',
  mauSo: '1',
  kyHieu: 'C26MAA',
  number: 1,
  issueDate: '2026-11-02',
  buyerName: 'Công ty TNHH Hòa Bình',
  buyerMst: '0100109106',
  taxGroup: '10%',
  amount: 100_000,
  taxAmount: 10_000,
  adjustmentType: null,
  replaces: null,
  adjusts: null,
  replacedBy: null,
  adjustedBy: null,
  ...overrides,
});
const ref = (number: number, issueDate = '2026-11-02') => ({ mauSo: '1', kyHieu: 'C26MAA', number, issueDate });

describe('the sales ledger', () => {
  it('has every section in the legal order, each closed by its total, also when empty', () => {
    const ledger = buildSalesLedger([]);
    expect(ledger.sections.map((s) => s.key)).toEqual(['KCT', '0', '5', '8', '10', 'KKKNT', 'KHAC']);
    expect(ledger.sections.every((s) => s.rows.length === 0 && s.total.amount === 0 && s.total.taxAmount === 0)).toBe(
      true,
    );
    expect(ledger.footer).toEqual({ revenue: 0, taxableRevenue: 0, taxAmount: 0 });
  });

  it('lists an invoice with several rates in each section with its part, numbering rows per section', () => {
    const ledger = buildSalesLedger([
      entry({ number: 1, taxGroup: '10%', amount: 200_000, taxAmount: 20_000 }),
      entry({ number: 1, taxGroup: '8%', amount: 50_000, taxAmount: 4_000 }),
      entry({ number: 2, taxGroup: '10%', amount: 30_000, taxAmount: 3_000 }),
      entry({ number: 3, taxGroup: 'KHAC:3.50', amount: 10_000, taxAmount: 350 }),
    ]);
    const section = (key: string) => ledger.sections.find((s) => s.key === key)!;
    expect(section('10').rows.map((r) => [r.stt, r.number, r.amount])).toEqual([
      [1, 1, 200_000],
      [2, 2, 30_000],
    ]);
    expect(section('8').rows.map((r) => [r.stt, r.number, r.amount, r.taxAmount])).toEqual([[1, 1, 50_000, 4_000]]);
    expect(section('10').total).toMatchObject({ amount: 230_000, taxAmount: 23_000, rows: 2 });
    expect(section('KHAC').rows[0]).toMatchObject({ note: 'Thuế suất 3,5%', issueDate: '02/11/2026' });
    expect(ledger.footer).toEqual({ revenue: 290_000, taxableRevenue: 290_000, taxAmount: 27_350 });
  });

  it('writes a branch buyer’s 13-digit MST as 0100109106-001, as the invoice does', () => {
    const ledger = buildSalesLedger([entry({ buyerMst: '0100109106001' }), entry({ number: 2, buyerMst: null })]);
    const rows = ledger.sections.find((s) => s.key === '10')!.rows;
    expect(rows.map((r) => r.buyerMst)).toEqual(['0100109106-001', '']);
  });

  it('lists a replaced invoice with 0 and its replacement, the replacement naming the original', () => {
    const ledger = buildSalesLedger([
      entry({ number: 1, status: 'replaced', replacedBy: ref(2, '2026-11-05') }),
      entry({ number: 2, issueDate: '2026-11-05', amount: 90_000, taxAmount: 9_000, replaces: ref(1) }),
    ]);
    const rows = ledger.sections.find((s) => s.key === '10')!.rows;
    expect(rows.map((r) => [r.number, r.amount, r.taxAmount, r.note])).toEqual([
      [1, 0, 0, 'Bị thay thế bởi HĐ 1C26MAA số 2 ngày 05/11/2026, ghi doanh thu 0'],
      [2, 90_000, 9_000, 'Thay thế HĐ 1C26MAA số 1 ngày 02/11/2026'],
    ]);
    expect(ledger.footer.revenue).toBe(90_000);
  });

  it('counts adjustments with their sign, the original keeping its amounts', () => {
    const ledger = buildSalesLedger([
      entry({ number: 1, adjustedBy: ref(3) }),
      entry({
        number: 2,
        status: 'adjusted',
        adjustmentType: 'increase',
        adjusts: ref(1),
        amount: 5_000,
        taxAmount: 500,
      }),
      entry({
        number: 3,
        status: 'adjusted',
        adjustmentType: 'decrease',
        adjusts: ref(1),
        amount: -20_000,
        taxAmount: -2_000,
      }),
      entry({ number: 4, status: 'adjusted', adjustmentType: 'info', adjusts: ref(1), amount: 0, taxAmount: 0 }),
    ]);
    const rows = ledger.sections.find((s) => s.key === '10')!.rows;
    expect(rows.map((r) => [r.amount, r.note])).toEqual([
      [100_000, 'Đã được điều chỉnh bởi HĐ 1C26MAA số 3 ngày 02/11/2026'],
      [5_000, 'Điều chỉnh tăng cho HĐ 1C26MAA số 1 ngày 02/11/2026'],
      [-20_000, 'Điều chỉnh giảm cho HĐ 1C26MAA số 1 ngày 02/11/2026'],
      [0, 'Điều chỉnh thông tin cho HĐ 1C26MAA số 1 ngày 02/11/2026'],
    ]);
    expect(ledger.footer).toEqual({ revenue: 85_000, taxableRevenue: 85_000, taxAmount: 8_500 });
  });
});

describe('the VAT return figures from sales', () => {
  const totals = (values: Partial<Record<(typeof SECTION_KEYS)[number], [number, number]>>) =>
    SECTION_KEYS.map((key) => ({ key, rows: 1, amount: values[key]?.[0] ?? 0, taxAmount: values[key]?.[1] ?? 0 }));

  it('declares 0 %, 5 %, 10 % with the reduced 8 % and KHAC in [32]/[33], and the reduction apart', () => {
    const figures = vatFigures(
      totals({ '0': [1_000, 0], '5': [2_000, 100], '8': [1_000_050, 80_004], '10': [3_000, 300], KHAC: [700, 21] }),
    );
    const value = (code: string) => figures.indicators.find((i) => i.code === code)!.value;
    expect(value('[26]')).toBe(0);
    expect(value('[29]')).toBe(1_000);
    expect([value('[30]'), value('[31]')]).toEqual([2_000, 100]);
    // KHAC (700, 21) goes to [32]/[33] by default (the declaration setting), and so into [27] and [34].
    expect([value('[32]'), value('[33]')]).toEqual([1_003_750, 80_325]);
    expect(value('[32a]')).toBe(0);
    expect(value('[27]')).toBe(1_000 + 2_000 + 1_003_750);
    expect(value('[28]')).toBe(100 + 80_325);
    expect([value('[34]'), value('[35]')]).toEqual([value('[27]'), value('[28]')]);
    expect(figures.reduced).toEqual({ revenue: 1_000_050, taxAmount: 80_004, reduction: 20_001 });
    expect(figures.otherRates).toEqual({ revenue: 700, taxAmount: 21, declaredAt: '[32]/[33]' });
  });
});
