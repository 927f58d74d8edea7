/**
 * The composition root: wires repositories and services over one opened database, a clock and an id
 * generator. HTTP, the CLI and tests all take their services from here.
 */

import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { createFeedApplier } from '../sync/store/apply.js';
import { createBackfill } from '../sync/store/backfill.js';
import { createStoreHlc, createSyncCapture } from '../sync/store/capture.js';
import { type ConnectRequest, connectToHq } from '../sync/store/connect.js';
import { CREDENTIAL_FILE } from '../sync/store/credential.js';
import { createDocumentSync } from '../sync/store/documents.js';
import { createHqAnnouncementRepository } from '../sync/store/hq-announcement.repository.js';
import { createOutboxRepository } from '../sync/store/outbox.repository.js';
import { createSyncStateRepository } from '../sync/store/state.repository.js';
import { createStatusReporter } from '../sync/store/status-report.js';
import { createStoreSync } from '../sync/store/store-sync.js';
import { createSyncLease } from '../sync/store/sync-lease.js';
import { createAggregateRepository } from './aggregate/aggregate.repository.js';
import { readPackageVersion } from './assets.js';
import { type AuditListener, createAuditRepository } from './audit/audit.repository.js';
import { createAuditService } from './audit/audit.service.js';
import { createAuthService } from './auth/auth.service.js';
import { createIssuingRate } from './auth/issuing-rate.js';
import { createLoginThrottle, type ThrottleLimits } from './auth/login-throttle.js';
import { createRevokedTokens } from './auth/revoked-tokens.js';
import { createTokenService, loadOrCreateSigningKey } from './auth/tokens.js';
import { createUsersRepository } from './auth/users.repository.js';
import { createUsersService } from './auth/users.service.js';
import { createAutoIssueRepository } from './auto-issue/auto-issue.repository.js';
import { createAutoIssueService } from './auto-issue/auto-issue.service.js';
import { createBackup } from './backup/backup.service.js';
import { type Clock, type IdGenerator, systemClock, timeOrderedId } from './clock.js';
import type { NodeConfig } from './config.js';
import { createCustomersRepository } from './customers/customers.repository.js';
import { createCustomersService } from './customers/customers.service.js';
import { BACKUP_DIR, backupPath } from './db/backup.js';
import { createCheckpointThread } from './db/checkpoint-thread.js';
import { dataGeneration, rememberedUntilChanged } from './db/data-generation.js';
import type { OpenedDatabase } from './db/open.js';
import { createStorageHealth } from './db/storage-health.js';
import { createWalSync } from './db/wal-sync.js';
import { createWriteQueue } from './db/write-queue.js';
import { createDeliveryRepository } from './delivery/delivery.repository.js';
import { createDeliveryService } from './delivery/delivery.service.js';
import { nodeAddress, type PortalSources, portalLink } from './delivery/portal-address.js';
import { exportsServiceOf } from './exports/exports.service.js';
import { createPeriodLocksService } from './exports/period-locks.service.js';
import { createForeground } from './foreground.js';
import { createHealthService } from './health/health.service.js';
import { createIdempotencyRepository } from './idempotency/idempotency.repository.js';
import { createInvoiceDocumentsRepository } from './invoices/invoice-documents.repository.js';
import type { InvoiceListener } from './invoices/invoice-events.js';
import { createInvoicesRepository } from './invoices/invoices.repository.js';
import { createInvoicesService } from './invoices/invoices.service.js';
import { createLifecycleService } from './invoices/lifecycle/lifecycle.service.js';
import { createMemoryGiveBack, fullCollection } from './memory-give-back.js';
import { createMstRepository } from './mst/mst.repository.js';
import { createMstService } from './mst/mst.service.js';
import { createHttpMstUpstream } from './mst/mst-upstream.js';
import { createClockWatch } from './notifications/clock-skew.js';
import { createNotificationsRepository } from './notifications/notifications.repository.js';
import { createNotificationsService } from './notifications/notifications.service.js';
import { createNotify } from './notifications/notify.js';
import { createVatReductionWarning } from './notifications/vat-reduction-warning.js';
import { createOneClickService } from './orders/one-click.service.js';
import { createOrdersRepository } from './orders/orders.repository.js';
import { createOrdersService, type OrderPaidListener } from './orders/orders.service.js';
import { createInvoicePdfService } from './pdf/invoice-pdf.service.js';
import { createPortalRepository } from './portal/portal.repository.js';
import { createPortalService } from './portal/portal.service.js';
import { createPrintingService } from './printing/printing.service.js';
import { createProductsRepository } from './products/products.repository.js';
import { createProductsService } from './products/products.service.js';
import { createDayBreakdown } from './reports/day-breakdown.js';
import { createReportsRepository } from './reports/reports.repository.js';
import { createReportsService } from './reports/reports.service.js';
import { createTodaySales, createWindowFigures } from './reports/window-figures.js';
import { createClosedDays } from './rollups/closed-days.js';
import { createRollupDemoScope } from './rollups/demo-scope.js';
import { createRollupsListener } from './rollups/rollups.listener.js';
import { createNodeMode, DEMO_SELLER, issuingSeller } from './settings/node-mode.js';
import { createPlanService } from './settings/plan.service.js';
import { createSettingsRepository } from './settings/settings.repository.js';
import { createSettingsService, type SettingsListener } from './settings/settings.service.js';
import { createShiftsRepository } from './shifts/shifts.repository.js';
import { createShiftsService } from './shifts/shifts.service.js';
import { createCertificatesRepository } from './signing/certificates.repository.js';
import { createSigningStore } from './signing/signing.store.js';
import { tokenThreadPort } from './signing/token-thread.js';
import { validateInvoice } from './tax-messages/schemas.js';
import { createEmbeddedTdiepTransport } from './tax-sim/tax-sim.embedded.js';
import { unpackText } from './transmission/message-text.js';
import { createOverdueCheck } from './transmission/overdue.js';
import { createEmbeddedTaxAuthority } from './transmission/tax-authority.js';
import { createTaxAuthoritySelector } from './transmission/tax-authority-selector.js';
import { createTaxMessagesRepository } from './transmission/tax-messages.repository.js';
import { createTdiepTransportSelector, senderParty } from './transmission/tdiep-transport-selector.js';
import { createTransmissionRepository } from './transmission/transmission.repository.js';
import { createTransmissionService } from './transmission/transmission.service.js';
import { createTransmissionQueue } from './transmission/transmission-queue.js';
import { createTvanConnection, TVAN_CREDENTIAL_FILE } from './transmission/tvan-connection.js';
import { tvanCredentials } from './transmission/tvan-credentials.js';
import { createInvoiceXmlService } from './xml/invoice-xml.service.js';
import { createXmlThread } from './xml/xml-thread.js';

const DEMO_TRANSMISSION = { adapter: 'embedded', url: null } as const;

export interface ServiceDeps {
  config: NodeConfig;
  database: OpenedDatabase;
  clock?: Clock;
  newId?: IdGenerator;
  throttle?: ThrottleLimits;
}

export function createServices(deps: ServiceDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const newId = deps.newId ?? timeOrderedId;
  const { db, sqlite } = database;
  const now = () => clock.now();
  const timeZone = config.timeZone;
  const version = readPackageVersion();
  const foreground = createForeground();
  const generation = dataGeneration(sqlite);
  const memory = createMemoryGiveBack({
    quietMs: foreground.quietFor,
    heapBytes: () => getHeapStatistics().total_heap_size,
    collect: fullCollection(),
    shrinkDatabases: () => sqlite.pragma('shrink_memory'),
  });

  const usersRepository = createUsersRepository(db);
  // Filled below with the sync outbox's listeners, before anything is written.
  const auditListeners: AuditListener[] = [];
  const settingsListeners: SettingsListener[] = [];
  const audit = createAuditRepository(db, auditListeners);
  const settingsRepository = createSettingsRepository(db);
  const settings = createSettingsService({
    settings: settingsRepository,
    audit,
    clock,
    timeZone,
    listeners: settingsListeners,
    holdsDemoInvoices: (() => {
      // invoices_demo_status holds the demo invoices only (a node's trial before it goes live).
      const demoUnder = sqlite.prepare(
        'SELECT 1 FROM invoices INDEXED BY invoices_demo_status WHERE demo = 1 AND mau_so = ? AND ky_hieu = ? LIMIT 1',
      );
      return (mauSo: string, kyHieu: string) => demoUnder.get(mauSo, kyHieu) !== undefined;
    })(),
  });
  const customers = createCustomersService({ customers: createCustomersRepository(db), newId });
  const storageHealth = createStorageHealth(clock);
  const checkpoints = createCheckpointThread(sqlite, database.path);
  // The one group commit of the node: requests' writes and background state changes share its fsync.
  const writes = createWriteQueue(sqlite, {
    onCommitted: () => {
      storageHealth.succeeded();
      checkpoints.committed();
    },
    syncWal: createWalSync(database.path),
  });
  const notificationsRepository = createNotificationsRepository(db);
  const notify = createNotify({ notifications: notificationsRepository, clock, newId });
  const clockWatch = createClockWatch({ clock, notify, write: writes.run });
  const notifications = createNotificationsService({ notifications: notificationsRepository, notify, settings, clock });
  const vatReductionWarning = createVatReductionWarning({ settings, clock, timeZone, notify });
  const tokens = createTokenService(loadOrCreateSigningKey(config.dataDir), config.tokenTtlSeconds, now);
  const plan = createPlanService({ sqlite, databasePath: database.path, settings, clock, timeZone, notify });
  const products = createProductsService({
    products: createProductsRepository(db),
    clock,
    audit,
    taxRates: () => settings.storeConfig().taxRates,
  });
  const mst = createMstService({
    registry: createMstRepository(sqlite),
    upstream: () => {
      const { transmission } = settings.storeConfig();
      return transmission.adapter === 'http' && transmission.url ? createHttpMstUpstream(transmission.url) : undefined;
    },
    clock,
  });
  const closedDays = createClosedDays(sqlite);
  const reportsRepository = createReportsRepository(sqlite);
  const todaySales = createTodaySales(sqlite, reportsRepository);
  // Demo invoices count in the figures while the node is in demo mode only (docs/decisions.md §7).
  const rollupScope = createRollupDemoScope(sqlite, {
    demoMode: () => mode.mode() === 'demo',
    rebuilt: () => {
      closedDays.changed('');
      todaySales.customers.forget();
      todaySales.skus.forget();
    },
  });
  // Order matters: the plan listener reads the counts the rollups listener has just written.
  const invoiceListeners: InvoiceListener[] = [
    createRollupsListener(
      sqlite,
      {
        dayChanged: closedDays.changed,
        customerChanged: todaySales.customers.touched,
        skuChanged: todaySales.skus.touched,
      },
      rollupScope,
    ),
    plan.usageListener,
    notifications.issueListener,
    products.learnListener,
    mst.invoiceListener,
  ];
  const transmissionQueue = createTransmissionRepository(sqlite);
  const deliveries = createDeliveryRepository(sqlite);
  const invoices = createInvoicesService({
    invoices: createInvoicesRepository(db),
    transmissionOf: (invoiceId) => transmissionQueue.find(invoiceId),
    productTaxOf: (sku) => products.taxOf(sku),
    deliveryOf: deliveries.history,
    audit,
    customers,
    settings,
    plan,
    signing: { assertCanSign: () => signing.assertCanSign() },
    clock,
    newId,
    timeZone,
    listeners: invoiceListeners,
    issuer: () => mode.issuer(),
  });
  const auditService = createAuditService({ audit, invoices, sqlite, clock });
  const scheduledIssues = createAutoIssueRepository(db);
  const orderPaidListeners: OrderPaidListener[] = [];
  const orders = createOrdersService({
    orders: createOrdersRepository(db),
    price: invoices.price,
    clock,
    newId,
    timeZone,
    autoIssueOf: scheduledIssues.find,
    paidListeners: orderPaidListeners,
  });
  const oneClick = createOneClickService({ invoices, orders });
  const autoIssue = createAutoIssueService({
    sqlite,
    scheduled: scheduledIssues,
    orders,
    oneClick,
    settings,
    notifications,
    clock,
  });
  orderPaidListeners.push(autoIssue.paidListener);
  const signing = createSigningStore({
    dataDir: config.dataDir,
    seller: () => issuingSeller(settings.storeConfig().seller),
    sellerMst: () => settings.storeConfig().seller.mst.trim(),
    now,
    trustedCaFile: config.trustedCaFile,
    allowUntrusted: config.allowUntrustedCert,
    history: createCertificatesRepository(sqlite),
    onProblem: ({ title, message, key }) =>
      void writes.run(() =>
        notify({ type: 'system', title, message, dedupeKey: `signing:${key}:${now().toISOString().slice(0, 10)}` }),
      ),
  });
  const mode = createNodeMode({
    seller: () => settings.storeConfig().seller,
    certificate: signing.source,
    adapter: () => settings.storeConfig().transmission.adapter,
    registration: () => transmission.registration(),
    generation,
    adapterChangedAt: () => settings.adapterChangedAt(),
  });
  const xmlThread = createXmlThread({ tokenPort: tokenThreadPort });
  const taxMessages = createTaxMessagesRepository(sqlite);
  let lastSent: { messageId: string; text: Promise<string | undefined> } | undefined;
  // The built-in demo key (docs/decisions.md §7): demo invoices never carry the seller's signature.
  const demoSigning = createSigningStore({ dataDir: join(config.dataDir, 'demo'), seller: () => DEMO_SELLER, now });
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
      const link = lookupCode ? portalLink(portalSources(), lookupCode) : undefined;
      return { ...(signatureNote ? { signatureNote } : {}), ...(link ? { link } : {}) };
    },
  });
  const invoiceXml = createInvoiceXmlService({
    invoices,
    documents: documentSync.capture(createInvoiceDocumentsRepository(sqlite)),
    identity: signing.identity,
    demoIdentity: demoSigning.identity,
    document: xmlThread.document,
    write: writes.run,
    clock,
    record: auditService.record,
    signEach: () => settings.storeConfig().signEachInvoice,
    profile: () => {
      const { storeId, storeName } = settings.storeConfig();
      return {
        store: { code: storeId, name: storeName },
        ...(config.providerMst ? { softwareProviderMst: config.providerMst } : {}),
      };
    },
    // The invoices of a package are frozen one after another: its text is inflated once for them all.
    sentMessage: (invoiceId) => {
      const messageId = transmissionQueue.find(invoiceId)?.messageId;
      if (!messageId) return Promise.resolve(undefined);
      if (lastSent?.messageId !== messageId) {
        const stored = taxMessages.xmlOf(messageId);
        lastSent = { messageId, text: stored === undefined ? Promise.resolve(undefined) : unpackText(stored) };
      }
      return lastSent.text;
    },
  });
  // A new invoice is signed on the XML thread as soon as its transaction is committed.
  invoiceListeners.push(({ before }) => {
    if (!before) invoiceXml.signSoon();
  });
  const taxAuthority = createTaxAuthoritySelector({
    // Without the seller and the seller's certificate the node sends to the embedded simulator only,
    // whatever the config says; with them its registration goes to the adapter configured (docs/decisions.md §7).
    config: () => (mode.canSend() ? settings.storeConfig().transmission : DEMO_TRANSMISSION),
    embedded: createEmbeddedTaxAuthority({ verify: xmlThread.verify, now }),
  });
  const embeddedTdiep = createEmbeddedTdiepTransport({ clock });
  // The configuration's T-VAN credentials, else those the owner saved in the console (tvan-connection.ts).
  const tvanConnection = createTvanConnection({ dataDir: config.dataDir, environment: tvanCredentials(config) });
  const tdiepTransports = createTdiepTransportSelector({
    config: () => (mode.canSend() ? settings.storeConfig().transmission : DEMO_TRANSMISSION),
    embedded: embeddedTdiep,
    credentials: tvanConnection.credentialsFor,
    onServerTime: (ms) => clockWatch(ms, 'máy chủ nhận hóa đơn (T-VAN)'),
    // Told once when the T-VAN starts refusing the credentials, not at every retry.
    onAuthentication: (problem) => {
      if (problem)
        void writes.run(() =>
          notifications.notifyError('T-VAN từ chối xác thực', problem, `tvan-auth:${clock.now().toISOString()}`),
        );
    },
  });
  const invoiceBySymbol = sqlite.prepare<[string, string, number], { id: string }>(
    'SELECT id FROM invoices WHERE mau_so = ? AND ky_hieu = ? AND number = ?',
  );
  const transmissionOverdue = createOverdueCheck({ sqlite, clock, timeZone, notifications });
  const transmission = createTransmissionService({
    invoiceIdOf: (mauSo, kyHieu, number) => invoiceBySymbol.get(mauSo, kyHieu, number)?.id,
    write: writes.run,
    queue: transmissionQueue,
    messages: taxMessages,
    transport: tdiepTransports.current,
    legacy: taxAuthority.authority,
    // The signing identity is read when a message is signed, not when an invoice is queued (the queue's
    // placeholder id needs the sender code only): an unavailable key never stops a till.
    party: () =>
      Object.defineProperty(
        senderParty(issuingSeller(settings.storeConfig().seller).mst, { privateKeyPem: '', certificatePem: '' }),
        'identity',
        { get: signing.identity, enumerable: true },
      ),
    cashRegisterPrefix: (prefix) => settings.update('config', { authorityCodePrefix: prefix }, 'tax-authority'),
    mode: mode.mode,
    render: invoiceXml.renderSignedInvoiceXml,
    validateInvoice,
    packages: { sign: xmlThread.signPackage },
    demoIdentity: demoSigning.identity,
    invoices,
    audit,
    notifications,
    clock,
    timeZone,
    timing: { retryBaseMs: config.transmitRetryBaseMs, concurrency: config.transmitConcurrency },
    foreground,
  });
  invoiceListeners.push(transmission.enqueueListener);

  // Headquarters sync (sync/store): every change also lands in the outbox, in the change's transaction.
  const syncState = createSyncStateRepository(sqlite);
  const outbox = createOutboxRepository(sqlite);
  const storeId = () => settings.storeConfig().storeId;
  const hlc = createStoreHlc({ state: syncState, clock, storeId });
  const syncCapture = createSyncCapture({
    outbox,
    state: syncState,
    hlc,
    invoiceVersion: invoices.version,
    customerDetail: customers.get,
    settingsDocument: (name) => settings.read(name),
    enabled: () => settings.storeConfig().headquarters.url !== null,
    storeId,
  });
  invoiceListeners.push(syncCapture.invoiceListener);
  auditListeners.push(syncCapture.auditListener);
  settingsListeners.push(syncCapture.settingsListener);
  const sync = createStoreSync({
    sqlite,
    dataDir: config.dataDir,
    storeConfig: settings.storeConfig,
    outbox,
    state: syncState,
    backfill: documentSync.withDocuments(createBackfill({ sqlite, append: syncCapture.append })),
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

  // Another HQ changes what a running pass sends: not while one runs.
  const connectHq = (request: ConnectRequest) =>
    sync.exclusive(() =>
      connectToHq({ sqlite, dataDir: config.dataDir, settings, startResync: sync.startResync }, request),
    );

  const invoicePdf = createInvoicePdfService({
    invoices,
    record: auditService.record,
    signature: invoiceXml.signature,
    lookupLink: (code) => portalLink(portalSources(), code),
    signatureNote: signing.untrustedNote,
    receiptContext: (invoice) => {
      const config = settings.storeConfig();
      return {
        timeZone,
        shopName: config.storeName,
        shopPhone: config.seller.phone || undefined,
        cashier: auditService.trail(invoice.id)[0]?.actor,
        cashRounding: settings.till().cashRounding,
      };
    },
  });

  // The lookup portal's address (docs/delivery.md): the store's lookupUrl, HQ's public address, or the node's.
  let listeningAt: string | undefined;
  const portalSources = (): PortalSources => ({
    lookupUrl: settings.storeConfig().lookupUrl,
    hqPublicUrl: documentSync.publicUrl(),
    nodeUrl: config.publicUrl ?? listeningAt,
  });
  const delivery = createDeliveryService({
    deliveries,
    invoices,
    xmlOf: invoiceXml.renderSignedInvoiceXml,
    pdfOf: (invoiceId) => invoicePdf.render(invoiceId, 'a4'),
    linkOf: (code) => portalLink(portalSources(), code),
    environment: () => ({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      sellerEmail: settings.storeConfig().seller.email || undefined,
    }),
    webhookUrl: config.deliveryWebhookUrl,
    write: writes.run,
    clock,
    retryBaseMs: config.deliveryRetryBaseMs,
  });
  invoiceListeners.push(delivery.issueListener);

  return {
    vatReductionWarning,
    transmissionOverdue,
    memory,
    generation,
    config,
    sqlite,
    db,
    clock,
    version,
    settings,
    customers,
    tokens,
    notify,
    users: createUsersService({ users: usersRepository, clock, newId }),
    auth: createAuthService({
      users: { ...usersRepository, findById: rememberedUntilChanged(generation, usersRepository.findById) },
      tokens,
      throttle: createLoginThrottle(clock, deps.throttle),
      revoked: createRevokedTokens(db, clock),
      issuing: createIssuingRate({
        clock,
        limits: { perHour: config.issueRatePerHour, burst: config.issueBurst },
        notify: (notice) => void writes.run(() => notify({ type: 'system', ...notice })),
      }),
    }),
    idempotencyKeys: createIdempotencyRepository(db),
    invoices,
    rollupScope,
    lifecycle: createLifecycleService(invoices),
    audit: auditService,
    signing,
    mode,
    invoiceXml,
    xmlThread,
    embeddedTdiep,
    checkpoints,
    transmission,
    transmissionQueue,
    /** The queue as its screen shows it (routes get it, never the database). */
    transmissionQueueView: createTransmissionQueue(sqlite, timeZone, () => clock.now()),
    tvanConnection,
    taxAuthority,
    invoicePdf,
    printing: createPrintingService({
      settings: settingsRepository,
      audit,
      clock,
      invoices,
      receipt: (invoiceId) => invoicePdf.receipt(invoiceId),
      record: auditService.record,
    }),
    delivery,
    portal: createPortalService({
      portal: createPortalRepository(sqlite),
      invoices,
      xmlOf: invoiceXml.renderSignedInvoiceXml,
      pdfOf: (invoiceId) => invoicePdf.render(invoiceId, 'a4'),
    }),
    portalSources,
    /**
     * The address `hoadon serve` listens on, once it does: the portal's address of last resort. A node on
     * loopback only answers no buyer's phone, so it prints no link of its own.
     */
    listening(address: string): void {
      const url = new URL(address);
      if (config.host === 'localhost' || /^(127\.|::1$|\[::1\]$)/.test(config.host)) return;
      listeningAt = nodeAddress({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) });
    },
    orders,
    oneClick,
    autoIssue,
    shifts: createShiftsService({ shifts: createShiftsRepository(db), clock, newId, timeZone }),
    periodLocks: createPeriodLocksService({
      sqlite,
      audit,
      clock,
      timeZone,
      store: () => settings.storeConfig(),
      khacLines: () => settings.declaration().khacLines,
    }),
    plan,
    notifications,
    products,
    mst,
    reports: createReportsService({
      reports: reportsRepository,
      windows: createWindowFigures(reportsRepository, closedDays, todaySales),
      invoices,
      scheduledPending: scheduledIssues.pendingCount,
      clock,
      timeZone,
    }),
    aggregates: syncCapture.aggregates(createAggregateRepository(sqlite)),
    dayBreakdown: createDayBreakdown(sqlite, timeZone),
    /** The sales ledger, VAT figures and other exports (src/exports), made once for the routes. */
    exports: exportsServiceOf({ sqlite, config, settings, foreground, clock }),
    backups: {
      dir: join(config.dataDir, BACKUP_DIR),
      /** A backup made now, encrypted with the store's secrets when a backup passphrase is set. */
      makeNow: () => createBackup(sqlite, backupPath(config.dataDir, 'manual', clock.now()), backupEncryption(config)),
    },
    sync,
    connectHq,
    foreground,
    writes,
    storageHealth,
    health: createHealthService({
      sqlite,
      clock,
      version,
      storage: storageHealth,
      sync: sync.health,
      signing: signing.health,
      mode: mode.mode,
      missing: mode.missing,
      vatReduction: vatReductionWarning.current,
      transmission: () => {
        const status = transmission.worker.status();
        const offline = taxAuthority.problem() ?? tdiepTransports.problem();
        if (offline) return { ...status, state: 'offline', problem: offline };
        // A reply the node could not read (docs/transmission.md, "Unreadable replies").
        const unreadable = taxMessages.attention();
        return unreadable.n > 0
          ? { ...status, problem: `${unreadable.n} thông điệp chờ kiểm tra: ${unreadable.lastError}` }
          : status;
      },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The data dir's secrets an encrypted backup holds besides the database (src/backup/backup.service.ts). */
export const BACKUP_SECRETS = ['signing', CREDENTIAL_FILE, TVAN_CREDENTIAL_FILE] as const;

/** How backups are encrypted: with the backup passphrase, when one is set. */
export const backupEncryption = (config: { backupPassphrase?: string | undefined; dataDir: string }) =>
  config.backupPassphrase
    ? { passphrase: config.backupPassphrase, dataDir: config.dataDir, secrets: BACKUP_SECRETS }
    : undefined;
