/**
 * One sync pass (push everything, then pull everything) and when the next one is due: every
 * `syncIntervalSeconds` after a success, after a backoff with jitter after a failure. The store works the
 * same whether HQ answers or not; a failure only delays the pass, and after an hour it is announced.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import { conflict } from '../../src/errors.js';
import { clockSkewNotice } from '../../src/notifications/clock-skew.js';
import type { Notify } from '../../src/notifications/notify.js';
import type { StoreConfig } from '../../src/settings/settings.documents.js';
import { retryDelayMs } from '../../src/transmission/backoff.js';
import type { StatusReport } from '../status-report.js';
import type { FeedApplier } from './apply.js';
import type { Backfill } from './backfill.js';
import { credentialForUrl } from './credential.js';
import { createHqClient, type HqClient } from './hq-client.js';
import type { OutboxRepository } from './outbox.repository.js';
import { type PullOutcome, pullFeed } from './pull.js';
import { pushOutbox } from './push.js';
import type { SyncStateRepository } from './state.repository.js';
import type { SyncLease } from './sync-lease.js';

/** Why a store with an HQ url does not sync: no credential issued for that url (credential.ts). */
export const NO_CREDENTIAL_FOR_URL =
  'Không có thông tin xác thực cấp cho địa chỉ trụ sở này: chạy `hoadon sync connect` trên máy của cửa hàng.';

/** Failing this long raises a notification (once per failing stretch). */
export const FAILING_NOTIFY_AFTER_MS = 3600 * 1000;
/** Rows of the store's history queued per pass (a backfill or a resync); passes follow at once until done. */
const BACKFILL_ROWS_PER_PASS = 5_000;

/** A status report that did not change is sent again after this, so that HQ sees the store alive. */
export const STATUS_REPORT_EVERY_MS = 15 * 60 * 1000;

/** Acked outbox rows are kept this long, in case HQ restored a backup and asks for them again. */
export const ACKED_KEEP_MS = 7 * 24 * 3600 * 1000;

export type SyncPassResult =
  | { ok: true; pushed: number; pushedThroughSeq: number; pulled: PullOutcome }
  | { ok: false; error: string }
  | { ok: false; notConfigured: true }
  /** Another process (`hoadon serve`, or `hoadon sync now` beside it) is running a pass: it sends everything. */
  | { ok: false; busy: true; pid: number };

/** A resync or a new HQ asked for while a pass runs: it would change what the pass is sending. */
const syncBusy = (pid: number) =>
  conflict(`Một lượt đồng bộ với trụ sở đang chạy (tiến trình ${pid}): thử lại khi lượt đó xong.`);

export function createStoreSync(deps: {
  sqlite: Database.Database;
  dataDir: string;
  storeConfig: () => StoreConfig;
  outbox: OutboxRepository;
  state: SyncStateRepository;
  apply: FeedApplier;
  backfill: Backfill;
  lease: SyncLease;
  notify: Notify;
  clock: Clock;
  /** Resolves once every commit so far is on disk: nothing leaves for HQ before (src/db/write-queue.ts). */
  durable: () => Promise<void>;
  /** This node's hoadon version, reported to HQ with every pull. */
  version: string;
  /** The store's status report, sent after each pass's pull (status-report.ts). */
  statusReport?: () => StatusReport;
  random?: () => number;
  client?: (url: string, credential: string) => HqClient;
  /** Hears what HQ announces with its answers (documents.ts). */
  heard?: (hqPublicUrl: string | null | undefined) => void;
}) {
  const { sqlite, outbox, state, clock, notify } = deps;
  const random = deps.random ?? Math.random;
  const report = () => ({ version: deps.version, pending: outbox.pending().count });
  const clientFor =
    deps.client ?? ((url, credential) => createHqClient({ url, credential, report, heard: deps.heard }));
  const nowMs = () => clock.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  let running: Promise<SyncPassResult> | undefined;
  /** Where progress lines go (`hoadon serve`: its log; the CLI: stderr); nowhere until told. */
  let log: (line: string) => void = () => {};

  /** HQ's url and the credential issued for it; nothing when either is missing or they do not belong together. */
  const target = () => {
    const config = deps.storeConfig();
    const url = config.headquarters.url;
    const credential = url ? credentialForUrl(deps.dataDir, url) : undefined;
    return url && credential ? { config, url, credential } : undefined;
  };

  /** Re-queues everything the store has, its rows superseding every row before them; call in a transaction. */
  function startResync(): void {
    deps.backfill.start();
    state.update({ resyncFromSeq: outbox.nextSeq(), inflightFromSeq: null, inflightThroughSeq: null });
  }

  /**
   * The status report, when it changed or every STATUS_REPORT_EVERY_MS: an HQ that does not know the call
   * (404) or refuses it is left alone, since the report never holds back the push or the pull.
   */
  let lastStatus: { text: string; atMs: number } | undefined;
  async function sendStatus(client: HqClient): Promise<void> {
    if (!deps.statusReport || !client.status) return;
    const report = { ...deps.statusReport(), feedCursor: state.get().pullCursor };
    const text = JSON.stringify(report);
    if (lastStatus?.text === text && nowMs() - lastStatus.atMs < STATUS_REPORT_EVERY_MS) return;
    try {
      const answer = await client.status(report);
      if (answer.ok) lastStatus = { text, atMs: nowMs() };
      else if (answer.error.status !== 404) log(`sync: trụ sở không nhận báo cáo trạng thái: ${answer.error.message}`);
    } catch (error) {
      log(`sync: không gửi được báo cáo trạng thái: ${(error as Error).message}`);
    }
  }

  async function pass(): Promise<SyncPassResult> {
    const connection = target();
    if (!connection) return { ok: false, notConfigured: true };
    const held = deps.lease.acquire();
    if ('heldBy' in held) return { ok: false, busy: true, pid: held.heldBy };
    const { config } = connection;
    const client = clientFor(connection.url, connection.credential);
    try {
      // Until HQ has answered a resync's first batch, its rows may yet be renumbered in one transaction: they
      // stay one pass's worth however long HQ is away.
      const { resyncFromSeq } = state.get();
      const waitForHq = resyncFromSeq !== null && outbox.nextSeq() - resyncFromSeq >= BACKFILL_ROWS_PER_PASS;
      const backfilled = waitForHq ? 0 : await deps.backfill.run(BACKFILL_ROWS_PER_PASS);
      if (backfilled > 0) {
        const left = deps.backfill.remaining();
        log(
          `sync: ${backfilled} mục lịch sử đã xếp hàng gửi trụ sở (${deps.backfill.phase() ?? 'xong'}), còn khoảng ${left}`,
        );
      }
      const pushed = await pushOutbox({
        sqlite,
        client,
        outbox,
        state,
        clock,
        durable: deps.durable,
        storeId: config.storeId,
        startResync,
      });
      if (pushed.resyncStarted) log('sync: trụ sở cần dữ liệu cửa hàng không còn giữ: bắt đầu đồng bộ lại toàn bộ');
      const again = backfilled > 0 || pushed.resyncStarted;
      const pulled = await pullFeed({ sqlite, client, apply: deps.apply, state, clock });
      await sendStatus(client);
      const hqTime = client.serverTime();
      const skewed =
        hqTime === undefined ? undefined : clockSkewNotice(nowMs(), hqTime, iso(nowMs()).slice(0, 10), 'trụ sở');
      if (skewed) log(`sync: ${skewed.message}`);
      inTransaction(sqlite, () => {
        if (skewed) notify(skewed);
        state.update({
          lastSuccessAt: iso(nowMs()),
          consecutiveFailures: 0,
          failingSince: null,
          nextAttemptAt: iso(nowMs() + (again ? 0 : config.headquarters.syncIntervalSeconds * 1000)),
        });
        outbox.pruneAckedBefore(iso(nowMs() - ACKED_KEEP_MS));
      });
      return { ok: true, pushed: pushed.sent, pushedThroughSeq: pushed.pushedThroughSeq, pulled };
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      inTransaction(sqlite, () => {
        const before = state.get();
        const failures = before.consecutiveFailures + 1;
        const failingSince = before.failingSince ?? iso(nowMs());
        state.update({
          lastError: message,
          lastErrorAt: iso(nowMs()),
          consecutiveFailures: failures,
          failingSince,
          nextAttemptAt: iso(nowMs() + retryDelayMs(failures, random())),
        });
        if (nowMs() - Date.parse(failingSince) >= FAILING_NOTIFY_AFTER_MS) {
          notify({
            type: 'system',
            title: 'Không đồng bộ được với trụ sở',
            message: `Đồng bộ với trụ sở thất bại từ ${failingSince}: ${message}. Hóa đơn vẫn được lập và sẽ được gửi khi kết nối lại.`,
            dedupeKey: `sync-failing:${failingSince}`,
          });
        }
      });
      return { ok: false, error: message };
    } finally {
      held.lease.release();
      await client.close();
    }
  }

  /** Runs `work` with no pass running here or in another process; throws a 409 CONFLICT otherwise. */
  function exclusive<T>(work: () => T): T {
    const held = deps.lease.acquire();
    if ('heldBy' in held) throw syncBusy(held.heldBy);
    try {
      return work();
    } finally {
      held.lease.release();
    }
  }

  /** One pass now; concurrent calls share the pass in progress. */
  const runNow = (): Promise<SyncPassResult> => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  function status() {
    const s = state.get();
    const pending = outbox.pending();
    const configured = target() !== undefined;
    return {
      configured,
      url: deps.storeConfig().headquarters.url,
      storeId: deps.storeConfig().storeId,
      state: !configured
        ? ('not-configured' as const)
        : s.consecutiveFailures === 0
          ? ('online' as const)
          : ('offline' as const),
      pendingOutbox: pending.count,
      /** About how many rows of the store's history are not queued yet (a backfill or a resync). */
      backfillPending: deps.backfill.remaining(),
      /** A full resync is under way: its rows have not all reached HQ yet. */
      resyncing: s.resyncFromSeq !== null || deps.backfill.phase() !== undefined,
      oldestPendingAgeSeconds:
        pending.oldestAt === null ? null : Math.max(0, Math.floor((nowMs() - Date.parse(pending.oldestAt)) / 1000)),
      pushedThroughSeq: s.pushedThroughSeq,
      pullCursor: s.pullCursor,
      lastSuccessAt: s.lastSuccessAt,
      lastError: s.lastError,
      lastErrorAt: s.lastErrorAt,
      consecutiveFailures: s.consecutiveFailures,
      nextAttemptAt: s.nextAttemptAt,
    };
  }

  return {
    runNow,
    logTo(sink: (line: string) => void) {
      log = sink;
    },
    /**
     * `hoadon sync resync`: queues everything the store has again, for an HQ that lost what it held (restored
     * from an old backup). HQ deduplicates by record and version, so a resync HQ did not need changes nothing.
     */
    resync(): { configured: boolean } {
      if (!target()) return { configured: false };
      exclusive(() =>
        inTransaction(sqlite, () => {
          startResync();
          state.update({ nextAttemptAt: null });
        }),
      );
      return { configured: true };
    },
    startResync,
    exclusive,
    /** The periodic job: a pass when HQ is configured and the pass is due. */
    tick(): Promise<SyncPassResult> | undefined {
      const { nextAttemptAt } = state.get();
      if (running || (nextAttemptAt && Date.parse(nextAttemptAt) > nowMs()) || !target()) return undefined;
      return runNow();
    },
    /** Waits for the pass in progress (shutdown). */
    idle: () => running?.then(() => undefined) ?? Promise.resolve(),
    status,
    /** The `sync` part of /health (docs/decisions.md §6). */
    health() {
      const s = status();
      return {
        lastSuccessAt: s.lastSuccessAt,
        pendingOutbox: s.pendingOutbox,
        state: s.state,
        lagSeconds: s.oldestPendingAgeSeconds,
        ...(s.url && !s.configured ? { problem: NO_CREDENTIAL_FOR_URL } : {}),
      };
    },
  };
}

export type StoreSync = ReturnType<typeof createStoreSync>;
