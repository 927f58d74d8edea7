/** Keeps the rollup tables in step with invoices, inside the invoice's transaction. */
import type Database from 'better-sqlite3';
import { addDays, utcHourOf } from '../domain/calendar.js';
import { soldQuantity } from '../domain/lines.js';
import { becomesIssued, contribution, contributionDelta } from '../domain/revenue.js';
import type { InvoiceChange, InvoiceListener } from '../invoices/invoice-events.js';
import type { InvoiceItemRow } from '../invoices/invoices.repository.js';
import type { RollupDemoScope } from './demo-scope.js';

/** Who keeps figures of the rollups in memory: told of each row this connection writes, inside its transaction. */
export interface RollupWatchers {
  /** A rollup row of this store-local date was written. */
  dayChanged(date: string): void;
  customerChanged(date: string, customerId: string): void;
  skuChanged(date: string, sku: string): void;
}

/** A quantity (at most 3 decimals) in exact thousandths, the unit of daily_unit_quantities. */
const toThousandths = (quantity: number): number => Math.round(quantity * 1000);

/**
 * What an invoice's lines add to the end of day's rollups when it counts (src/reports/day-figures.ts): per
 * tax group its goods and trade discounts (count, amount, tax), per unit the quantity it takes out of the
 * store (soldQuantity), in thousandths. One row per group and unit however many lines share them.
 */
function dayLineFigures(
  invoice: { adjustmentType: string | null },
  items: readonly Pick<InvoiceItemRow, 'kind' | 'taxGroup' | 'total' | 'taxAmount' | 'unit' | 'quantity'>[],
) {
  const groups = new Map<string, { lines: number; amount: number; tax: number }>();
  const units = new Map<string, number>();
  for (const item of items) {
    if (item.taxGroup !== null && (item.kind === 'goods' || item.kind === 'tradeDiscount')) {
      const group = groups.get(item.taxGroup) ?? { lines: 0, amount: 0, tax: 0 };
      group.lines += 1;
      group.amount += item.total;
      group.tax += item.taxAmount;
      groups.set(item.taxGroup, group);
    }
    const sold = toThousandths(soldQuantity(invoice, item));
    if (sold !== 0) units.set(item.unit ?? '', (units.get(item.unit ?? '') ?? 0) + sold);
  }
  return { groups, units };
}

export function createRollupsListener(
  sqlite: Database.Database,
  watchers: RollupWatchers,
  /** Whether the sales rollups count demo invoices (demo-scope.ts); without it they count every invoice. */
  scope?: Pick<RollupDemoScope, 'align' | 'counts'>,
): InvoiceListener {
  const addSales = sqlite.prepare(
    `INSERT INTO daily_sales (date, channel, invoice_count, revenue, tax_amount, quantity) VALUES (@date, @channel, @count, @revenue, @tax, @quantity)
     ON CONFLICT (date, channel) DO UPDATE SET invoice_count = invoice_count + @count, revenue = revenue + @revenue,
       tax_amount = tax_amount + @tax, quantity = quantity + @quantity`,
  );
  const addCustomer = sqlite.prepare(
    `INSERT INTO daily_customer_sales (date, customer_id, invoice_count, revenue, positive_revenue) VALUES (@date, @customer, @count, @revenue, @positive)
     ON CONFLICT (date, customer_id) DO UPDATE SET invoice_count = invoice_count + @count, revenue = revenue + @revenue,
       positive_revenue = positive_revenue + @positive`,
  );
  const addCustomerChannel = sqlite.prepare(
    `INSERT INTO monthly_customer_channel_sales (customer_id, month, channel, invoice_count, revenue) VALUES (@customer, @month, @channel, @count, @revenue)
     ON CONFLICT (customer_id, month, channel) DO UPDATE SET invoice_count = invoice_count + @count, revenue = revenue + @revenue`,
  );
  const recentSince = sqlite
    .prepare<[], string>(`SELECT since FROM rollup_windows WHERE name = 'customer_recent_sales'`)
    .pluck();
  const setRecentSince = sqlite.prepare(
    `INSERT INTO rollup_windows (name, since) VALUES ('customer_recent_sales', ?) ON CONFLICT (name) DO UPDATE SET since = excluded.since`,
  );
  const dropRecentDays = sqlite.prepare(
    `UPDATE customer_recent_sales SET positive_revenue = positive_revenue - d.positive
     FROM (SELECT customer_id, sum(positive_revenue) AS positive FROM daily_customer_sales WHERE date >= ? AND date < ? GROUP BY customer_id) d
     WHERE customer_recent_sales.customer_id = d.customer_id`,
  );
  const addRecent = sqlite.prepare(
    `INSERT INTO customer_recent_sales (customer_id, positive_revenue) VALUES (?, ?)
     ON CONFLICT (customer_id) DO UPDATE SET positive_revenue = positive_revenue + excluded.positive_revenue`,
  );
  /**
   * Moves the start of the rolling customer bound to 365 days before `date` (the newest invoice's day is
   * today), dropping the days that leave it; answers where it starts.
   */
  const rollRecentTo = (date: string): string => {
    const since = recentSince.get() ?? '';
    const wanted = addDays(date, -365);
    if (wanted <= since) return since;
    dropRecentDays.run(since, wanted);
    setRecentSince.run(wanted);
    return wanted;
  };
  const addSku = sqlite.prepare(
    `INSERT INTO daily_sku_sales (date, sku, quantity, revenue) VALUES (@date, @sku, @quantity, @revenue)
     ON CONFLICT (date, sku) DO UPDATE SET quantity = quantity + @quantity, revenue = revenue + @revenue`,
  );
  const addMonthlySku = sqlite.prepare(
    `INSERT INTO monthly_sku_sales (month, sku, quantity, revenue) VALUES (@month, @sku, @quantity, @revenue)
     ON CONFLICT (month, sku) DO UPDATE SET quantity = quantity + @quantity, revenue = revenue + @revenue`,
  );
  const addTaxGroup = sqlite.prepare(
    `INSERT INTO daily_tax_group_sales (date, tax_group, line_count, amount, tax_amount) VALUES (@date, @group, @lines, @amount, @tax)
     ON CONFLICT (date, tax_group) DO UPDATE SET line_count = line_count + @lines, amount = amount + @amount,
       tax_amount = tax_amount + @tax`,
  );
  const addUnit = sqlite.prepare(
    `INSERT INTO daily_unit_quantities (date, unit, quantity_thousandths) VALUES (@date, @unit, @quantity)
     ON CONFLICT (date, unit) DO UPDATE SET quantity_thousandths = quantity_thousandths + @quantity`,
  );
  const addStatus = sqlite.prepare(
    `INSERT INTO invoice_status_counts (status, count) VALUES (?, ?)
     ON CONFLICT (status) DO UPDATE SET count = count + excluded.count`,
  );
  const addIssued = sqlite.prepare(
    `INSERT INTO monthly_issued_counts (month, count) VALUES (?, 1)
     ON CONFLICT (month) DO UPDATE SET count = count + 1`,
  );

  const addHourly = sqlite.prepare(
    `INSERT INTO hourly_invoice_counts (hour, status, count) VALUES (?, ?, ?)
     ON CONFLICT (hour, status) DO UPDATE SET count = count + excluded.count`,
  );
  const addDaily = sqlite.prepare(
    `INSERT INTO daily_invoice_counts (day, status, count) VALUES (?, ?, ?)
     ON CONFLICT (day, status) DO UPDATE SET count = count + excluded.count`,
  );

  return ({ before, after, items }: InvoiceChange) => {
    // Rebuilt from the invoices as they stand, this change included.
    if (scope?.align()) return;
    if (before?.status !== after.status) {
      if (before) addStatus.run(before.status, -1);
      addStatus.run(after.status, 1);
      // created_at never changes: the hour is the same before and after.
      const hour = utcHourOf(after.createdAt);
      const day = hour.slice(0, 10);
      if (before) {
        addHourly.run(hour, before.status, -1);
        addDaily.run(day, before.status, -1);
      }
      addHourly.run(hour, after.status, 1);
      addDaily.run(day, after.status, 1);
    }
    // The invoice counts above serve the invoice list, which shows every invoice; the figures below follow demo-scope.ts.
    if (scope && !scope.counts(after)) return;
    if (becomesIssued(before, after)) addIssued.run(after.issueDate.slice(0, 7));
    const delta = contributionDelta(before, after);
    if (delta.count === 0 && delta.revenue === 0 && delta.sign === 0) return;
    const date = after.issueDate;
    watchers.dayChanged(date);
    const quantity = delta.sign * items.reduce((sum, item) => sum + soldQuantity(after, item), 0);
    addSales.run({
      date,
      channel: after.channel,
      count: delta.count,
      revenue: delta.revenue,
      tax: delta.taxAmount,
      quantity,
    });
    if (after.customerId) {
      const positive = Math.max(0, contribution(after).revenue) - Math.max(0, contribution(before).revenue);
      addCustomer.run({ date, customer: after.customerId, count: delta.count, revenue: delta.revenue, positive });
      addCustomerChannel.run({
        customer: after.customerId,
        month: date.slice(0, 7),
        channel: after.channel,
        count: delta.count,
        revenue: delta.revenue,
      });
      watchers.customerChanged(date, after.customerId);
      if (positive !== 0 && date >= rollRecentTo(date)) addRecent.run(after.customerId, positive);
    }
    const lines = dayLineFigures(after, items);
    for (const [group, g] of lines.groups)
      addTaxGroup.run({
        date,
        group,
        lines: delta.sign * g.lines,
        amount: delta.sign * g.amount,
        tax: delta.sign * g.tax,
      });
    for (const [unit, quantity] of lines.units) addUnit.run({ date, unit, quantity: delta.sign * quantity });
    const month = date.slice(0, 7);
    for (const item of items) {
      if (!item.sku) continue;
      const sale = {
        sku: item.sku,
        quantity: delta.sign * soldQuantity(after, item),
        revenue: delta.sign * item.total,
      };
      addSku.run({ date, ...sale });
      watchers.skuChanged(date, item.sku);
      addMonthlySku.run({ month, ...sale });
    }
  };
}
