/**
 * Sends issued invoices to the tax authority as TDiep messages, each invoice accepted exactly once:
 * - queued cash-register invoices (symbol C..M..) go out in 206 packages, others one by one in a 200
 *   (packed and stored by tdiep-packing.ts);
 * - a message is stored with its exact text (`prepared`) before it leaves, and marked `sent` (committed)
 *   before it is handed over;
 * - replies are asynchronous: a message `sent` or `received` is looked up by its MTDiep, its replies read
 *   once each (tdiep-replies.ts) and dispatched by MLTDiep; a look-up that finds nothing means the message
 *   never arrived and the same text is sent again under the same MTDiep;
 * - a 999 TTTNhan 1 or a -1 means nothing was received: the invoices go back to the queue and leave again
 *   in a new package under a new MTDiep; a 204 settles the package per invoice (accepted only by an
 *   LTBao 2; otherwise the invoices it names rejected, the others `attention`, for the owner).
 * Backoff, circuit breaker and pacing behind the cashiers are the JSON worker's (backoff.ts, foreground.ts).
 */
import type { Foreground } from '../foreground.js';
import type { InvoiceRef } from '../tax-messages/invoice-facts.js';
import { invoiceXmlProblem, schemaProblemText } from '../tax-messages/invoice-limits.js';
import { afterFailure, afterSuccess, BASE_DELAY_MS, type BreakerState, isOffline, retryDelayMs } from './backoff.js';
import { createLoopPacing } from './loop-pacing.js';
import type { TaxMessageRow } from './tax-messages.repository.js';
import { createTdiepPacking, type TdiepPackingDeps } from './tdiep-packing.js';
import { repliesTo, type UnreadableReply, unreadableRepliesTo } from './tdiep-replies.js';
import { type InvoiceChange, type MessageOutcomes, type Settlement, settlementOf } from './tdiep-settlement.js';
import type { TdiepTransport } from './tdiep-transport.js';

export type { QueuedInvoice, SenderParty } from './tdiep-packing.js';

export interface TransmissionOutcomes {
  accepted(invoiceId: string, at: string): void;
  /** Invoices the node's own check held back before they left (one notice for them all). */
  heldBack(invoiceIds: string[], reason: string): void;
  rejected(invoiceId: string, reason: string): void;
  /** The oldest unsent invoice is older than the warning age. */
  late(ageSeconds: number): void;
}

export interface TdiepOutcomes extends TransmissionOutcomes, MessageOutcomes {
  /** A reply to `messageId` could not be read (kept as it came); notify the owner once. */
  unreadableReply(messageId: string, reply: { id: string; type: string }, reason: string): void;
}

/** What the worker needs; what packing needs is described in tdiep-packing.ts. */
export interface TdiepWorkerDeps extends TdiepPackingDeps {
  /**
   * Where a message goes: the transport configured now for the store's own invoices (undefined when nothing
   * can be sent: http without a url), the embedded simulator for demo ones whatever the node's mode
   * (tdiep-transport-selector.ts).
   */
  transport: (demo: boolean) => TdiepTransport | undefined;
  /**
   * An invoice's schema errors (xmllint against hdon.xsd), asked only of the invoices of a message the
   * authority refused, to find the one whose data it refused; none when xmllint is not installed.
   */
  validateInvoice?: (xml: string) => Promise<string[]>;
  outcomes: TdiepOutcomes;
  random?: () => number;
  concurrency?: number;
  retryBaseMs?: number;
  /** How soon a message waiting for its business reply is looked up again. */
  pollMs?: number;
  warnAfterSeconds?: number;
  foreground?: Pick<Foreground, 'yieldAfter'>;
  /** Carries over invoices left in doubt by the JSON wire of earlier versions. */
  legacy?: {
    query(
      messageId: string,
    ): Promise<{ status: 'accepted'; at: string } | { status: 'rejected'; reason: string } | { status: 'unknown' }>;
  };
}

const MAX_PASSES = 25;
/**
 * The event loop time the worker takes before it gives way (foreground.yieldAfter): the cashiers' requests
 * wait at most about this long behind it.
 */
const SLICE_MS = 1;
/**
 * Invoices settled per write job: a package's 100 never hold the group commit the tills' invoices go through
 * (an invoice's settlement, with its audit entry, is about 0.15 ms of the batch).
 */
const SETTLE_CHUNK = 5;
const OPEN_STATES: ReadonlyArray<TaxMessageRow['state']> = ['prepared', 'sent', 'received'];

export function createTdiepWorker(deps: TdiepWorkerDeps) {
  const { write, queue, messages, outcomes, clock } = deps;
  const random = deps.random ?? Math.random;
  const concurrency = deps.concurrency ?? 4;
  const retryBaseMs = deps.retryBaseMs ?? BASE_DELAY_MS;
  const pollMs = deps.pollMs ?? 1000;
  const warnAfterSeconds = deps.warnAfterSeconds ?? 12 * 3600;
  const yieldAfter = deps.foreground?.yieldAfter ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  let breaker: BreakerState = afterSuccess();
  let running: Promise<void> | undefined;
  let stopping = false;

  const nowIso = () => clock.now().toISOString();
  const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const backoff = (attempts: number) => later(retryDelayMs(attempts, random(), retryBaseMs));
  // Time the worker holds the event loop is paced behind the cashiers (loop-pacing.ts).
  const pacing = createLoopPacing(yieldAfter, SLICE_MS);
  const { holding, giveWay, paced } = pacing;
  const { packInvoices, prepare } = createTdiepPacking(deps, { pacing, nowIso, backoff });

  /**
   * A message's transport: a message carrying demo invoices (a package never mixes them with others) goes
   * to the embedded simulator, any other to the transport configured now.
   */
  function transportOf(message: TaxMessageRow): TdiepTransport {
    const [first] = messages.invoicesOf(message.messageId);
    const transport = deps.transport(first !== undefined && deps.refOf(first).demo === 1);
    if (!transport) throw new Error('Chưa cấu hình nơi gửi thông điệp');
    return transport;
  }

  /**
   * A message the authority refused as a whole: its invoices are checked one by one (the node's own check,
   * then the schema), and those that fail wait for the owner instead of going back to the queue; the others
   * leave again in a new package after the backoff.
   */
  async function splitRefused(settlement: Settlement): Promise<Settlement> {
    if (settlement.message.state !== 'refused' || settlement.invoices.length === 0) return settlement;
    const invoices: InvoiceChange[] = [];
    const failing: string[] = [];
    for (const change of settlement.invoices) {
      const problem = await dataProblem(change.invoiceId);
      if (problem === undefined) invoices.push(change);
      else {
        invoices.push({ invoiceId: change.invoiceId, to: 'attention', reason: problem });
        failing.push(problem);
      }
    }
    if (failing.length === 0) return settlement;
    const { messageId } = settlement.message;
    return {
      ...settlement,
      invoices,
      report: (o) => {
        settlement.report?.(o);
        o.needsAttention(messageId, failing.length, failing[0] as string);
      },
    };
  }

  async function dataProblem(invoiceId: string): Promise<string | undefined> {
    let xml: string;
    try {
      xml = await deps.render(invoiceId);
    } catch {
      return undefined;
    }
    const problem = holding(() => invoiceXmlProblem(xml));
    if (problem || !deps.validateInvoice) return problem;
    const errors = await deps.validateInvoice(xml).catch(() => []);
    return errors.length > 0 ? schemaProblemText(errors) : undefined;
  }

  /** One invoice settled, if it is still waiting for this message; in the caller's transaction. */
  function settleInvoice(messageId: string, change: InvoiceChange, at: string): void {
    const row = queue.find(change.invoiceId);
    if (row?.state !== 'sent' || row.messageId !== messageId) return;
    if (change.to === 'queued') {
      // Back to the queue after the backoff, never at once: a refusal that comes back as fast as the
      // package leaves would otherwise loop.
      const nextAttemptAt = backoff(Math.max(1, row.attempts));
      queue.save({ ...row, state: 'queued', lastError: change.reason.slice(0, 500), nextAttemptAt, updatedAt: at });
    } else if (change.to === 'accepted') {
      queue.save({ ...row, state: 'accepted', acceptedAt: at, lastError: null, updatedAt: at });
      outcomes.accepted(row.invoiceId, at);
    } else if (change.to === 'attention') {
      // Neither accepted nor refused: the invoice stays issued; the owner resends or corrects it.
      queue.save({ ...row, state: 'attention', lastError: change.reason.slice(0, 500), updatedAt: at });
    } else {
      queue.save({ ...row, state: 'rejected', lastError: change.reason.slice(0, 500), updatedAt: at });
      outcomes.rejected(row.invoiceId, change.reason);
    }
  }

  /**
   * A reply the node cannot read is never dropped in silence: kept as it came, the message waits in
   * `attention` (never looked up again), its invoices still in doubt wait there too, and the owner is told
   * once (docs/transmission.md, "Unreadable replies").
   */
  async function holdUnreadable(message: TaxMessageRow, unreadable: UnreadableReply[]): Promise<void> {
    const [first] = unreadable as [UnreadableReply];
    const reason = `Không đọc được phản hồi ${first.type} (${first.id}) của cơ quan thuế: ${first.error}`;
    await write(() =>
      holding(() => {
        const at = nowIso();
        for (const reply of unreadable) messages.addReply(reply, at);
        const latest = messages.find(message.messageId);
        if (!latest || !OPEN_STATES.includes(latest.state)) return;
        for (const invoiceId of messages.invoicesOf(message.messageId))
          settleInvoice(message.messageId, { invoiceId, to: 'attention', reason }, at);
        messages.save({ ...latest, state: 'attention', lastError: reason.slice(0, 500), updatedAt: at });
        outcomes.unreadableReply(message.messageId, first, reason);
      }),
    );
  }

  /**
   * Stores the replies not stored yet, then settles the message in small write jobs (tdiep-settlement.ts):
   * its invoices a few at a time, the message itself last.
   */
  async function settleWith(message: TaxMessageRow, xmls: string[]): Promise<void> {
    const { messageId } = message;
    const fresh = holding(() => repliesTo(messageId, [...messages.replies(messageId), ...xmls]));
    const unreadable = holding(() => unreadableRepliesTo(messageId, xmls));
    if (unreadable.length > 0 && !fresh.some((r) => !['received', 'refused'].includes(r.meaning.kind)))
      return holdUnreadable(message, unreadable);
    const stored = fresh.flatMap((reply) => {
      const xml = xmls.find((x) => x.includes(reply.id));
      return xml ? [{ ...reply, xml }] : [];
    });
    if (stored.length > 0)
      await write(() =>
        holding(() => {
          for (const reply of stored) messages.addReply(reply, nowIso());
        }),
      );
    if (!OPEN_STATES.includes(messages.find(messageId)?.state ?? 'answered')) return;
    // The numbers of a package's 100 invoices, read a slice at a time.
    const invoices: Array<{ invoiceId: string; ref: InvoiceRef }> = [];
    for (const invoiceId of holding(() => messages.invoicesOf(messageId))) {
      invoices.push(holding(() => ({ invoiceId, ref: deps.refOf(invoiceId) })));
      await paced();
    }
    const current = messages.find(messageId);
    if (!current || !OPEN_STATES.includes(current.state)) return;
    const settlement = await splitRefused(
      holding(() =>
        settlementOf(current, fresh, { invoices: () => invoices, at: nowIso(), nextLookUp: later(pollMs) }),
      ),
    );
    for (let i = 0; i < settlement.invoices.length; i += SETTLE_CHUNK) {
      await paced();
      const chunk = settlement.invoices.slice(i, i + SETTLE_CHUNK);
      await write(() =>
        holding(() => {
          for (const change of chunk) settleInvoice(messageId, change, nowIso());
        }),
      );
    }
    await paced();
    await write(() =>
      holding(() => {
        const latest = messages.find(messageId);
        if (!latest || !OPEN_STATES.includes(latest.state)) return;
        messages.save(settlement.message);
        settlement.report?.(outcomes);
      }),
    );
  }

  async function handle(message: TaxMessageRow): Promise<void> {
    try {
      const transport = transportOf(message);
      if (message.state === 'prepared' || message.state === 'sent') {
        const known = message.state === 'sent' ? await transport.replies(message.messageId) : [];
        if (known.length > 0) return await settleWith(message, known);
        const sent: TaxMessageRow = {
          ...message,
          state: 'sent',
          attempts: message.attempts + 1,
          nextAttemptAt: backoff(message.attempts + 1),
          updatedAt: nowIso(),
        };
        const stored = messages.xmlOf(message.messageId);
        if (stored === undefined) return;
        await write(() => messages.save(sent));
        await settleWith(sent, [await transport.send(stored)]);
        // One look-up right after the 999: an authority that answers at once (a simulator, a 202 given
        // in the same second) settles in the same pass; otherwise it is polled every pollMs.
        const after = messages.find(message.messageId);
        if (after?.state === 'received') await settleWith(after, await transport.replies(message.messageId));
      } else {
        await settleWith(message, await transport.replies(message.messageId));
      }
      breaker = afterSuccess();
    } catch (error) {
      breaker = afterFailure(breaker, clock.now().getTime());
      const current = messages.find(message.messageId) ?? message;
      const failed = {
        ...current,
        lastError: (error as Error).message.slice(0, 500),
        nextAttemptAt: backoff(Math.max(1, current.attempts)),
        updatedAt: nowIso(),
      };
      await write(() => messages.save(failed));
    }
  }

  async function carryOverLegacy(): Promise<void> {
    for (const row of queue.legacyDue(nowIso(), concurrency * 4)) {
      const at = nowIso();
      try {
        const answer = deps.legacy ? await deps.legacy.query(row.messageId) : { status: 'unknown' as const };
        await write(() => {
          if (answer.status === 'accepted') {
            queue.save({ ...row, state: 'accepted', acceptedAt: answer.at, lastError: null, updatedAt: at });
            outcomes.accepted(row.invoiceId, answer.at);
          } else if (answer.status === 'rejected') {
            queue.save({ ...row, state: 'rejected', lastError: answer.reason, updatedAt: at });
            outcomes.rejected(row.invoiceId, answer.reason);
          } else queue.save({ ...row, state: 'queued', nextAttemptAt: at, updatedAt: at });
        });
      } catch (error) {
        await write(() =>
          queue.save({
            ...row,
            lastError: (error as Error).message.slice(0, 500),
            nextAttemptAt: backoff(Math.max(1, row.attempts)),
            updatedAt: at,
          }),
        );
      }
    }
  }

  async function drain(): Promise<void> {
    await carryOverLegacy();
    for (let pass = 0; pass < MAX_PASSES && !stopping; pass += 1) {
      const offline = isOffline(breaker, clock.now().getTime());
      const limit = offline ? 1 : concurrency * 4;
      // Up to `concurrency` messages open at once, so that packages travel side by side.
      while (!offline && !stopping && messages.openCount() < concurrency && (await packInvoices()) > 0);
      const due = messages.due(nowIso(), limit);
      for (let i = 0; i < due.length && !stopping; i += concurrency) {
        await Promise.all(due.slice(i, i + concurrency).map(handle));
        await giveWay();
      }
      if (offline || (due.length < limit && queue.queuedDue(nowIso(), 1).length === 0)) break;
    }
    const oldest = queue.oldestWaiting();
    if (oldest) {
      const age = Math.floor((clock.now().getTime() - Date.parse(oldest)) / 1000);
      if (age >= warnAfterSeconds) outcomes.late(age);
    }
  }

  return {
    tick(): Promise<void> {
      running ??= drain().finally(() => {
        running = undefined;
      });
      return running;
    },
    idle: () => running ?? Promise.resolve(),
    /**
     * Ends the pass in progress once the messages in hand are handled (a pass over a large backlog runs
     * for minutes); what is left waits for the next tick. Resolves when the worker has stopped.
     */
    async stop(): Promise<void> {
      stopping = true;
      try {
        await running;
      } finally {
        stopping = false;
      }
    },
    status() {
      const { queued, oldest } = queue.pending();
      const transport = deps.transport(false);
      return {
        queued,
        oldestAgeSeconds: oldest ? Math.floor((clock.now().getTime() - Date.parse(oldest)) / 1000) : null,
        state: isOffline(breaker, clock.now().getTime()) ? ('offline' as const) : ('online' as const),
        adapter: transport?.name ?? 'http',
        simulated: transport?.simulated ?? false,
      };
    },
    /** Sends a message built elsewhere (100, 300): stored before it leaves, like a package. */
    async submit(type: string, messageId: string, xml: string): Promise<void> {
      await prepare(type, xml, messageId, []);
    },
  };
}

export type TdiepWorker = ReturnType<typeof createTdiepWorker>;
