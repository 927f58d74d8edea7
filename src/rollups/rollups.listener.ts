/** Keeps the rollup tables in step with invoices, inside the invoice's transaction. */
import type Database from 'better-sqlite3';
import type { InvoiceChange, InvoiceListener } from '../invoices/invoice-events.js';
import { becomesIssued, contributionDelta } from './revenue.js';

export function createRollupsListener(sqlite: Database.Database): InvoiceListener {
  const addSales = sqlite.prepare(
    `INSERT INTO daily_sales (date, channel, invoice_count, revenue, tax_amount, quantity) VALUES (@date, @channel, @count, @revenue, @tax, @quantity)
     ON CONFLICT (date, channel) DO UPDATE SET invoice_count = invoice_count + @count, revenue = revenue + @revenue,
       tax_amount = tax_amount + @tax, quantity = quantity + @quantity`,
  );
  const addCustomer = sqlite.prepare(
    `INSERT INTO daily_customer_sales (date, customer_id, invoice_count, revenue) VALUES (@date, @customer, @count, @revenue)
     ON CONFLICT (date, customer_id) DO UPDATE SET invoice_count = invoice_count + @count, revenue = revenue + @revenue`,
  );
  const addSku = sqlite.prepare(
    `INSERT INTO daily_sku_sales (date, sku, quantity, revenue) VALUES (@date, @sku, @quantity, @revenue)
     ON CONFLICT (date, sku) DO UPDATE SET quantity = quantity + @quantity, revenue = revenue + @revenue`,
  );
  const addStatus = sqlite.prepare(
    `INSERT INTO invoice_status_counts (status, count) VALUES (?, ?)
     ON CONFLICT (status) DO UPDATE SET count = count + excluded.count`,
  );
  const addIssued = sqlite.prepare(
    `INSERT INTO monthly_issued_counts (month, count) VALUES (?, 1)
     ON CONFLICT (month) DO UPDATE SET count = count + 1`,
  );

  return ({ before, after, items }: InvoiceChange) => {
    if (before?.status !== after.status) {
      if (before) addStatus.run(before.status, -1);
      addStatus.run(after.status, 1);
    }
    if (becomesIssued(before, after)) addIssued.run(after.issueDate.slice(0, 7));
    const delta = contributionDelta(before, after);
    if (delta.count === 0 && delta.revenue === 0 && delta.sign === 0) return;
    const date = after.issueDate;
    const quantity = delta.sign * items.reduce((sum, item) => sum + item.quantity, 0);
    addSales.run({ date, channel: after.channel, count: delta.count, revenue: delta.revenue, tax: delta.taxAmount, quantity });
    if (after.customerId) addCustomer.run({ date, customer: after.customerId, count: delta.count, revenue: delta.revenue });
    for (const item of items) {
      if (item.sku) addSku.run({ date, sku: item.sku, quantity: delta.sign * item.quantity, revenue: delta.sign * item.total });
    }
  };
}
