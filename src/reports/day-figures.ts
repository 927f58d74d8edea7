/**
 * What an accountant signs at the end of a day beyond the spec's three figures: per tax rate and category
 * the amount before tax, the tax and the total, and the quantities per unit (kilograms are never added to
 * cups). Read from the day's rollups (src/rollups/rollups.listener.ts), a row per tax group and per unit,
 * kept in each invoice's transaction from the lines of the day's invoices (issue_date, the legal date) that
 * count as revenue: issued and adjusted ones (src/domain/revenue.ts), demo ones only in demo mode
 * (src/rollups/demo-scope.ts).
 */
import type Database from 'better-sqlite3';
import { compareTaxGroups, type GroupTotals, groupTotals } from '../domain/tax-breakdown.js';

export interface UnitQuantity {
  /** The unit as written on the lines; '' for lines written without one. */
  unit: string;
  quantity: number;
}

export interface DayFigures {
  byRate: GroupTotals[];
  quantitiesByUnit: UnitQuantity[];
}

/**
 * The spec's `totalQty`: the quantities' sum when the day's lines share one unit, 0 without lines, null
 * when several units were sold (their sum would mean nothing; quantitiesByUnit gives each).
 */
export const totalQtyOf = (units: readonly UnitQuantity[]): number | null =>
  units.length === 0 ? 0 : units.length === 1 ? (units[0]?.quantity ?? 0) : null;

export function createDayFigures(sqlite: Database.Database) {
  // A group is shown while one of its lines counts, even when they net to 0 (a discount as large as the goods).
  const groups = sqlite.prepare<[string], { taxGroup: string; amount: number; taxAmount: number }>(
    `SELECT tax_group AS taxGroup, amount, tax_amount AS taxAmount FROM daily_tax_group_sales
     WHERE date = ? AND line_count > 0`,
  );
  // Quantities are kept in exact thousandths: a unit that sold nothing is 0, and /1000 is the gram.
  const units = sqlite.prepare<[string], UnitQuantity>(
    `SELECT unit, quantity_thousandths / 1000.0 AS quantity FROM daily_unit_quantities
     WHERE date = ? AND quantity_thousandths <> 0 ORDER BY unit`,
  );
  return (date: string): DayFigures => ({
    byRate: groups
      .all(date)
      .sort((a, b) => compareTaxGroups(a.taxGroup, b.taxGroup))
      .map(groupTotals),
    quantitiesByUnit: units.all(date),
  });
}

/** "3 ly, 0,75 kg" (or "không có hàng"): the quantities as the end-of-day notice and `hoadon aggregate` print them. */
export const quantitiesText = (units: readonly UnitQuantity[]): string =>
  units.length === 0
    ? 'không có hàng'
    : units
        .map((u) => `${u.quantity.toLocaleString('vi-VN')}${u.unit ? ` ${u.unit}` : ' (không ghi đơn vị)'}`)
        .join(', ');
