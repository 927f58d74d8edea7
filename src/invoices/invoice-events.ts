/**
 * Everything that must follow an invoice's change in the same transaction (customers' figures, product
 * catalogue, report rollups, notifications, later the transmission queue and the sync outbox) listens
 * here instead of being called from the invoice code. A listener that throws rolls the change back.
 */
import type { InvoiceItemRow, InvoiceRow } from './invoices.repository.js';

export interface InvoiceChange {
  /** The row before the change; undefined when the invoice was just created. */
  before: InvoiceRow | undefined;
  after: InvoiceRow;
  items: readonly InvoiceItemRow[];
  actor: string;
}

export type InvoiceListener = (change: InvoiceChange) => void;
