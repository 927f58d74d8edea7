/**
 * The push with two batches in flight, against a real HQ on loopback: the store's own outbox and state, the
 * real HTTP client, and a network in between that delivers late, out of order, or loses answers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { BASELINE_PUSH_RECORDS, MAX_PUSH_RECORDS } from '../../sync/protocol.js';
import { createHqClient, type HqClient, HqUnavailable } from '../../sync/store/hq-client.js';
import { createOutboxRepository } from '../../sync/store/outbox.repository.js';
import { pushOutbox } from '../../sync/store/push.js';
import { createSyncStateRepository } from '../../sync/store/state.repository.js';
import { testClock } from '../support/clock.js';
import { startTestNode, type TestNode } from '../support/test-node.js';
import { type HqPeer, hqRecords, startHq } from './hq-peer.js';

const STORE = 'store-hn-01';
/** Enough rows for both batch sizes and a short last batch. */
const QUEUED = 2 * BASELINE_PUSH_RECORDS + 2 * MAX_PUSH_RECORDS + 7;

interface Sent {
  batchSeq: number;
  size: number;
  /** Calls already waiting for an answer when this one went. */
  inFlight: number;
}

/** The real client, with a record of every push and a hook to hold or break one on the way. */
function observed(
  client: HqClient,
  around: (call: number, send: () => ReturnType<HqClient['push']>) => ReturnType<HqClient['push']> = (_, send) =>
    send(),
) {
  const sent: Sent[] = [];
  let waiting = 0;
  const wrapped: HqClient = {
    ...client,
    push: async (body, key) => {
      sent.push({ batchSeq: body.batchSeq, size: body.records.length, inFlight: waiting });
      waiting += 1;
      try {
        return await around(sent.length, () => client.push(body, key));
      } finally {
        waiting -= 1;
      }
    },
  };
  return { client: wrapped, sent };
}

describe('push with two batches in flight', () => {
  const clock = testClock('2026-03-15T03:00:00.000Z');
  let t: TestNode;
  let peer: HqPeer;
  let real: HqClient;
  let total: number;

  const state = () => createSyncStateRepository(t.node.services.storage.sqlite);
  const push = (client: HqClient) => {
    const { writes } = t.node.services;
    const { sqlite } = t.node.services.storage;
    return pushOutbox({
      sqlite,
      client,
      outbox: createOutboxRepository(sqlite),
      state: state(),
      startResync: () => {
        throw new Error('no resync expected');
      },
      clock,
      durable: writes.durable,
      storeId: STORE,
    });
  };
  const heldAtHq = () => hqRecords(peer, STORE).map((r) => r.seq);
  const everySeq = () => Array.from({ length: total }, (_, i) => i + 1);

  beforeEach(async () => {
    peer = await startHq({ clock });
    t = await startTestNode({ clock });
    const { credential } = await peer.hq.services.admin.addStore(STORE, 'Cửa hàng Hà Nội');
    real = createHqClient({ url: peer.url, credential });
    const { sqlite } = t.node.services.storage;
    const outbox = createOutboxRepository(sqlite);
    inTransaction(sqlite, () => {
      for (let i = 1; i <= QUEUED; i++) {
        outbox.append({
          kind: 'audit',
          id: `bulk-${i}`,
          version: 1,
          at: clock.now().toISOString(),
          payload: { action: 'test', n: i, note: `Hóa đơn số ${i}` },
        });
      }
    });
    total = (sqlite.prepare('SELECT max(seq) AS seq FROM sync_outbox').get() as { seq: number }).seq;
  });
  afterEach(async () => {
    await real.close();
    await t.close();
    await peer.close();
  });

  it('sends the baseline size until HQ announces its limit, then batches of that size, one travelling while HQ applies another', async () => {
    const { client, sent } = observed(real);
    const result = await push(client);

    expect(result).toEqual({ sent: total, pushedThroughSeq: total });
    expect(heldAtHq()).toEqual(everySeq());
    expect(sent.slice(0, 4).map((s) => s.size)).toEqual([
      BASELINE_PUSH_RECORDS,
      BASELINE_PUSH_RECORDS,
      MAX_PUSH_RECORDS,
      MAX_PUSH_RECORDS,
    ]);
    expect(Math.max(...sent.map((s) => s.inFlight))).toBe(1);
    expect(sent.map((s) => s.batchSeq)).toEqual([...new Set(sent.map((s) => s.batchSeq))]);
  });

  it('keeps to the baseline size with an HQ that announces no limit (one from before it was added)', async () => {
    const { client, sent } = observed(real, async (_, send) => {
      const answer = await send();
      return answer.ok ? { ok: true, data: { appliedThroughSeq: answer.data.appliedThroughSeq } } : answer;
    });
    expect(await push(client)).toEqual({ sent: total, pushedThroughSeq: total });
    expect(Math.max(...sent.map((s) => s.size))).toBe(BASELINE_PUSH_RECORDS);
    expect(heldAtHq()).toEqual(everySeq());
  });

  it('sends a batch again when it reached HQ before its predecessor (409 SEQUENCE_GAP), applying each once, in order', async () => {
    let release: () => void = () => {};
    const secondAnswered = new Promise<void>((resolve) => (release = resolve));
    const { client, sent } = observed(real, async (call, send) => {
      if (call === 1) await secondAnswered;
      const answer = await send();
      if (call === 2) release();
      return answer;
    });
    expect(await push(client)).toEqual({ sent: total, pushedThroughSeq: total });
    expect(heldAtHq()).toEqual(everySeq());
    const second = sent[1]!;
    expect(sent.filter((s) => s.batchSeq === second.batchSeq)).toEqual([
      second,
      expect.objectContaining({ batchSeq: second.batchSeq, size: second.size }),
    ]);
  });

  it('fails the pass when the oldest batch gets no answer, keeps what a later answer proved, and resends that batch as the same request', async () => {
    // The first request is lost before it reaches HQ; the second reaches HQ and is refused as a gap.
    const { client, sent } = observed(real, async (call, send) => {
      if (call === 1) throw new HqUnavailable('socket hang up');
      return send();
    });
    await expect(push(client)).rejects.toThrow(HqUnavailable);
    expect(heldAtHq()).toEqual([]);
    expect(state().get()).toMatchObject({
      pushedThroughSeq: 0,
      inflightFromSeq: 1,
      inflightThroughSeq: BASELINE_PUSH_RECORDS,
    });

    // This time the reply to the first is lost after HQ committed it: the second's answer proves HQ holds both.
    let firstApplied: () => void = () => {};
    const applied = new Promise<void>((resolve) => (firstApplied = resolve));
    const again = observed(real, async (call, send) => {
      if (call === 2) await applied;
      const answer = await send();
      if (call === 1) {
        firstApplied();
        throw new HqUnavailable('reply lost');
      }
      return answer;
    });
    await expect(push(again.client)).rejects.toThrow(HqUnavailable);
    expect(again.sent[0]).toEqual(sent[0]);
    expect(state().get().pushedThroughSeq).toBe(2 * BASELINE_PUSH_RECORDS);

    const last = observed(real);
    expect(await push(last.client)).toEqual({ sent: total - 2 * BASELINE_PUSH_RECORDS, pushedThroughSeq: total });
    expect(heldAtHq()).toEqual(everySeq());
  });
});
