/**
 * What an accountant signs at the end of a day beyond the spec's three figures: per tax rate and category
 * the amount before tax, the tax and the total, and the quantities per unit (kilograms are never added to
 * cups). Read from the day's invoices (issue_date, the legal date) that count as revenue: issued and
 * adjusted ones, as the rollups count them (src/domain/revenue.ts), demo ones only in demo mode
 * (src/rollups/demo-scope.ts).
 */
import type Database from 'better-sqlite3';
import { SOLD_QUANTITY_SQL } from '../domain/lines.js';
import { compareTaxGroups, type GroupTotals, groupTotals } from '../domain/tax-breakdown.js';
import { FIGURES_COUNT_DEMO } from '../rollups/demo-scope.js';

export interface UnitQuantity {
  /** The unit as written on the lines; '' for lines written without one. */
  unit: string;
  quantity: number;
}

export interface DayFigures {
  byRate: GroupTotals[];
  quantitiesByUnit: UnitQuantity[];
}

/** Quantities to the gram: sums of weighed quantities carry binary noise past 3 decimals. */
const toGram = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The spec's `totalQty`: the quantities' sum when the day's lines share one unit, 0 without lines, null
 * when several units were sold (their sum would mean nothing; quantitiesByUnit gives each).
 */
export const totalQtyOf = (units: readonly UnitQuantity[]): number | null =>
  units.length === 0 ? 0 : units.length === 1 ? (units[0]?.quantity ?? 0) : null;

export function createDayFigures(sqlite: Database.Database) {
  const groups = sqlite.prepare<[string], { taxGroup: string; amount: number; taxAmount: number }>(
    `SELECT it.tax_group AS taxGroup, sum(it.total) AS amount, sum(it.tax_amount) AS taxAmount
     FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
     WHERE i.issue_date = ? AND i.status IN ('issued', 'adjusted') AND (i.demo = 0 OR ${FIGURES_COUNT_DEMO}) AND it.tax_group IS NOT NULL
       AND it.kind IN ('goods', 'tradeDiscount')
     GROUP BY it.tax_group`,
  );
  const units = sqlite.prepare<[string], UnitQuantity>(
    `SELECT coalesce(it.unit, '') AS unit, sum(${SOLD_QUANTITY_SQL}) AS quantity
     FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
     WHERE i.issue_date = ? AND i.status IN ('issued', 'adjusted') AND (i.demo = 0 OR ${FIGURES_COUNT_DEMO}) AND it.kind IN ('goods', 'promotion')
     GROUP BY coalesce(it.unit, '') HAVING sum(${SOLD_QUANTITY_SQL}) <> 0 ORDER BY unit`,
  );
  return (date: string): DayFigures => ({
    byRate: groups
      .all(date)
      .sort((a, b) => compareTaxGroups(a.taxGroup, b.taxGroup))
      .map(groupTotals),
    quantitiesByUnit: units.all(date).map((u) => ({ unit: u.unit, quantity: toGram(u.quantity) })),
  });
}

/** "3 ly, 0,75 kg" (or "không có hàng"): the quantities as the end-of-day notice and `hoadon aggregate` print them. */
export const quantitiesText = (units: readonly UnitQuantity[]): string =>
  units.length === 0
    ? 'không có hàng'
    : units
        .map((u) => `${u.quantity.toLocaleString('vi-VN')}${u.unit ? ` ${u.unit}` : ' (không ghi đơn vị)'}`)
        .join(', ');
