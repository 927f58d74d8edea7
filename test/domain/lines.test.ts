import { describe, expect, it } from 'vitest';
import { lineFigures, soldQuantity } from '../../src/domain/lines.js';
import {
  compareTaxGroups,
  groupTotals,
  rateOfGroup,
  taxBreakdown,
  taxGroupLabel,
  taxGroupOf,
} from '../../src/domain/tax-breakdown.js';

describe('the line rule', () => {
  it('rounds the gross, then the discount, then the tax, each half away from zero', () => {
    // 3 × 33,333.5 = 100,000.5 → 100,001; 12.5 % of it = 12,500.125 → 12,500; tax 8 % of 87,501 = 7,000.08 → 7,000.
    expect(lineFigures({ quantity: 3, unitPrice: 33_333.5, taxRate: 0.08, discountRate: 0.125 })).toEqual({
      gross: 100_001,
      discount: 12_500,
      total: 87_501,
      taxAmount: 7_000,
      taxGroup: '8%',
    });
    expect(lineFigures({ quantity: 0.75, unitPrice: 120_000, taxRate: 0.05, discountAmount: 5_000 })).toMatchObject({
      gross: 90_000,
      total: 85_000,
      taxAmount: 4_250,
    });
  });

  it('gives a promotion and a note nothing, and a trade discount a negative amount and tax', () => {
    expect(lineFigures({ kind: 'promotion', quantity: 1, unitPrice: 30_000, taxRate: 0.1 })).toMatchObject({
      gross: 30_000,
      total: 0,
      taxAmount: 0,
      taxGroup: '10%',
    });
    expect(lineFigures({ kind: 'note', quantity: 0, unitPrice: 0, taxRate: 0 })).toMatchObject({
      total: 0,
      taxGroup: null,
    });
    expect(lineFigures({ kind: 'tradeDiscount', quantity: 1, unitPrice: 10_000, taxRate: 0.1 })).toMatchObject({
      total: -10_000,
      taxAmount: -1_000,
    });
  });

  it('taxes neither KCT nor KKKNT, and groups each apart from 0 %', () => {
    expect(lineFigures({ quantity: 1, unitPrice: 50_000, taxRate: 0, taxCategory: 'KCT' })).toMatchObject({
      taxAmount: 0,
      taxGroup: 'KCT',
    });
    expect(taxGroupOf(0, 'KKKNT')).toBe('KKKNT');
    expect(taxGroupOf(0)).toBe('0%');
    expect(taxGroupOf(0.0526, 'KHAC')).toBe('KHAC:5.26');
    expect(taxGroupOf(0.035)).toBe('KHAC:3.50');
    expect(taxGroupOf(0.1, 'KHAC')).toBe('KHAC:10.00');
    expect(rateOfGroup('KHAC:5.26')).toBe(0.0526);
    expect(rateOfGroup('KCT')).toBeUndefined();
    expect(taxGroupLabel('KHAC:5.26')).toBe('5,26%');
  });

  it('orders groups as the sales ledger does, and sums a breakdown without promotions and notes', () => {
    const groups = ['KHAC:3.50', '10%', 'KKKNT', '0%', 'KCT', '8%', '5%'].sort(compareTaxGroups);
    expect(groups).toEqual(['KCT', '0%', '5%', '8%', '10%', 'KKKNT', 'KHAC:3.50']);
    const breakdown = taxBreakdown([
      { kind: 'goods', taxGroup: '10%', total: 180_000, taxAmount: 18_000 },
      { kind: 'tradeDiscount', taxGroup: '10%', total: -10_000, taxAmount: -1_000 },
      { kind: 'promotion', taxGroup: '5%', total: 0, taxAmount: 0 },
      { kind: 'note', taxGroup: null, total: 0, taxAmount: 0 },
      { kind: 'goods', taxGroup: 'KCT', total: 50_000, taxAmount: 0 },
    ]);
    expect(breakdown.map(groupTotals)).toEqual([
      { taxGroup: 'KCT', category: 'KCT', amount: 50_000, tax: 0, total: 50_000 },
      { taxGroup: '10%', rate: 0.1, amount: 170_000, tax: 17_000, total: 187_000 },
    ]);
  });

  it('counts the goods a sale or an increase takes out, none for a price decrease, a discount or a note', () => {
    const sale = { adjustmentType: null };
    expect(soldQuantity(sale, { kind: 'goods', quantity: 0.75 })).toBe(0.75);
    expect(soldQuantity(sale, { kind: 'promotion', quantity: 1 })).toBe(1);
    expect(soldQuantity(sale, { kind: 'tradeDiscount', quantity: 1 })).toBe(0);
    expect(soldQuantity({ adjustmentType: 'increase' }, { kind: 'goods', quantity: 2 })).toBe(2);
    expect(soldQuantity({ adjustmentType: 'decrease' }, { kind: 'goods', quantity: 2 })).toBe(0);
    expect(soldQuantity({ adjustmentType: 'info' }, { kind: 'goods', quantity: 2 })).toBe(0);
  });
});
