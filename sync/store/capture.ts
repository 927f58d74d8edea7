/**
 * The outbox writer given to the domain through the composition root: listeners that append one outbox row
 * per change, inside the change's own transaction (a listener that throws rolls the change back with it).
 */

import type { StoredAggregate } from '../../src/aggregate/aggregate.repository.js';
import type { AuditListener, AuditRow } from '../../src/audit/audit.repository.js';
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
  /** A shared settings document as it stands (the backfill reads them back). */
  settingsDocument: (name: SyncedSettingsName) => unknown;
  /**
   * Whether HQ is configured: until it is, nothing is queued (a store without HQ would only grow its outbox);
   * `hoadon sync connect` then queues what the store has (backfill.ts).
   */
  enabled: () => boolean;
  storeId: () => string;
}) {
  const { outbox, state, hlc, enabled } = deps;

  const queueInvoice = (invoice: InvoiceVersion, payload: Record<string, unknown>) =>
    outbox.append({ kind: 'invoice', id: invoice.id, version: invoice.version, at: invoice.updatedAt, payload });
  const queueCustomer = (id: string, at: string) =>
    outbox.append({ kind: 'customer', id, at, payload: { ...deps.customerDetail(id), updatedAt: at } });
  const queueAudit = (entry: AuditRow) =>
    outbox.append({
      kind: 'audit',
      id: String(entry.id),
      version: 1,
      at: entry.at,
      payload: { ...entry, details: JSON.parse(entry.details) as unknown },
    });
  const queueAggregate = (aggregate: StoredAggregate, at: string) =>
    outbox.append({ kind: 'aggregate', id: aggregate.date, at, payload: { ...aggregate, computedAt: at } });

  return {
    /** What the backfill queues, read back from the store's own data; call inside a transaction. */
    append: {
      invoice: (invoice: InvoiceVersion) => queueInvoice(invoice, deps.invoiceVersion(invoice.id)),
      customer: queueCustomer,
      audit: queueAudit,
      aggregate: queueAggregate,
      /** A document edited before HQ was configured goes up with the clock of that edit (or of its time). */
      settings(name: SyncedSettingsName, at: string) {
        const value =
          state.settingsClock(name) ?? formatHlc({ wallMs: Date.parse(at), counter: 0, node: deps.storeId() });
        outbox.append({
          kind: 'settings',
          id: name,
          at,
          payload: { name, document: deps.settingsDocument(name), hlc: value },
        });
      },
    },

    /** An invoice's every version, and on issue the customer its buyer became or updated. */
    invoiceListener: (({ before, after, items }) => {
      if (!enabled()) return;
      // From the rows the change holds: the same payload the backfill reads back, without reading it.
      queueInvoice(after, invoiceDetail(after, items));
      if (!before && after.customerId) queueCustomer(after.customerId, after.createdAt);
    }) satisfies InvoiceListener,

    auditListener: ((entry) => {
      if (enabled()) queueAudit(entry);
    }) satisfies AuditListener,

    /**
     * A store edit of a shared document gets a new clock value and goes up; HQ's own edits do not go back.
     * The clock moves without HQ too, so that a later backfill sends the edit with the clock it was made at.
     */
    settingsListener: (({ name, document, at, origin }) => {
      if (!isSyncedSettings(name) || origin) return;
      const value = hlc.tick();
      state.setSettingsClock(name, value);
      if (enabled()) outbox.append({ kind: 'settings', id: name, at, payload: { name, document, hlc: value } });
    }) satisfies SettingsListener,

    /** The end-of-day store, each saved aggregate also queued for headquarters. */
    aggregates<S extends { save(aggregate: StoredAggregate, at: string): void }>(store: S): S {
      return {
        ...store,
        save(aggregate: StoredAggregate, at: string) {
          store.save(aggregate, at);
          if (enabled()) queueAggregate(aggregate, at);
        },
      };
    },
  };
}

export type SyncCapture = ReturnType<typeof createSyncCapture>;
