/**
 * One store-local day's invoices broken down for the till's closing and the owner's home screen: revenue by
 * payment method and by tax rate (revenue as docs/decisions.md §5 counts it: issued and adjusted invoices, signed),
 * and the number of invoices in each status. The day is the range of creation instants between its two
 * local midnights, read through the created_at index.
 */
import type Database from 'better-sqlite3';
import { addDays, startOfLocalDay } from '../domain/calendar.js';
import { compareTaxGroups, rateOfGroup } from '../domain/tax-breakdown.js';
import type { PAYMENT_METHODS } from '../invoices/invoices.table.js';
import { FIGURES_COUNT_DEMO } from '../rollups/demo-scope.js';

/** Demo invoices count while the node is in demo mode only (src/rollups/demo-scope.ts). */
const COUNTED = `(demo = 0 OR ${FIGURES_COUNT_DEMO})`;

export interface DayBreakdown {
  date: string;
  byPaymentMethod: {
    paymentMethod: (typeof PAYMENT_METHODS)[number];
    count: number;
    subtotal: number;
    taxAmount: number;
    total: number;
  }[];
  /** Per tax group (10%, KCT, KHAC:5.26…) in the ledger's order; `taxRate` 0 for KCT and KKKNT. */
  byTaxRate: { taxRate: number; taxGroup: string; subtotal: number; taxAmount: number; total: number }[];
  byStatus: { status: string; count: number }[];
}

export function createDayBreakdown(sqlite: Database.Database, timeZone: string) {
  const byPaymentMethod = sqlite.prepare(
    `SELECT payment_method AS paymentMethod, count(*) AS count, sum(subtotal) AS subtotal,
            sum(tax_amount) AS taxAmount, sum(total) AS total
       FROM invoices WHERE created_at >= @from AND created_at < @to AND status IN ('issued', 'adjusted') AND ${COUNTED}
      GROUP BY payment_method ORDER BY total DESC`,
  );
  // Grouped by tax group: KCT and 0 % are both taxed at nothing, yet two lines of the VAT return.
  const byTaxGroup = sqlite.prepare<Record<string, string>, Omit<DayBreakdown['byTaxRate'][number], 'taxRate'>>(
    `SELECT l.tax_group AS taxGroup, sum(l.total) AS subtotal, sum(l.tax_amount) AS taxAmount,
            sum(l.total) + sum(l.tax_amount) AS total
       FROM invoices v JOIN invoice_items l ON l.invoice_id = v.id
      WHERE v.created_at >= @from AND v.created_at < @to AND v.status IN ('issued', 'adjusted') AND ${COUNTED}
        AND l.tax_group IS NOT NULL AND l.kind IN ('goods', 'tradeDiscount')
      GROUP BY l.tax_group`,
  );
  const byStatus = sqlite.prepare(
    `SELECT status, count(*) AS count FROM invoices WHERE created_at >= @from AND created_at < @to AND ${COUNTED}
      GROUP BY status ORDER BY status`,
  );
  return (date: string): DayBreakdown => {
    const range = {
      from: startOfLocalDay(date, timeZone).toISOString(),
      to: startOfLocalDay(addDays(date, 1), timeZone).toISOString(),
    };
    return {
      date,
      byPaymentMethod: byPaymentMethod.all(range) as DayBreakdown['byPaymentMethod'],
      byTaxRate: byTaxGroup
        .all(range)
        .sort((a, b) => compareTaxGroups(a.taxGroup, b.taxGroup))
        .map((g) => ({ taxRate: rateOfGroup(g.taxGroup) ?? 0, ...g })),
      byStatus: byStatus.all(range) as DayBreakdown['byStatus'],
    };
  };
}

/** A day's breakdown by its store-local date (what GET /reports/day answers). */
export type DayBreakdownReader = ReturnType<typeof createDayBreakdown>;
