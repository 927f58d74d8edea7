/**
 * Headquarters sync (sync/store): the outbox every change also lands in, in the change's transaction; the
 * invoices' stored XML HQ takes; the sync passes, the feed applied, the status report; connecting to an HQ.
 */

import { createFeedApplier } from '../../sync/store/apply.js';
import { createBackfill } from '../../sync/store/backfill.js';
import { createStoreHlc, createSyncCapture } from '../../sync/store/capture.js';
import { type ConnectRequest, connectToHq } from '../../sync/store/connect.js';
import { createDocumentSync } from '../../sync/store/documents.js';
import { createHqAnnouncementRepository } from '../../sync/store/hq-announcement.repository.js';
import { createOutboxRepository } from '../../sync/store/outbox.repository.js';
import { createSyncStateRepository } from '../../sync/store/state.repository.js';
import { createStatusReporter } from '../../sync/store/status-report.js';
import { createStoreSync as createSyncPasses } from '../../sync/store/store-sync.js';
import { createSyncLease } from '../../sync/store/sync-lease.js';
import { createAggregateRepository } from '../aggregate/aggregate.repository.js';
import type { NodeContext } from './context.js';
import type { Invoicing } from './invoicing.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Signing } from './signing.js';
import type { Storage } from './storage.js';

export interface StoreSyncDeps {
  storage: Pick<Storage, 'sqlite' | 'writes'>;
  settings: Pick<SettingsAndAudit, 'settings' | 'audit' | 'notify'>;
  signing: Pick<Signing, 'signing' | 'mode'>;
  invoicing: Pick<Invoicing, 'invoices' | 'customers' | 'products' | 'orders' | 'mst'>;
  /** The buyers' lookup link of an invoice's code, sent to HQ with its XML (the delivery subsystem's). */
  lookupLink: (code: string) => string | undefined;
}

export function createStoreSync(ctx: NodeContext, deps: StoreSyncDeps) {
  const { config, clock, version } = ctx;
  const { sqlite, writes } = deps.storage;
  const { settings, audit, notify } = deps.settings;
  const { signing, mode } = deps.signing;
  const { invoices, customers, products, orders, mst } = deps.invoicing;
  // Each invoice's stored XML also goes to an HQ that takes it; what HQ announces is kept (sync/store/documents.ts).
  const documentSync = createDocumentSync({
    sqlite,
    announcements: createHqAnnouncementRepository(sqlite),
    outbox: createOutboxRepository(sqlite),
    clock,
    hqUrl: () => settings.storeConfig().headquarters.url,
    extras: (invoiceId) => {
      const { createdAt, lookupCode } = invoices.find(invoiceId);
      const signatureNote = signing.untrustedNote(createdAt);
      const link = lookupCode ? deps.lookupLink(lookupCode) : undefined;
      return { ...(signatureNote ? { signatureNote } : {}), ...(link ? { link } : {}) };
    },
  });
  const syncState = createSyncStateRepository(sqlite);
  const outbox = createOutboxRepository(sqlite);
  const storeId = () => settings.storeConfig().storeId;
  const hlc = createStoreHlc({ state: syncState, clock, storeId });
  const capture = createSyncCapture({
    outbox,
    state: syncState,
    hlc,
    invoiceVersion: invoices.version,
    customerDetail: customers.get,
    settingsDocument: (name) => settings.read(name),
    enabled: () => settings.storeConfig().headquarters.url !== null,
    storeId,
  });
  const sync = createSyncPasses({
    sqlite,
    dataDir: config.dataDir,
    storeConfig: settings.storeConfig,
    outbox,
    state: syncState,
    backfill: documentSync.withDocuments(createBackfill({ sqlite, append: capture.append })),
    heard: documentSync.heard,
    lease: createSyncLease({ sqlite, clock }),
    apply: createFeedApplier({
      sqlite,
      settings,
      products,
      orders,
      mst,
      audit,
      state: syncState,
      hlc,
      notify,
      clock,
      storeId,
    }),
    notify,
    clock,
    durable: writes.durable,
    version,
    statusReport: createStatusReporter({
      sqlite,
      facts: () => {
        const seller = settings.storeConfig().seller;
        const templates = settings.read('templates');
        return {
          mst: seller.mst.trim() || null,
          sellerName: seller.name.trim() || null,
          templateSymbol: `${templates.mauSo}${templates.kyHieu}`,
          mode: mode.mode(),
          version,
          certificateExpiresAt: signing.source() === 'demo' ? null : signing.identity().notAfter,
        };
      },
    }),
  });
  return {
    documentSync,
    capture,
    sync,
    /** Connects the node to an HQ. Another HQ changes what a running pass sends: not while one runs. */
    connectHq: (request: ConnectRequest) =>
      sync.exclusive(() =>
        connectToHq({ sqlite, dataDir: config.dataDir, settings, startResync: sync.startResync }, request),
      ),
    aggregates: capture.aggregates(createAggregateRepository(sqlite)),
  };
}

export type StoreSync = ReturnType<typeof createStoreSync>;
