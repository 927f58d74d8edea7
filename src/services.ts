/**
 * The composition root: builds the node's subsystems (src/composition/) over one opened database, a clock
 * and an id generator, in dependency order, connects the events' listeners (src/composition/events.ts), and
 * hands HTTP, the jobs, the CLI and the tests the services they use. The map: src/README.md, "The
 * composition root".
 */

import { readPackageVersion } from './assets.js';
import type { ThrottleLimits } from './auth/login-throttle.js';
import { type Clock, type IdGenerator, systemClock, timeOrderedId } from './clock.js';
import { createBackups } from './composition/backups.js';
import type { NodeContext } from './composition/context.js';
import { createDelivery } from './composition/delivery.js';
import { connectListeners, createEventChannels } from './composition/events.js';
import { createFigures } from './composition/figures.js';
import { createHealth } from './composition/health.js';
import { createInvoiceXml } from './composition/invoice-xml.js';
import { createInvoicing } from './composition/invoicing.js';
import { lateBound } from './composition/late-bound.js';
import { createRecords } from './composition/records.js';
import { createSettingsAndAudit } from './composition/settings-and-audit.js';
import { createSigning } from './composition/signing.js';
import { createStorage } from './composition/storage.js';
import { createStoreSync } from './composition/store-sync.js';
import { createTransmission } from './composition/transmission.js';
import type { NodeConfig } from './config.js';
import type { OpenedDatabase } from './db/open.js';

export { BACKUP_SECRETS, backupEncryption } from './composition/backups.js';

export interface ServiceDeps {
  config: NodeConfig;
  database: OpenedDatabase;
  clock?: Clock;
  newId?: IdGenerator;
  throttle?: ThrottleLimits;
}

/** Each subsystem's factory, in the order the root builds them. */
const FACTORIES = {
  storage: createStorage,
  settings: createSettingsAndAudit,
  records: createRecords,
  signing: createSigning,
  invoicing: createInvoicing,
  figures: createFigures,
  storeSync: createStoreSync,
  invoiceXml: createInvoiceXml,
  transmission: createTransmission,
  delivery: createDelivery,
  backups: createBackups,
  health: createHealth,
};
type Factories = typeof FACTORIES;

export type SubsystemBundles = { [K in keyof Factories]: ReturnType<Factories[K]> };

/**
 * Subsystems a test builds itself: a bundle used as it is, or a factory called with the dependencies the
 * root would have given the real one (e.g. the real createDelivery over a different config).
 */
export type SubsystemOverrides = {
  [K in keyof Factories]?:
    | ReturnType<Factories[K]>
    | ((ctx: NodeContext, deps: Parameters<Factories[K]>[1]) => ReturnType<Factories[K]>);
};

export function createServices(deps: ServiceDeps, overrides: SubsystemOverrides = {}) {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const ctx: NodeContext = {
    config,
    clock,
    newId: deps.newId ?? timeOrderedId,
    now: () => clock.now(),
    timeZone: config.timeZone,
    version: readPackageVersion(),
  };
  /** The subsystem `name`: the override given for it, else its factory's, called with its dependencies. */
  const build = <K extends keyof Factories>(name: K, given: Parameters<Factories[K]>[1]): SubsystemBundles[K] => {
    type Factory = (ctx: NodeContext, deps: Parameters<Factories[K]>[1]) => SubsystemBundles[K];
    const override: unknown = overrides[name];
    if (override === undefined) return (FACTORIES[name] as Factory)(ctx, given);
    return typeof override === 'function' ? (override as Factory)(ctx, given) : (override as SubsystemBundles[K]);
  };

  // The listeners' arrays, filled by the events table once every subsystem is built.
  const channels = createEventChannels();
  // The one port built after its user: HQ gets an invoice's lookup link with its XML, and the portal's
  // address reads the HQ's public address back from the document sync.
  const lookupLink = lateBound<(code: string) => string | undefined>('the lookup link');

  const storage = build('storage', { database: deps.database });
  const settings = build('settings', { storage, channels, throttle: deps.throttle });
  const records = build('records', { storage });
  const signing = build('signing', { storage, settings, records });
  const invoicing = build('invoicing', { storage, settings, signing, records, channels });
  const figures = build('figures', { storage, settings, signing, invoicing });
  const storeSync = build('storeSync', {
    storage,
    settings,
    signing,
    invoicing,
    lookupLink: (code) => lookupLink()(code),
  });
  const invoiceXml = build('invoiceXml', { storage, settings, signing, invoicing, records, storeSync });
  const transmission = build('transmission', { storage, settings, signing, invoicing, invoiceXml, records });
  const delivery = build('delivery', { storage, settings, signing, invoicing, invoiceXml, records, storeSync });
  lookupLink.set(delivery.lookupLink);
  const backups = build('backups', { storage });
  const health = build('health', { storage, settings, signing, storeSync, transmission });

  connectListeners(channels, {
    rollups: figures.rollupsListener,
    planUsage: invoicing.plan.usageListener,
    issueNotifications: settings.notifications.issueListener,
    productsLearn: invoicing.products.learnListener,
    mstLearn: invoicing.mst.invoiceListener,
    signNewInvoice: invoiceXml.signNewInvoice,
    transmissionEnqueue: transmission.transmission.enqueueListener,
    syncInvoice: storeSync.capture.invoiceListener,
    deliveryIssue: delivery.delivery.issueListener,
    autoIssuePaid: invoicing.autoIssue.paidListener,
    syncAudit: storeSync.capture.auditListener,
    syncSettings: storeSync.capture.settingsListener,
  });

  return {
    config,
    clock,
    version: ctx.version,
    /** The database and its threads: for the CLI, the jobs and the tests; the routes never get it. */
    storage,
    generation: storage.generation,
    memory: storage.memory,
    foreground: storage.foreground,
    writes: storage.writes,
    checkpoints: storage.checkpoints,
    storageHealth: storage.storageHealth,
    settings: settings.settings,
    tokens: settings.tokens,
    notify: settings.notify,
    notifications: settings.notifications,
    vatReductionWarning: settings.vatReductionWarning,
    users: settings.users,
    auth: settings.auth,
    idempotencyKeys: settings.idempotencyKeys,
    signing: signing.signing,
    mode: signing.mode,
    xmlThread: signing.xmlThread,
    customers: invoicing.customers,
    invoices: invoicing.invoices,
    lifecycle: invoicing.lifecycle,
    audit: invoicing.auditService,
    orders: invoicing.orders,
    oneClick: invoicing.oneClick,
    autoIssue: invoicing.autoIssue,
    shifts: invoicing.shifts,
    plan: invoicing.plan,
    products: invoicing.products,
    mst: invoicing.mst,
    rollupScope: figures.rollupScope,
    reports: figures.reports,
    dayBreakdown: figures.dayBreakdown,
    periodLocks: figures.periodLocks,
    exports: figures.exports,
    sync: storeSync.sync,
    connectHq: storeSync.connectHq,
    aggregates: storeSync.aggregates,
    invoiceXml: invoiceXml.invoiceXml,
    transmission: transmission.transmission,
    transmissionQueue: transmission.transmissionQueue,
    transmissionQueueView: transmission.transmissionQueueView,
    transmissionOverdue: transmission.transmissionOverdue,
    embeddedTdiep: transmission.embeddedTdiep,
    tvanConnection: transmission.tvanConnection,
    taxAuthority: transmission.taxAuthority,
    invoicePdf: delivery.invoicePdf,
    delivery: delivery.delivery,
    portal: delivery.portal,
    printing: delivery.printing,
    portalSources: delivery.portalSources,
    listening: delivery.listening,
    backups,
    health,
  };
}

export type Services = ReturnType<typeof createServices>;

/** What the HTTP routes are given: every service, never the database (`storage`). */
export type RouteServices = Omit<Services, 'storage'>;
