/**
 * The node's events, declared once: what each one carries (the listener types live with their events in
 * their folders and are re-exported here) and, in one table, every listener of each event in its order.
 * The services hold the listener arrays and call them in order, in the change's transaction (a listener
 * that throws rolls the change back); only this file fills them. Nothing is written before the root has
 * connected them (src/services.ts).
 */

import type { AuditListener } from '../audit/audit.repository.js';
import type { InvoiceChange, InvoiceListener } from '../invoices/invoice-events.js';
import type { OrderPaidListener } from '../orders/orders.service.js';
import type { SettingsListener } from '../settings/settings.service.js';

export type { AuditListener, InvoiceChange, InvoiceListener, OrderPaidListener, SettingsListener };

/** The listener arrays the services call: empty when the services are made, filled by connectListeners. */
export interface EventChannels {
  /** An invoice created or changed (src/invoices/invoice-events.ts). */
  invoice: InvoiceListener[];
  /** An order paid in full (src/orders/orders.service.ts). */
  orderPaid: OrderPaidListener[];
  /** An audit entry written (src/audit/audit.repository.ts). */
  audit: AuditListener[];
  /** A settings document changed (src/settings/settings.service.ts). */
  settings: SettingsListener[];
}

export function createEventChannels(): EventChannels {
  return { invoice: [], orderPaid: [], audit: [], settings: [] };
}

/** Every listener of the node, from the subsystem that owns it. */
export interface NodeListeners {
  rollups: InvoiceListener;
  planUsage: InvoiceListener;
  issueNotifications: InvoiceListener;
  productsLearn: InvoiceListener;
  mstLearn: InvoiceListener;
  signNewInvoice: InvoiceListener;
  transmissionEnqueue: InvoiceListener;
  syncInvoice: InvoiceListener;
  deliveryIssue: InvoiceListener;
  autoIssuePaid: OrderPaidListener;
  syncAudit: AuditListener;
  syncSettings: SettingsListener;
}

/** The one table of who listens to what, in order. */
export function listenerTable(l: NodeListeners): { [E in keyof EventChannels]: EventChannels[E] } {
  return {
    invoice: [
      // The day, customer and SKU figures, in the invoice's transaction (docs/reports.md).
      l.rollups,
      // The plan's usage reads the counts the rollups listener has just written: after it.
      l.planUsage,
      l.issueNotifications,
      l.productsLearn,
      l.mstLearn,
      // Only schedules the signing, which runs on the XML thread once the transaction is committed.
      l.signNewInvoice,
      // The tax authority's queue row of an invoice that becomes issued, in its transaction (docs/transmission.md).
      l.transmissionEnqueue,
      // The HQ outbox, in the invoice's transaction, from the rows the change holds (docs/sync.md).
      l.syncInvoice,
      // The buyer's e-mail or webhook of an invoice that becomes issued (docs/delivery.md).
      l.deliveryIssue,
    ],
    // A paid order with an invoice scheduled is issued by the auto-issue job (docs/auto-issue.md).
    orderPaid: [l.autoIssuePaid],
    // Audit entries and settings documents also go to HQ, in their transaction (docs/sync.md).
    audit: [l.syncAudit],
    settings: [l.syncSettings],
  };
}

/** Fills the services' listener arrays from the table, once, before anything is written. */
export function connectListeners(channels: EventChannels, listeners: NodeListeners): void {
  const table = listenerTable(listeners);
  for (const event of Object.keys(table) as (keyof EventChannels)[]) {
    const channel: unknown[] = channels[event];
    if (channel.length > 0) throw new Error(`the ${event} listeners are connected twice`);
    channel.splice(0, 0, ...table[event]);
  }
}
