/**
 * The cash of a cashier's shift ("kết ca", docs/console.md "Ca bán hàng"): what the drawer should hold at the
 * close and how far the count is from it. Integer đồng throughout.
 */

/** The Vietnamese banknotes a drawer holds (coins are no longer handed out), largest first. */
export const DENOMINATIONS = [500_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500] as const;

export interface DenominationCount {
  value: number;
  count: number;
}

/** The counted cash of a count by denomination. */
export const countedOf = (counts: readonly DenominationCount[]): number =>
  counts.reduce((sum, { value, count }) => sum + value * count, 0);

/**
 * One invoice of the shift paid in cash, as it moves the drawer: a sale brings its total in; a replacement
 * brings in (or gives back) the difference with the invoice it replaces; an adjustment its signed total
 * (a decrease is negative: money given back).
 */
export interface CashMovement {
  total: number;
  /** The total of the invoice a replacement takes the place of, when that one was paid in cash too. */
  replacedTotal?: number | undefined;
}

export interface ShiftCash {
  cashSales: number;
  cashRefunds: number;
}

/** Money in and money out of the drawer: a movement's positive change is a sale, a negative one a refund. */
export function cashOf(movements: readonly CashMovement[]): ShiftCash {
  let cashSales = 0;
  let cashRefunds = 0;
  for (const { total, replacedTotal } of movements) {
    const change = total - (replacedTotal ?? 0);
    if (change >= 0) cashSales += change;
    else cashRefunds -= change;
  }
  return { cashSales, cashRefunds };
}

/** The float, plus cash sales, minus cash refunds. */
export const expectedCashOf = (openingFloat: number, cash: ShiftCash): number =>
  openingFloat + cash.cashSales - cash.cashRefunds;

export interface ShiftClose {
  expectedCash: number;
  countedCash: number;
  /** Counted − expected: negative when cash is missing. */
  difference: number;
}

export function closeFigures(openingFloat: number, cash: ShiftCash, countedCash: number): ShiftClose {
  const expectedCash = expectedCashOf(openingFloat, cash);
  return { expectedCash, countedCash, difference: countedCash - expectedCash };
}

/** A count that differs from the expected cash must say why. */
export const noteRequired = (close: ShiftClose, note: string | undefined): boolean =>
  close.difference !== 0 && !note?.trim();

export interface ShiftFigures extends ShiftCash {
  openingFloat: number;
  expectedCash: number;
  countedCash: number | null;
  difference: number | null;
}

export interface DayFigures extends ShiftCash {
  shifts: number;
  openShifts: number;
  openingFloat: number;
  expectedCash: number;
  /** Of the closed shifts only. */
  countedCash: number;
  difference: number;
}

/** The end of day of a date's shifts: every figure summed, counts and differences of the closed ones. */
export function daySum(shifts: readonly ShiftFigures[]): DayFigures {
  const sum: DayFigures = {
    shifts: shifts.length,
    openShifts: 0,
    openingFloat: 0,
    cashSales: 0,
    cashRefunds: 0,
    expectedCash: 0,
    countedCash: 0,
    difference: 0,
  };
  for (const shift of shifts) {
    sum.openingFloat += shift.openingFloat;
    sum.cashSales += shift.cashSales;
    sum.cashRefunds += shift.cashRefunds;
    sum.expectedCash += shift.expectedCash;
    if (shift.countedCash === null) sum.openShifts += 1;
    else {
      sum.countedCash += shift.countedCash;
      sum.difference += shift.difference ?? 0;
    }
  }
  return sum;
}
