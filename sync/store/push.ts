/**
 * Push: the unacked outbox in seq order, in batches of consecutive rows, until HQ holds all of it. A row is
 * acked (the watermark passes it) only after HQ answered that it holds it; a batch without an answer is
 * resent as the same request (same first and last seq, same idempotency key), and HQ also deduplicates
 * every record on (store, recordId, version), so nothing is applied twice however often it travels.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import { MAX_PUSH_BODY_BYTES, MAX_PUSH_RECORDS } from '../protocol.js';
import type { HqClient } from './hq-client.js';
import type { OutboxRecord, OutboxRepository } from './outbox.repository.js';
import type { SyncState, SyncStateRepository } from './state.repository.js';

/** HQ answered, but not in a way the store can go on from (refused credential, invalid batch, lost rows). */
export class SyncRefused extends Error {
  override name = 'SyncRefused';
}

/** Payload bytes per batch: half of HQ's body limit leaves room for the records' envelope. */
export const MAX_PUSH_BYTES = MAX_PUSH_BODY_BYTES / 2;

/** Gaps answered in a row before the pass gives up (HQ and store disagree about what HQ holds). */
const MAX_GAP_RESENDS = 3;

export async function pushOutbox(deps: {
  sqlite: Database.Database;
  client: HqClient;
  outbox: OutboxRepository;
  state: SyncStateRepository;
  clock: Clock;
  storeId: string;
}): Promise<{ sent: number; pushedThroughSeq: number }> {
  const { sqlite, client, outbox, state, clock, storeId } = deps;
  const now = () => clock.now().toISOString();

  /** The next batch, marked in flight by the caller's transaction before it is sent. */
  const claim = (): OutboxRecord[] => {
    const { inflightFromSeq, inflightThroughSeq } = state.get();
    let records = outbox.batch(MAX_PUSH_RECORDS, MAX_PUSH_BYTES);
    const first = records[0];
    if (!first) return records;
    if (first.seq === inflightFromSeq && inflightThroughSeq !== null) records = records.filter((r) => r.seq <= inflightThroughSeq);
    state.update({ inflightFromSeq: first.seq, inflightThroughSeq: records.at(-1)!.seq });
    return records;
  };
  // HQ holds every row through `seq` and none after it: the watermark moves there, and the next batch is
  // claimed in the same commit (one commit per round trip).
  const ackedThrough = (seq: number, changes: Partial<SyncState> = {}): OutboxRecord[] =>
    inTransaction(sqlite, () => {
      outbox.ackedThrough(seq, now());
      state.update({ pushedThroughSeq: seq, inflightFromSeq: null, inflightThroughSeq: null, ...changes });
      return claim();
    });

  let sent = 0;
  let gaps = 0;
  let records = inTransaction(sqlite, claim);
  while (records.length > 0) {
    const batchSeq = records[0]!.seq;
    const answer = await client.push({ storeId, batchSeq, records }, `${storeId}:${batchSeq}`);
    if (answer.ok) {
      const applied = answer.data.appliedThroughSeq;
      const next = ackedThrough(applied, { lastPushAt: now() });
      if (applied < batchSeq) throw new SyncRefused(`Trụ sở không nhận lô từ seq ${batchSeq} (đã có đến ${applied}).`);
      sent += records.filter((r) => r.seq <= applied).length;
      gaps = 0;
      records = next;
      continue;
    }
    const { error } = answer;
    const expected = Number(error.details?.find((d) => d.path === 'expectedSeq')?.message);
    if (error.code !== 'SEQUENCE_GAP' || !Number.isInteger(expected) || expected < 1) {
      throw new SyncRefused(`Trụ sở từ chối lô từ seq ${batchSeq}: ${error.status} ${error.code} ${error.message}`.trim());
    }
    if (++gaps > MAX_GAP_RESENDS) throw new SyncRefused(`Trụ sở liên tục báo thiếu dữ liệu từ seq ${expected}.`);
    // HQ holds everything before `expected` and nothing from it on (it may have been restored from a backup).
    if (outbox.firstKeptFrom(expected) !== expected) {
      throw new SyncRefused(`Trụ sở cần dữ liệu từ seq ${expected}, cửa hàng không còn giữ: cần đồng bộ lại toàn bộ.`);
    }
    records = ackedThrough(expected - 1);
  }
  return { sent, pushedThroughSeq: state.get().pushedThroughSeq };
}
