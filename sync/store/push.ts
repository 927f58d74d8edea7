/**
 * Push: the unacked outbox in seq order, in batches of consecutive rows, until HQ holds all of it. A row is
 * acked only after HQ answered that it holds it; a batch without an answer is resent as the same request
 * (same first and last seq, same idempotency key), and HQ also deduplicates every record on
 * (store, recordId, version), so nothing is applied twice however often it travels.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../../src/clock.js';
import { inTransaction } from '../../src/db/transaction.js';
import { MAX_PUSH_BODY_BYTES, MAX_PUSH_RECORDS } from '../protocol.js';
import type { HqClient } from './hq-client.js';
import type { OutboxRepository } from './outbox.repository.js';
import type { SyncStateRepository } from './state.repository.js';

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
  let sent = 0;
  let gaps = 0;
  for (;;) {
    const { inflightFromSeq, inflightThroughSeq } = state.get();
    let records = outbox.batch(MAX_PUSH_RECORDS, MAX_PUSH_BYTES);
    const first = records[0];
    if (!first) break;
    if (first.seq === inflightFromSeq && inflightThroughSeq !== null) records = records.filter((r) => r.seq <= inflightThroughSeq);
    const batchSeq = first.seq;
    const lastSeq = records.at(-1)!.seq;
    inTransaction(sqlite, () => state.update({ inflightFromSeq: batchSeq, inflightThroughSeq: lastSeq }));

    const answer = await client.push({ storeId, batchSeq, records }, `${storeId}:${batchSeq}`);
    if (answer.ok) {
      const applied = answer.data.appliedThroughSeq;
      inTransaction(sqlite, () => {
        outbox.ackThrough(applied, now());
        state.update({ pushedThroughSeq: applied, inflightFromSeq: null, inflightThroughSeq: null, lastPushAt: now() });
      });
      if (applied < batchSeq) throw new SyncRefused(`Trụ sở không nhận lô từ seq ${batchSeq} (đã có đến ${applied}).`);
      sent += records.filter((r) => r.seq <= applied).length;
      gaps = 0;
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
    inTransaction(sqlite, () => {
      outbox.ackThrough(expected - 1, now());
      outbox.resendFrom(expected);
      state.update({ pushedThroughSeq: expected - 1, inflightFromSeq: null, inflightThroughSeq: null });
    });
  }
  return { sent, pushedThroughSeq: state.get().pushedThroughSeq };
}
