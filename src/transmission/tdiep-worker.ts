/**
 * Sends issued invoices to the tax authority as TDiep messages, each invoice accepted exactly once:
 * - queued cash-register invoices (symbol C..M..) go out in 206 packages, others one by one in a 200;
 * - a message is stored with its exact text (`prepared`) before it leaves, and marked `sent` (committed)
 *   before it is handed over;
 * - replies are asynchronous: a message `sent` or `received` is looked up by its MTDiep, its replies read
 *   once each (tdiep-replies.ts) and dispatched by MLTDiep; a look-up that finds nothing means the message
 *   never arrived and the same text is sent again under the same MTDiep;
 * - a 999 TTTNhan 1 or a -1 means nothing was received: the invoices go back to the queue and leave again
 *   in a new package under a new MTDiep; a 204 settles the package per invoice.
 * Backoff, circuit breaker and pacing behind the cashiers are the JSON worker's (backoff.ts, foreground.ts).
 */
import type { Clock } from '../clock.js';
import type { WriteQueue } from '../db/write-queue.js';
import { localDateTime } from '../domain/calendar.js';
import type { Foreground } from '../foreground.js';
import { performance } from 'node:perf_hooks';
import type { SigningMaterial } from '../signing/keys.js';
import { buildUnsignedPackage } from '../tax-messages/cash-register-package.js';
import { parseEnvelope } from '../tax-messages/envelope.js';
import { type InvoiceRef, readInvoiceFacts } from '../tax-messages/invoice-facts.js';
import { buildInvoiceForCode } from '../tax-messages/invoice-coding.js';
import { newMessageId } from '../tax-messages/message-id.js';
import { MESSAGE_TYPES } from '../tax-messages/message-types.js';
import { signPackage } from '../xml/xml-signature.js';
import { parseXml } from '../tax-messages/xml-read.js';
import { afterFailure, afterSuccess, BASE_DELAY_MS, type BreakerState, isOffline, retryDelayMs } from './backoff.js';
import type { TaxMessageRow, TaxMessagesRepository } from './tax-messages.repository.js';
import { type Reply, repliesTo, settlePackage } from './tdiep-replies.js';
import type { TdiepTransport } from './tdiep-transport.js';
import type { TransmissionRepository, TransmissionRow } from './transmission.repository.js';

/** Who sends: MNGui (the registered code), MNNhan, the seller's MST and its signing identity. */
export interface SenderParty {
  senderCode: string;
  receiverCode: string;
  mst: string;
  identity: SigningMaterial;
}

export interface TransmissionOutcomes {
  accepted(invoiceId: string, at: string): void;
  rejected(invoiceId: string, reason: string): void;
  /** The oldest unsent invoice is older than the warning age. */
  late(ageSeconds: number): void;
}

export interface TdiepOutcomes extends TransmissionOutcomes {
  /** The authority answered the registration (103), or refused it. */
  registration(result: { accepted: boolean; cashRegisterPrefix?: string; reason: string }): void;
  /** A 301 refused lines of a 04/SS notice, or the notice itself was refused. */
  noticeRefused(messageId: string, reason: string): void;
}

export interface TdiepWorkerDeps {
  write: WriteQueue['run'];
  queue: TransmissionRepository;
  messages: TaxMessagesRepository;
  /** The transport configured now; undefined when nothing can be sent (http without a url). */
  transport: () => TdiepTransport | undefined;
  render: (invoiceId: string) => Promise<string>;
  /** The package signature; on the XML thread in the node (src/xml/xml-thread.ts), in line by default. */
  signPackage?: (xml: string, options: Parameters<typeof signPackage>[1]) => Promise<string>;
  party: () => SenderParty;
  outcomes: TdiepOutcomes;
  clock: Clock;
  random?: () => number;
  /** Invoices in one 206 package (at most; 100 by default). */
  packageSize?: number;
  /**
   * The invoices' bytes in one package (at most; 1 MB by default): under the 2 MB of a message, and within
   * what the XML thread's heap can sign (a package of 250 bench invoices exhausted its 64 MB).
   */
  maxPackageBytes?: number;
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

const ZONE = 'Asia/Ho_Chi_Minh';
const MAX_PASSES = 25;
const isCashRegister = (ref: InvoiceRef) => ref.kyHieu[3] === 'M';
/** The DLHDon Id the XML service gives an invoice (invoice-xml.ts dataId), to find it in a package. */
const dataIdOf = (invoiceId: string) => `DLHDon-${invoiceId.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

export function createTdiepWorker(deps: TdiepWorkerDeps) {
  const { write, queue, messages, outcomes, clock } = deps;
  const random = deps.random ?? Math.random;
  const packageSize = deps.packageSize ?? 100;
  const maxPackageBytes = deps.maxPackageBytes ?? 1_000_000;
  const concurrency = deps.concurrency ?? 4;
  const retryBaseMs = deps.retryBaseMs ?? BASE_DELAY_MS;
  const pollMs = deps.pollMs ?? 1000;
  const warnAfterSeconds = deps.warnAfterSeconds ?? 12 * 3600;
  const yieldAfter = deps.foreground?.yieldAfter ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const sign = deps.signPackage ?? (async (xml, options) => signPackage(xml, options));
  // Time the worker has held the event loop since it last gave way (parsing, building, bookkeeping): what
  // foreground.yieldAfter paces; signing and the network wait are not on the loop.
  let heldMs = 0;
  const holding = <T>(work: () => T): T => {
    const start = performance.now();
    try {
      return work();
    } finally {
      heldMs += performance.now() - start;
    }
  };
  const giveWay = async () => {
    const held = heldMs;
    heldMs = 0;
    await yieldAfter(held);
  };
  let breaker: BreakerState = afterSuccess();
  let running: Promise<void> | undefined;

  const nowIso = () => clock.now().toISOString();
  const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const backoff = (attempts: number) => later(retryDelayMs(attempts, random(), retryBaseMs));

  function required(): TdiepTransport {
    const transport = deps.transport();
    if (!transport) throw new Error('Chưa cấu hình nơi gửi thông điệp');
    return transport;
  }

  /** Stores a new message and points its invoices at it, in one transaction, before anything leaves. */
  async function prepare(type: string, xml: string, messageId: string, invoices: TransmissionRow[]): Promise<void> {
    const at = nowIso();
    await write(() => {
      messages.insert({
        messageId,
        type,
        state: 'prepared',
        xml,
        attempts: 0,
        nextAttemptAt: at,
        lastError: null,
        createdAt: at,
        updatedAt: at,
      });
      for (const row of invoices)
        queue.save({ ...row, messageId, state: 'sent', attempts: row.attempts + 1, nextAttemptAt: at, updatedAt: at });
    });
  }

  /** Queued invoices into messages: cash-register ones in 206 packages, others in a 200 each. */
  async function packInvoices(): Promise<number> {
    const rows = queue.queuedDue(nowIso(), packageSize);
    if (rows.length === 0) return 0;
    const party = deps.party();
    const signing = { signingTime: localDateTime(clock.now(), ZONE), identity: party.identity };
    const rendered = await Promise.all(rows.map(async (row) => ({ row, xml: await deps.render(row.invoiceId) })));
    const cashRegister = holding(() => rendered.filter(({ xml }) => isCashRegister(readInvoiceFacts(parseXml(xml)))));
    // A message carries at most 2 MB: the invoices past the budget wait for the next package.
    let bytes = 0;
    const packaged = cashRegister.filter(({ xml }, i) => {
      bytes += Buffer.byteLength(xml, 'utf8');
      return i === 0 || bytes <= maxPackageBytes;
    });
    const header = () => ({
      sender: party.senderCode,
      receiver: party.receiverCode,
      id: newMessageId(party.senderCode),
      mst: party.mst,
    });
    if (packaged.length > 0) {
      const h = header();
      const unsigned = holding(() =>
        buildUnsignedPackage(
          h,
          packaged.map((p) => p.xml),
        ),
      );
      const xml = await sign(unsigned, { ...signing, messageId: h.id });
      await prepare(
        MESSAGE_TYPES.cashRegisterPackage,
        xml,
        h.id,
        packaged.map((p) => p.row),
      );
    }
    for (const single of rendered.filter((r) => !cashRegister.includes(r))) {
      const h = header();
      await prepare(MESSAGE_TYPES.invoiceForCode, buildInvoiceForCode(h, single.xml), h.id, [single.row]);
    }
    return rows.length - (cashRegister.length - packaged.length);
  }

  /** The invoices a message carried, each with its number, found by their DLHDon Id. */
  function invoicesOf(message: TaxMessageRow): Array<{ invoiceId: string; ref: InvoiceRef }> {
    const ids = new Map(messages.invoicesOf(message.messageId).map((id) => [dataIdOf(id), id]));
    return Array.from(parseEnvelope(message.xml).data.childNodes)
      .filter((n): n is Element => (n as Element).localName === 'HDon')
      .flatMap((hdon) => {
        const data = Array.from(hdon.childNodes).find((n) => (n as Element).localName === 'DLHDon') as
          | Element
          | undefined;
        const invoiceId = ids.get(data?.getAttribute('Id') ?? '');
        return invoiceId ? [{ invoiceId, ref: readInvoiceFacts(hdon) }] : [];
      });
  }

  /** Applies what the replies read so far mean for the message; in the caller's transaction. */
  function apply(message: TaxMessageRow, replies: Reply[]): TaxMessageRow {
    const at = nowIso();
    // A refusal counts only when nothing was received: a copy sent again by mistake is refused as a reused
    // MTDiep, and that says nothing about the first one.
    const received = replies.some((r) => r.meaning.kind === 'received');
    const refused = received ? undefined : replies.find((r) => r.meaning.kind === 'refused');
    // The final business reply when several arrived together (a 103 after its 102).
    const answers = replies.filter((r) => !['received', 'refused'].includes(r.meaning.kind));
    const business = answers.find((r) => r.meaning.kind !== 'registration-receipt') ?? answers[0];
    if (refused && refused.meaning.kind === 'refused') {
      for (const invoiceId of messages.invoicesOf(message.messageId)) {
        const row = queue.find(invoiceId);
        if (row?.state === 'sent' && row.messageId === message.messageId)
          queue.save({
            ...row,
            state: 'queued',
            lastError: refused.meaning.reason.slice(0, 500),
            nextAttemptAt: at,
            updatedAt: at,
          });
      }
      if (message.type === MESSAGE_TYPES.registration)
        outcomes.registration({ accepted: false, reason: refused.meaning.reason });
      if (message.type === MESSAGE_TYPES.errorNotice) outcomes.noticeRefused(message.messageId, refused.meaning.reason);
      return { ...message, state: 'refused', lastError: refused.meaning.reason.slice(0, 500), updatedAt: at };
    }
    if (!business) {
      return { ...message, state: received ? 'received' : message.state, nextAttemptAt: later(pollMs), updatedAt: at };
    }
    const meaning = business.meaning;
    const settle = (invoiceId: string, rejection: string | undefined) => {
      const row = queue.find(invoiceId);
      if (row?.state !== 'sent' || row.messageId !== message.messageId) return;
      if (rejection === undefined) {
        queue.save({ ...row, state: 'accepted', acceptedAt: at, lastError: null, updatedAt: at });
        outcomes.accepted(invoiceId, at);
      } else {
        queue.save({ ...row, state: 'rejected', lastError: rejection.slice(0, 500), updatedAt: at });
        outcomes.rejected(invoiceId, rejection);
      }
    };
    if (meaning.kind === 'check-result') {
      const settled = settlePackage(invoicesOf(message), meaning.result);
      for (const invoice of settled.accepted) settle(invoice.invoiceId, undefined);
      for (const { invoice, reason } of settled.rejected) settle(invoice.invoiceId, reason);
    } else if (meaning.kind === 'coded-invoice') {
      for (const invoiceId of messages.invoicesOf(message.messageId)) settle(invoiceId, undefined);
    } else if (meaning.kind === 'registration-result') {
      outcomes.registration(meaning);
    } else if (meaning.kind === 'registration-receipt') {
      if (!meaning.received) outcomes.registration({ accepted: false, reason: meaning.reason });
      else return { ...message, state: 'received', nextAttemptAt: later(pollMs), updatedAt: at };
    } else if (meaning.kind === 'notice-reply' && meaning.refused.length > 0) {
      outcomes.noticeRefused(
        message.messageId,
        meaning.refused.map((r) => `${r.kyHieu} số ${r.number}: ${r.reason}`).join('; '),
      );
    }
    return { ...message, state: 'answered', lastError: null, updatedAt: at };
  }

  async function settleWith(message: TaxMessageRow, xmls: string[]): Promise<void> {
    const fresh = holding(() => repliesTo(message.messageId, [...messages.replies(message.messageId), ...xmls]));
    await write(() => {
      const at = nowIso();
      for (const reply of fresh) {
        const xml = xmls.find((x) => x.includes(reply.id));
        if (xml) messages.addReply({ ...reply, xml }, at);
      }
      const current = messages.find(message.messageId);
      if (current && ['prepared', 'sent', 'received'].includes(current.state)) messages.save(apply(current, fresh));
    });
  }

  async function handle(message: TaxMessageRow): Promise<void> {
    try {
      const transport = required();
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
        await write(() => messages.save(sent));
        await settleWith(sent, [await transport.send(message.xml)]);
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
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      const offline = isOffline(breaker, clock.now().getTime());
      const limit = offline ? 1 : concurrency * 4;
      // Up to `concurrency` messages open at once, so that packages travel side by side.
      while (!offline && messages.openCount() < concurrency && (await packInvoices()) > 0);
      const due = messages.due(nowIso(), limit);
      for (let i = 0; i < due.length; i += concurrency) {
        await Promise.all(due.slice(i, i + concurrency).map(handle));
        await giveWay();
      }
      if (offline || (due.length < limit && queue.queuedDue(nowIso(), 1).length === 0)) break;
    }
    const { oldest } = queue.pending();
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
    status() {
      const { queued, oldest } = queue.pending();
      const transport = deps.transport();
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
