/**
 * Push: the unacked outbox in seq order, in batches of consecutive rows, until HQ holds all of it. A row is
 * acked (the watermark passes it) only after HQ answered that it holds it; the oldest batch without an answer
 * is resent as the same request (same first and last seq, same idempotency key), and HQ also deduplicates
 * every record on (store, recordId, version), so nothing is applied twice however often it travels.
 *
 * Two batches travel at once: HQ applies one while the next is on its way and the store acks the one before.
 * HQ still applies them in seq order, since it refuses a batch that does not follow what it holds (409
 * SEQUENCE_GAP); a batch that got there before its predecessor was applied is simply sent again.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import { BASELINE_PUSH_RECORDS, MAX_PUSH_BODY_BYTES, MAX_PUSH_RECORDS, type PushAnswer } from '../protocol.js';
import { type HqAnswer, type HqClient, PUSHES_IN_FLIGHT } from './hq-client.js';
import type { OutboxRecord, OutboxRepository } from './outbox.repository.js';
import type { SyncStateRepository } from './state.repository.js';

/** HQ answered, but not in a way the store can go on from (refused credential, invalid batch, lost rows). */
export class SyncRefused extends Error {
  override name = 'SyncRefused';
}

/** Payload bytes per batch: half of HQ's body limit leaves room for the records' envelope. */
export const MAX_PUSH_BYTES = MAX_PUSH_BODY_BYTES / 2;

/** Gaps answered in a row before the pass gives up (HQ and store disagree about what HQ holds). */
const MAX_GAP_RESENDS = 3;

/** A call that got no answer (network, timeout) settles with its error. */
type Settled = { answer: HqAnswer<PushAnswer> } | { error: Error };

interface InFlight {
  records: OutboxRecord[];
  /**
   * Sent with no other batch in flight, so after every earlier answer: its answer tells what HQ holds now. A
   * gap answered to a batch sent behind another may be older than that other one's answer.
   */
  alone: boolean;
  settled: Promise<Settled>;
}

const first = (batch: InFlight) => batch.records[0]!.seq;
const last = (batch: InFlight) => batch.records.at(-1)!.seq;

/**
 * What the answers of a stopped pipeline prove together: the most HQ holds (a 200's appliedThroughSeq, or a
 * gap's expectedSeq - 1 unless that is below the watermark and answered a batch sent behind another), the
 * first failure, and the 200s.
 */
function proved(answers: { batch: InFlight; settled: Settled }[], watermark: number) {
  let failure: Error | undefined;
  let held: number | undefined;
  const holds = (seq: number) => (held = Math.max(held ?? seq, seq));
  const accepted: { batch: InFlight; answer: PushAnswer }[] = [];
  for (const { batch, settled } of answers) {
    if ('error' in settled) failure ??= settled.error;
    else if (settled.answer.ok) {
      const answer = settled.answer.data;
      if (answer.appliedThroughSeq < first(batch)) {
        failure ??= new SyncRefused(
          `Trụ sở không nhận lô từ seq ${first(batch)} (đã có đến ${answer.appliedThroughSeq}).`,
        );
      } else {
        accepted.push({ batch, answer });
        holds(answer.appliedThroughSeq);
      }
    } else {
      const { error } = settled.answer;
      const expected = Number(error.details?.find((d) => d.path === 'expectedSeq')?.message);
      if (error.code !== 'SEQUENCE_GAP' || !Number.isInteger(expected) || expected < 1) {
        failure ??= new SyncRefused(
          `Trụ sở từ chối lô từ seq ${first(batch)}: ${error.status} ${error.code} ${error.message}`.trim(),
        );
      } else if (expected - 1 >= watermark || batch.alone) holds(expected - 1);
    }
  }
  return { held, failure, accepted };
}

export async function pushOutbox(deps: {
  sqlite: Database.Database;
  client: HqClient;
  outbox: OutboxRepository;
  state: SyncStateRepository;
  clock: Clock;
  durable: () => Promise<void>;
  storeId: string;
  /** Begins a full resync (re-queues everything the store has); call inside a transaction. */
  startResync: () => void;
}): Promise<{ sent: number; pushedThroughSeq: number; resyncStarted?: true }> {
  const { sqlite, client, outbox, state, clock, durable, storeId } = deps;
  const now = () => clock.now().toISOString();
  // What every HQ takes, until this one says it takes more.
  let limit = BASELINE_PUSH_RECORDS;
  let watermark = state.get().pushedThroughSeq;
  // During a resync the rows before its own are superseded: never sent, and dropped once HQ says where it stands.
  let resyncFrom = state.get().resyncFromSeq;
  let next = Math.max(watermark + 1, resyncFrom ?? 0);
  const window: InFlight[] = [];

  /** The batch from `from` on; the batch in flight when an earlier pass stopped goes again as it was. */
  const claim = (from: number): OutboxRecord[] => {
    const { inflightFromSeq, inflightThroughSeq } = state.get();
    const records = outbox.batchFrom(from, limit, MAX_PUSH_BYTES);
    return from === inflightFromSeq && inflightThroughSeq !== null
      ? records.filter((r) => r.seq <= inflightThroughSeq)
      : records;
  };
  const send = (records: OutboxRecord[]): void => {
    const batchSeq = records[0]!.seq;
    const settled = durable()
      .then(() => client.push({ storeId, batchSeq, records }, `${storeId}:${batchSeq}`))
      .then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }),
      );
    window.push({ records, alone: window.length === 0, settled });
    next = records.at(-1)!.seq + 1;
  };
  const heard = (answer: PushAnswer): void => {
    limit = Math.min(answer.maxRecords ?? BASELINE_PUSH_RECORDS, MAX_PUSH_RECORDS);
  };
  /**
   * One commit per round trip: the watermark moves to `through` (HQ holds every row up to it and none after
   * it), the batch from `claimFrom` is claimed when given, and the oldest batch without an answer is
   * remembered, for an identical resend if the pass stops here.
   */
  const commit = (through: number, claimFrom?: number): OutboxRecord[] =>
    inTransaction(sqlite, () => {
      if (through !== watermark) {
        outbox.ackedThrough(through, now());
        state.update({ pushedThroughSeq: through, ...(through > watermark ? { lastPushAt: now() } : {}) });
        watermark = through;
      }
      if (resyncFrom !== null && through >= resyncFrom) {
        // HQ holds the resync's first rows: from here on it is an outbox like any other.
        state.update({ resyncFromSeq: null });
        resyncFrom = null;
      }
      const claimed = claimFrom === undefined ? [] : claim(claimFrom);
      const oldest = window[0]?.records ?? claimed;
      const [from, to] = oldest.length > 0 ? [oldest[0]!.seq, oldest.at(-1)!.seq] : [null, null];
      state.update({ inflightFromSeq: from, inflightThroughSeq: to });
      return claimed;
    });
  const sendClaimed = (records: OutboxRecord[]) => {
    if (records.length > 0) send(records);
  };
  /** The next batches travel while HQ applies the oldest; only the oldest is claimed in a commit. */
  const fill = () => {
    while (window.length > 0 && window.length < PUSHES_IN_FLIGHT) {
      const more = claim(next);
      if (more.length === 0) return;
      send(more);
    }
  };

  let sent = 0;
  let gaps = 0;
  /** Rows of `batch` that an answer holding everything through `through` acks now. */
  const acked = (batch: InFlight, through: number) =>
    Math.max(0, Math.min(through, last(batch)) - Math.max(watermark, first(batch) - 1));
  sendClaimed(commit(watermark, next));
  fill();
  while (window.length > 0) {
    const oldest = window[0]!;
    const settled = await oldest.settled;
    // HQ held seqs of a resync's first batch already (the store's data restored from a backup reused them) and
    // skipped those rows as applied: HQ says what it held before the batch, or (an older HQ) answers more than
    // the batch reaches. The resync's rows then move past what HQ holds.
    const skipped = (answer: PushAnswer) =>
      resyncFrom !== null &&
      first(oldest) === resyncFrom &&
      (answer.heldBeforeSeq === undefined
        ? answer.appliedThroughSeq > last(oldest)
        : answer.heldBeforeSeq >= resyncFrom);
    if (
      'answer' in settled &&
      settled.answer.ok &&
      settled.answer.data.appliedThroughSeq >= last(oldest) &&
      !skipped(settled.answer.data)
    ) {
      const applied = settled.answer.data.appliedThroughSeq;
      heard(settled.answer.data);
      sent += acked(oldest, applied);
      window.shift();
      next = Math.max(next, applied + 1);
      gaps = 0;
      sendClaimed(commit(applied, window.length === 0 ? next : undefined));
      fill();
      continue;
    }

    // Anything else: every batch in flight answers first, and what they prove HQ holds is kept.
    const answers = await Promise.all(window.map(async (batch) => ({ batch, settled: await batch.settled })));
    window.length = 0;
    const { held: proven, failure, accepted } = proved(answers, watermark);
    for (const { batch, answer } of accepted) {
      heard(answer);
      sent += acked(batch, answer.appliedThroughSeq);
    }
    if (failure) {
      if (proven !== undefined && proven > watermark) commit(proven);
      throw failure;
    }
    // What HQ holds only grows, unless it was restored from a backup: then a batch sent alone is answered
    // with a gap below the watermark, and the rows from there on are due again.
    const held = proven ?? watermark;
    if (resyncFrom !== null && proven !== undefined && held + 1 !== resyncFrom) {
      // A resync's rows start where HQ says it stands, whatever the store sent it before. What the answers
      // prove is where HQ stands now: this pass is the only one sending (sync-lease.ts), what HQ holds only
      // grows, so the greatest answer is the latest, and a replayed key is answered with what HQ holds now.
      const from = resyncFrom;
      inTransaction(sqlite, () => {
        outbox.renumber(from, held + 1);
        outbox.ackedThrough(held, now());
        state.update({
          pushedThroughSeq: held,
          resyncFromSeq: held + 1,
          inflightFromSeq: null,
          inflightThroughSeq: null,
        });
      });
      watermark = held;
      resyncFrom = held + 1;
      next = held + 1;
      if (++gaps > MAX_GAP_RESENDS) throw new SyncRefused(`Trụ sở liên tục báo thiếu dữ liệu từ seq ${held + 1}.`);
      sendClaimed(commit(held, next));
      continue;
    }
    if (held > watermark) gaps = 0;
    else if (++gaps > MAX_GAP_RESENDS) throw new SyncRefused(`Trụ sở liên tục báo thiếu dữ liệu từ seq ${held + 1}.`);
    if (held < watermark && outbox.firstKeptFrom(held + 1) !== held + 1) {
      // HQ asks for rows this store no longer keeps (HQ restored from an old backup, or another HQ): everything
      // the store has is queued again, and the next pass sends it from where HQ stands.
      inTransaction(sqlite, deps.startResync);
      return { sent, pushedThroughSeq: watermark, resyncStarted: true };
    }
    // Alone, so that its answer is unambiguous; the next answer in order fills the pipeline again.
    next = held + 1;
    sendClaimed(commit(held, next));
  }
  return { sent, pushedThroughSeq: watermark };
}
