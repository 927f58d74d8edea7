/**
 * Sends queued invoices to the tax authority, each exactly once: a message id fixed at enqueue, the row
 * marked `sent` (committed) before the message leaves, and a message in doubt (no reply) looked up by its
 * id before anything is sent again. Bounded concurrency, backoff with jitter, and a circuit breaker that
 * reports the node offline instead of hammering an unreachable authority.
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock.js';
import type { WriteQueue } from '../db/write-queue.js';
import type { Foreground } from '../foreground.js';
import { afterFailure, afterSuccess, BASE_DELAY_MS, type BreakerState, isOffline, retryDelayMs } from './backoff.js';
import type { TaxAuthority, TaxAuthorityAnswer } from './tax-authority.js';
import type { TransmissionRepository, TransmissionRow } from './transmission.repository.js';

export interface TransmissionOutcomes {
  accepted(invoiceId: string, at: string): void;
  rejected(invoiceId: string, reason: string): void;
  /** The oldest unsent invoice is older than the warning age. */
  late(ageSeconds: number): void;
}

export interface TransmissionWorkerDeps {
  /** The node's group commit: the queue's state changes share the fsync of the cashiers' writes. */
  write: WriteQueue['run'];
  queue: TransmissionRepository;
  authority: TaxAuthority;
  /** The signed XML; the signing itself runs off the event loop (src/xml/xml-thread.ts). */
  render: (invoiceId: string) => Promise<string>;
  outcomes: TransmissionOutcomes;
  clock: Clock;
  random?: () => number;
  concurrency?: number;
  /** Base of the retry backoff (backoff.ts); shorter in process tests. */
  retryBaseMs?: number;
  warnAfterSeconds?: number;
  /** Paces the work between groups while cashiers are being served; without it, the next turn of the loop. */
  foreground?: Pick<Foreground, 'yieldAfter'>;
}

/** Bounds one pass, so that a tick always ends even if rows kept coming due. */
const MAX_BATCHES_PER_PASS = 25;

export function createTransmissionWorker(deps: TransmissionWorkerDeps) {
  const { write, queue, authority, render, outcomes, clock } = deps;
  const random = deps.random ?? Math.random;
  const concurrency = deps.concurrency ?? 4;
  const retryBaseMs = deps.retryBaseMs ?? BASE_DELAY_MS;
  const warnAfterSeconds = deps.warnAfterSeconds ?? 12 * 3600;
  let breaker: BreakerState = afterSuccess();
  let running: Promise<void> | undefined;
  // Time this pass has held the event loop since it last yielded: reading the invoice and writing its XML
  // (signing and the embedded authority's check run on the XML thread, src/xml/xml-thread.ts).
  let heldMs = 0;
  const holding = <T>(work: () => T): T => {
    const start = performance.now();
    try {
      return work();
    } finally {
      heldMs += performance.now() - start;
    }
  };
  const yieldAfter = deps.foreground?.yieldAfter ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));

  const nowIso = () => clock.now().toISOString();
  const later = (attempts: number) =>
    new Date(clock.now().getTime() + retryDelayMs(attempts, random(), retryBaseMs)).toISOString();

  async function settle(row: TransmissionRow, answer: TaxAuthorityAnswer): Promise<void> {
    await write(() => {
      if (answer.status === 'accepted') {
        queue.save({ ...row, state: 'accepted', acceptedAt: answer.at, lastError: null, updatedAt: nowIso() });
        outcomes.accepted(row.invoiceId, answer.at);
      } else {
        queue.save({ ...row, state: 'rejected', lastError: answer.reason, updatedAt: nowIso() });
        outcomes.rejected(row.invoiceId, answer.reason);
      }
    });
    breaker = afterSuccess();
  }

  async function transmit(row: TransmissionRow): Promise<void> {
    let current = row;
    try {
      if (current.state === 'sent') {
        const known = await authority.query(current.messageId);
        if (known.status !== 'unknown') return await settle(current, known);
      }
      const xml = await holding(() => render(current.invoiceId));
      current = {
        ...current,
        state: 'sent',
        attempts: current.attempts + 1,
        nextAttemptAt: later(current.attempts + 1),
        updatedAt: nowIso(),
      };
      const sent = current;
      await write(() => queue.save(sent));
      const answer = holding(() =>
        authority.submit({ messageId: current.messageId, invoiceId: current.invoiceId, xml }),
      );
      await settle(current, await answer);
    } catch (error) {
      breaker = afterFailure(breaker, clock.now().getTime());
      const failed = {
        ...current,
        lastError: (error as Error).message.slice(0, 500),
        nextAttemptAt: later(Math.max(1, current.attempts)),
        updatedAt: nowIso(),
      };
      await write(() => queue.save(failed));
    }
  }

  async function drain(): Promise<void> {
    // Full batches follow one another within the pass, so a backlog left by an outage drains at the
    // authority's pace rather than one batch per tick. A failed row moves into the future and drops out.
    for (let pass = 0; pass < MAX_BATCHES_PER_PASS; pass += 1) {
      // While offline a single message probes whether the authority is back.
      const offline = isOffline(breaker, clock.now().getTime());
      const limit = offline ? 1 : concurrency * 4;
      const batch = queue.due(nowIso(), limit);
      for (let i = 0; i < batch.length; i += concurrency) {
        await Promise.all(batch.slice(i, i + concurrency).map(transmit));
        // Rendering is synchronous, and the embedded authority answers without network I/O: without this, a
        // backlog would hold the event loop for the whole pass and the till's requests would wait behind it.
        const held = heldMs;
        heldMs = 0;
        await yieldAfter(held);
      }
      if (offline || batch.length < limit) break;
    }
    const { oldest } = queue.pending();
    if (oldest) {
      const age = Math.floor((clock.now().getTime() - Date.parse(oldest)) / 1000);
      if (age >= warnAfterSeconds) outcomes.late(age);
    }
  }

  return {
    /** One pass over what is due; concurrent calls share the pass in progress. */
    tick(): Promise<void> {
      running ??= drain().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Waits for the pass in progress (shutdown). */
    idle: () => running ?? Promise.resolve(),
    status() {
      const { queued, oldest } = queue.pending();
      return {
        queued,
        oldestAgeSeconds: oldest ? Math.floor((clock.now().getTime() - Date.parse(oldest)) / 1000) : null,
        state: isOffline(breaker, clock.now().getTime()) ? ('offline' as const) : ('online' as const),
        adapter: authority.name,
        simulated: authority.simulated,
      };
    },
  };
}

export type TransmissionWorker = ReturnType<typeof createTransmissionWorker>;
