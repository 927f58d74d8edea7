/**
 * The end of day per tax group and per unit as it was read before its rollups: the day's invoices joined with
 * their lines. The oracle the rollup-based answer (src/reports/day-figures.ts) must equal in every case.
 */
import type Database from 'better-sqlite3';
import { SOLD_QUANTITY_SQL } from '../../src/domain/lines.js';
import { compareTaxGroups, groupTotals } from '../../src/domain/tax-breakdown.js';
import { FIGURES_COUNT_DEMO } from '../../src/rollups/demo-scope.js';

export function dayFiguresFromInvoices(sqlite: Database.Database, date: string) {
  const groups = sqlite
    .prepare<[string], { taxGroup: string; amount: number; taxAmount: number }>(
      `SELECT it.tax_group AS taxGroup, sum(it.total) AS amount, sum(it.tax_amount) AS taxAmount
       FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
       WHERE i.issue_date = ? AND i.status IN ('issued', 'adjusted') AND (i.demo = 0 OR ${FIGURES_COUNT_DEMO}) AND it.tax_group IS NOT NULL
         AND it.kind IN ('goods', 'tradeDiscount')
       GROUP BY it.tax_group`,
    )
    .all(date);
  const units = sqlite
    .prepare<[string], { unit: string; quantity: number }>(
      `SELECT coalesce(it.unit, '') AS unit, sum(${SOLD_QUANTITY_SQL}) AS quantity
       FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
       WHERE i.issue_date = ? AND i.status IN ('issued', 'adjusted') AND (i.demo = 0 OR ${FIGURES_COUNT_DEMO}) AND it.kind IN ('goods', 'promotion')
       GROUP BY coalesce(it.unit, '') HAVING sum(${SOLD_QUANTITY_SQL}) <> 0 ORDER BY unit`,
    )
    .all(date);
  return {
    byRate: groups.sort((a, b) => compareTaxGroups(a.taxGroup, b.taxGroup)).map(groupTotals),
    quantitiesByUnit: units.map((u) => ({ unit: u.unit, quantity: Math.round(u.quantity * 1000) / 1000 })),
  };
}
