/**
 * The node's periodic jobs, run by `hoadon serve` (src/server.ts). Each job is synchronous or returns a
 * promise, must be safe to run at any moment (idempotent), and logs nothing itself: the runner logs.
 */
import { dailyBackup } from './backup/backup.service.js';
import { inTransaction } from './db/transaction.js';
import { purgeExpiredKeys } from './idempotency/idempotency.plugin.js';
import { runEndOfDay } from './reports/reports.service.js';
import { backupEncryption, type Services } from './services.js';

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): unknown;
}

const HOUR_MS = 3600 * 1000;
/**
 * New buyer names added to the name search index per pass: a burst of new names drains over a few passes.
 * A name's suffixes cost about 25 µs in the group commit that the tills' invoices share: 250 names hold
 * their batch some 6 ms, where 2,000 had held it 40-50 ms.
 */
const BUYER_NAME_BATCH = 250;

export function periodicJobs(services: Services): PeriodicJob[] {
  return [
    {
      name: 'purge-idempotency-keys',
      everyMs: HOUR_MS,
      run: () => purgeExpiredKeys(services.idempotencyKeys, services.clock),
    },
    { name: 'purge-old-notifications', everyMs: HOUR_MS, run: () => services.notifications.purgeOld() },
    // A cash-register invoice not accepted by the end of its day: told once a day (docs/transmission.md).
    {
      name: 'transmission-overdue',
      everyMs: 5 * 60_000,
      run: () => services.writes.run(() => services.transmissionOverdue.check()),
    },
    // From 14 days before a VAT reduction window ends: one notification (docs/exports.md).
    {
      name: 'vat-reduction-warning',
      everyMs: HOUR_MS,
      run: () => services.writes.run(() => services.vatReductionWarning.check()),
    },
    // With the `http` adapter and no url the queue waits (reported in /health) instead of counting failures.
    {
      name: 'transmit-invoices',
      everyMs: 1_000,
      run: () => (services.taxAuthority.current() ? services.transmission.worker.tick() : undefined),
    },
    // The buyer's e-mail and webhook calls: due ones are tried every few seconds (docs/delivery.md).
    {
      name: 'deliver-invoices',
      everyMs: 5_000,
      run: () => (services.delivery.hasDue() ? services.delivery.tick() : undefined),
    },
    { name: 'auto-issue', everyMs: 1_000, run: () => services.autoIssue.tick() },
    // Going live (or back to demo mode) without a new invoice: the figures follow within a second.
    {
      name: 'align-figures-with-mode',
      everyMs: 1_000,
      run: () => (services.rollupScope.aligned() ? undefined : services.writes.run(() => services.rollupScope.align())),
    },
    // Invoices waiting for their signature (the key was unavailable; after migration 0008, every older
    // invoice, frozen once): signed on the XML thread, never signed again.
    {
      name: 'sign-waiting-invoices',
      everyMs: 60_000,
      run: () => (services.invoiceXml.waitingCount() > 0 ? services.invoiceXml.signWaiting() : undefined),
    },
    // A second of a busy till brings a few hundred new names at most: one batch through the group commit, a few milliseconds.
    {
      name: 'index-buyer-names',
      everyMs: 1_000,
      run: () =>
        services.invoices.hasBuyerNamesToIndex()
          ? services.writes.run(() => services.invoices.indexBuyerNames(BUYER_NAME_BATCH))
          : undefined,
    },
    {
      name: 'end-of-day-aggregate',
      everyMs: 60_000,
      run: () =>
        inTransaction(services.storage.sqlite, () =>
          runEndOfDay({
            reports: services.reports,
            store: services.aggregates,
            notify: services.notify,
            clock: services.clock,
            timeZone: services.config.timeZone,
            endOfDayAt: services.settings.storeConfig().endOfDayAt,
          }),
        ),
    },
    // Due every syncIntervalSeconds, or after a backoff while HQ does not answer (sync/store/store-sync.ts).
    { name: 'sync-headquarters', everyMs: 1_000, run: () => services.sync.tick() },
    // After a rush, once the tills are quiet: the heap's garbage and SQLite's spare pages back to the system.
    { name: 'give-back-memory', everyMs: 1_000, run: () => services.memory.tick() },
    {
      name: 'daily-backup',
      everyMs: HOUR_MS,
      run: () =>
        dailyBackup(
          services.storage.sqlite,
          services.config.dataDir,
          services.clock,
          services.config.backupKeep,
          backupEncryption(services.config),
        ),
    },
  ];
}
