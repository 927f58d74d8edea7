import { describe, expect, it } from 'vitest';
import {
  cashOf,
  closeFigures,
  countedOf,
  DENOMINATIONS,
  daySum,
  expectedCashOf,
  noteRequired,
} from '../../src/domain/shift-cash.js';

describe('the cash of a shift', () => {
  it('counts a drawer by denomination', () => {
    expect(
      countedOf([
        { value: 500_000, count: 2 },
        { value: 20_000, count: 3 },
        { value: 500, count: 1 },
      ]),
    ).toBe(1_060_500);
    expect(countedOf([])).toBe(0);
    expect(DENOMINATIONS[0]).toBe(500_000);
    expect(DENOMINATIONS.at(-1)).toBe(500);
  });

  it('takes sales in, gives decreases back, and counts a replacement by its difference', () => {
    expect(
      cashOf([
        { total: 25_000 },
        { total: 50_000 },
        { total: -10_000 }, // a decrease: money handed back
        { total: 30_000, replacedTotal: 50_000 }, // replaced by a smaller invoice: 20.000 handed back
        { total: 60_000, replacedTotal: 25_000 }, // replaced by a larger one: 35.000 more taken
      ]),
    ).toEqual({ cashSales: 25_000 + 50_000 + 35_000, cashRefunds: 10_000 + 20_000 });
    expect(cashOf([])).toEqual({ cashSales: 0, cashRefunds: 0 });
  });

  it('expects the float plus cash sales minus cash refunds, and the difference is counted minus expected', () => {
    const cash = { cashSales: 1_250_000, cashRefunds: 50_000 };
    expect(expectedCashOf(500_000, cash)).toBe(1_700_000);
    expect(closeFigures(500_000, cash, 1_690_000)).toEqual({
      expectedCash: 1_700_000,
      countedCash: 1_690_000,
      difference: -10_000,
    });
    expect(closeFigures(500_000, cash, 1_700_000).difference).toBe(0);
  });

  it('asks for a note when the count differs, and only then', () => {
    const short = closeFigures(0, { cashSales: 100, cashRefunds: 0 }, 0);
    expect(noteRequired(short, undefined)).toBe(true);
    expect(noteRequired(short, '   ')).toBe(true);
    expect(noteRequired(short, 'Thối nhầm')).toBe(false);
    expect(noteRequired(closeFigures(0, { cashSales: 100, cashRefunds: 0 }, 100), undefined)).toBe(false);
  });

  it('sums a day: every shift, counts and differences of the closed ones', () => {
    const closed = { openingFloat: 500_000, cashSales: 300_000, cashRefunds: 0, expectedCash: 800_000 };
    expect(
      daySum([
        { ...closed, countedCash: 790_000, difference: -10_000 },
        { ...closed, countedCash: 805_000, difference: 5_000 },
        { ...closed, countedCash: null, difference: null },
      ]),
    ).toEqual({
      shifts: 3,
      openShifts: 1,
      openingFloat: 1_500_000,
      cashSales: 900_000,
      cashRefunds: 0,
      expectedCash: 2_400_000,
      countedCash: 1_595_000,
      difference: -5_000,
    });
  });
});
