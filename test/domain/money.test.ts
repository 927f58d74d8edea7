import { describe, expect, it } from 'vitest';
import { lineFigures } from '../../src/domain/lines.js';
import { invoiceTotals, lineTotalMatches, roundProduct } from '../../src/domain/money.js';

/** The spec's two figures of a goods line (src/domain/lines.ts). */
const lineAmounts = (line: { quantity: number; unitPrice: number; taxRate: number }) => {
  const { total, taxAmount } = lineFigures(line);
  return { total, taxAmount };
};

describe('roundProduct', () => {
  it('rounds halves away from zero', () => {
    expect(roundProduct(0.5, 1)).toBe(1);
    expect(roundProduct(1.5, 1)).toBe(2);
    expect(roundProduct(2.5, 1)).toBe(3);
    expect(roundProduct(-0.5, 1)).toBe(-1);
    expect(roundProduct(-2.5, 1)).toBe(-3);
    expect(roundProduct(0.49, 1)).toBe(0);
  });

  it('is exact where binary floating point is not', () => {
    // 1.005 × 1000 is 1004.9999999999999 in doubles; the decimal the client sent is exactly 1005.
    expect(roundProduct(1.005, 1000)).toBe(1005);
    expect(roundProduct(0.1, 3)).toBe(0);
    expect(roundProduct(1.15, 100)).toBe(115);
    expect(roundProduct(12_345.5, 0.1)).toBe(1235);
    expect(roundProduct(2.675, 100)).toBe(268);
  });

  it('handles large and exponent-notation values', () => {
    expect(roundProduct(1e12, 1000)).toBe(1e15);
    expect(roundProduct(1e-7, 5e6)).toBe(1);
    expect(roundProduct(0, 0.1)).toBe(0);
    expect(Object.is(roundProduct(-0.1, 1), 0)).toBe(true);
  });
});

describe('invoice arithmetic (docs/decisions.md §1)', () => {
  it('computes tax per line at 0, 5, 8 and 10 %', () => {
    expect(lineAmounts({ quantity: 3, unitPrice: 33_333, taxRate: 0 })).toEqual({ total: 99_999, taxAmount: 0 });
    expect(lineAmounts({ quantity: 1, unitPrice: 12_345, taxRate: 0.05 })).toEqual({ total: 12_345, taxAmount: 617 });
    expect(lineAmounts({ quantity: 1, unitPrice: 12_350, taxRate: 0.05 })).toEqual({ total: 12_350, taxAmount: 618 });
    expect(lineAmounts({ quantity: 1, unitPrice: 10_006, taxRate: 0.08 })).toEqual({ total: 10_006, taxAmount: 800 });
    expect(lineAmounts({ quantity: 1, unitPrice: 10_007, taxRate: 0.08 })).toEqual({ total: 10_007, taxAmount: 801 });
    expect(lineAmounts({ quantity: 1, unitPrice: 15, taxRate: 0.1 })).toEqual({ total: 15, taxAmount: 2 });
    expect(lineAmounts({ quantity: 1.5, unitPrice: 33_333, taxRate: 0.1 })).toEqual({
      total: 50_000,
      taxAmount: 5_000,
    });
  });

  it('sums rounded lines, not the rounded sum', () => {
    const lines = Array.from({ length: 250 }, (_, i) =>
      lineAmounts({ quantity: 1, unitPrice: 15 + i * 10, taxRate: 0.1 }),
    );
    const totals = invoiceTotals(lines);
    const expectedSubtotal = lines.reduce((s, l) => s + l.total, 0);
    const expectedTax = Array.from({ length: 250 }, (_, i) => Math.round((15 + i * 10) / 10)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(totals).toEqual({
      subtotal: expectedSubtotal,
      taxAmount: expectedTax,
      total: expectedSubtotal + expectedTax,
    });
  });

  it('accepts a client line total within 1 đồng of the computed one', () => {
    expect(lineTotalMatches(undefined, 100)).toBe(true);
    expect(lineTotalMatches(101, 100)).toBe(true);
    expect(lineTotalMatches(99, 100)).toBe(true);
    expect(lineTotalMatches(102, 100)).toBe(false);
  });
});
