import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashRounding } from '../../src/domain/cash-rounding.js';
import { lineFigures, shelfLineFigures, soldQuantity } from '../../src/domain/lines.js';
import { roundProduct, roundQuotient } from '../../src/domain/money.js';
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

describe('shelf prices, VAT included', () => {
  it('prices the issue examples so that the line totals exactly the shelf price', () => {
    const at = (quantity: number, unitPrice: number, taxRate: number) =>
      shelfLineFigures({ quantity, unitPrice, taxRate });
    expect(at(1, 25_000, 0.1)).toMatchObject({ total: 22_727, taxAmount: 2_273, unitPriceBeforeTax: 22_727.272727 });
    expect(at(2, 25_000, 0.1)).toMatchObject({ total: 45_455, taxAmount: 4_545, shelfGross: 50_000 });
    expect(at(1, 29_000, 0.08)).toMatchObject({ total: 26_852, taxAmount: 2_148, unitPriceBeforeTax: 26_851.851852 });
  });

  it('takes the discount off the shelf price and writes STCKhau so that SLuong × DGia − STCKhau = ThTien', () => {
    const line = shelfLineFigures({ quantity: 3, unitPrice: 29_000, taxRate: 0.08, discountAmount: 5_000 });
    expect(line.total + line.taxAmount).toBe(3 * 29_000 - 5_000);
    expect(line.gross - line.discount).toBe(line.total);
    expect(shelfLineFigures({ quantity: 2, unitPrice: 50_000, taxRate: 0.1, discountRate: 0.1 })).toMatchObject({
      shelfDiscount: 10_000,
      total: 81_818,
      taxAmount: 8_182,
    });
  });

  it('keeps the price of goods without VAT, and signs a trade discount', () => {
    expect(shelfLineFigures({ quantity: 2, unitPrice: 15_000, taxRate: 0, taxCategory: 'KCT' })).toMatchObject({
      total: 30_000,
      taxAmount: 0,
      unitPriceBeforeTax: 15_000,
    });
    expect(shelfLineFigures({ kind: 'tradeDiscount', quantity: 1, unitPrice: 11_000, taxRate: 0.1 })).toMatchObject({
      total: -10_000,
      taxAmount: -1_000,
    });
    expect(lineFigures({ quantity: 1, unitPrice: 25_000, taxRate: 0.1, pricesIncludeVat: true })).toMatchObject({
      total: 22_727,
      taxAmount: 2_273,
    });
  });

  it('adds up to the sum of the shelf totals for any basket (property)', () => {
    const line = fc.record({
      quantity: fc.oneof(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50_000 }).map((g) => g / 1000),
      ),
      unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
      taxRate: fc.constantFrom(0, 0.05, 0.08, 0.1),
      discount: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (lines) => {
        let shelf = 0;
        let invoice = 0;
        for (const l of lines) {
          const gross = roundProduct(l.quantity, l.unitPrice);
          const discountAmount = Math.floor((gross * l.discount) / 100) || undefined;
          const f = shelfLineFigures({ ...l, discountAmount });
          shelf += gross - (discountAmount ?? 0);
          invoice += f.total + f.taxAmount;
          expect(f.total).toBe(roundQuotient(gross - (discountAmount ?? 0), 1 + l.taxRate));
          expect(Math.abs(roundProduct(l.quantity, f.unitPriceBeforeTax) - f.discount - f.total)).toBeLessThanOrEqual(
            discountAmount ? 0 : 1,
          );
        }
        expect(invoice).toBe(shelf);
      }),
    );
  });
});

describe('cash rounding', () => {
  it('asks for the nearest step, halves upwards, and tells the difference', () => {
    expect(cashRounding(130_511, 0)).toEqual({ due: 130_511, rounding: 0 });
    expect(cashRounding(130_511, 100)).toEqual({ due: 130_500, rounding: -11 });
    expect(cashRounding(130_550, 100)).toEqual({ due: 130_600, rounding: 50 });
    expect(cashRounding(130_749, 500)).toEqual({ due: 130_500, rounding: -249 });
    expect(cashRounding(130_750, 500)).toEqual({ due: 131_000, rounding: 250 });
    expect(cashRounding(54_499, 1000)).toEqual({ due: 54_000, rounding: -499 });
  });
});
