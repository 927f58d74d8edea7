/**
 * The outbox writer given to the domain through the composition root: listeners that append one outbox row
 * per change, inside the change's own transaction (a listener that throws rolls the change back with it).
 */
import type { AuditListener } from '../../src/audit/audit.repository.js';
import type { StoredAggregate } from '../../src/aggregate/aggregate.repository.js';
import type { Clock } from '../../src/clock.js';
import type { InvoiceListener } from '../../src/invoices/invoice-events.js';
import { invoiceDetail } from '../../src/invoices/invoices.service.js';
import type { SettingsListener } from '../../src/settings/settings.service.js';
import { formatHlc, parseHlc, receiveHlc, tickHlc } from '../hlc.js';
import { SYNCED_SETTINGS, type SyncedSettingsName } from '../protocol.js';
import type { OutboxRepository } from './outbox.repository.js';
import type { SyncStateRepository } from './state.repository.js';

export const isSyncedSettings = (name: string): name is SyncedSettingsName =>
  (SYNCED_SETTINGS as readonly string[]).includes(name);

/** The store's hybrid logical clock, kept in sync_state so that it never goes back across restarts. */
export function createStoreHlc(deps: { state: SyncStateRepository; clock: Clock; storeId: () => string }) {
  const { state, clock, storeId } = deps;
  const last = () => {
    const value = state.get().hlc;
    return value ? parseHlc(value) : undefined;
  };
  return {
    /** A local event (a settings edit); call inside its transaction. */
    tick(): string {
      const hlc = formatHlc(tickHlc(last(), clock.now().getTime(), storeId()));
      state.update({ hlc });
      return hlc;
    },
    /** A value received from headquarters; call inside the transaction that applies it. */
    receive(remote: string): void {
      state.update({ hlc: formatHlc(receiveHlc(last(), parseHlc(remote), clock.now().getTime(), storeId())) });
    },
  };
}

export type StoreHlc = ReturnType<typeof createStoreHlc>;

export interface InvoiceVersion {
  id: string;
  version: number;
  updatedAt: string;
}

export function createSyncCapture(deps: {
  outbox: OutboxRepository;
  state: SyncStateRepository;
  hlc: StoreHlc;
  /** The invoice as GET /invoices/:id answers it, without its place in the transmission queue. */
  invoiceVersion: (id: string) => Record<string, unknown>;
  customerDetail: (id: string) => object;
}) {
  const { outbox, state, hlc } = deps;

  const queueInvoice = (invoice: InvoiceVersion, payload: Record<string, unknown>) =>
    outbox.append({ kind: 'invoice', id: invoice.id, version: invoice.version, at: invoice.updatedAt, payload });

  return {
    /** Queues an invoice's current version, read back (the backfill); call inside a transaction. */
    appendInvoice(invoice: InvoiceVersion): void {
      queueInvoice(invoice, deps.invoiceVersion(invoice.id));
    },

    /** An invoice's every version, and on issue the customer its buyer became or updated. */
    invoiceListener: (({ before, after, items }) => {
      // From the rows the change holds: the same payload the backfill reads back, without reading it.
      queueInvoice(after, invoiceDetail(after, items));
      if (!before && after.customerId) {
        outbox.append({
          kind: 'customer',
          id: after.customerId,
          at: after.createdAt,
          payload: { ...deps.customerDetail(after.customerId), updatedAt: after.createdAt },
        });
      }
    }) satisfies InvoiceListener,

    auditListener: ((entry) => {
      outbox.append({
        kind: 'audit',
        id: String(entry.id),
        version: 1,
        at: entry.at,
        payload: { ...entry, details: JSON.parse(entry.details) as unknown },
      });
    }) satisfies AuditListener,

    /** A store edit of a shared document gets a new clock value and goes up; HQ's own edits do not go back. */
    settingsListener: (({ name, document, at, origin }) => {
      if (!isSyncedSettings(name) || origin) return;
      const value = hlc.tick();
      state.setSettingsClock(name, value);
      outbox.append({ kind: 'settings', id: name, at, payload: { name, document, hlc: value } });
    }) satisfies SettingsListener,

    /** The end-of-day store, each saved aggregate also queued for headquarters. */
    aggregates<S extends { save(aggregate: StoredAggregate, at: string): void }>(store: S): S {
      return {
        ...store,
        save(aggregate: StoredAggregate, at: string) {
          store.save(aggregate, at);
          outbox.append({ kind: 'aggregate', id: aggregate.date, at, payload: { ...aggregate, computedAt: at } });
        },
      };
    },
  };
}

export type SyncCapture = ReturnType<typeof createSyncCapture>;
