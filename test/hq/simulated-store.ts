/**
 * A store as HQ sees it, without a store node: an outbox of numbered records and a push loop that behaves
 * like `sync/store/push.ts` where it matters for faults: a batch resent under the same key until an answer
 * says where HQ stands (200: appliedThroughSeq, 409 SEQUENCE_GAP: expectedSeq - 1), any other outcome
 * (503, a reset connection, a killed process) retried on the next HQ address after a pause. Used by the
 * fault tests and the bench.
 */
import { byRecordKey, type ContentDigest, contentHasher } from '../../sync/hq/content-hash.js';
import type { PushRecord } from '../../sync/protocol.js';

export interface SimulatedStore {
  storeId: string;
  credential: string;
  records: PushRecord[];
  /** The highest seq HQ said it holds. */
  position: number;
  /** Answers other than 200 and 409, by status (0: no answer). */
  failures: Map<number, number>;
}

export function invoicePayload(storeId: string, n: number) {
  return {
    id: `${storeId}-inv-${n}`,
    status: 'issued',
    mauSo: '1',
    kyHieu: 'C26MAA',
    number: n,
    issueDate: `2026-03-${String(1 + (n % 28)).padStart(2, '0')}`,
    buyer: { name: `Khách ${n}`, ...(n % 3 === 0 ? { mst: '0100109106' } : {}) },
    items: [
      {
        lineNo: 1,
        name: 'Cà phê sữa đá',
        quantity: 1 + (n % 4),
        unitPrice: 25_000,
        taxRate: 0.1,
        total: 25_000 * (1 + (n % 4)),
        taxAmount: 2_500 * (1 + (n % 4)),
      },
    ],
    totals: { subtotal: 25_000 * (1 + (n % 4)), taxAmount: 2_500 * (1 + (n % 4)), total: 27_500 * (1 + (n % 4)) },
    channel: 'pos',
    createdAt: `2026-03-15T02:${String(n % 60).padStart(2, '0')}:00.000Z`,
    version: 1,
  };
}

/** `invoices` invoices, each followed by its audit entry: seqs 1 … 2 × invoices. */
export function simulatedStore(storeId: string, credential: string, invoices: number): SimulatedStore {
  const records: PushRecord[] = [];
  for (let n = 1; n <= invoices; n += 1) {
    const at = '2026-03-15T02:00:00.000Z';
    records.push({
      seq: records.length + 1,
      recordId: `invoice:${storeId}-inv-${n}`,
      kind: 'invoice',
      version: 1,
      at,
      payload: invoicePayload(storeId, n),
    });
    records.push({
      seq: records.length + 1,
      recordId: `audit:${n}`,
      kind: 'audit',
      version: 1,
      at,
      payload: { seq: n, action: 'issue', invoiceId: `${storeId}-inv-${n}` },
    });
  }
  return { storeId, credential, records, position: 0, failures: new Map() };
}

/** What the store itself holds, hashed as HQ's content is (content-hash.ts). */
export function ownContent(store: SimulatedStore): ContentDigest {
  const hasher = contentHasher();
  const sorted = store.records
    .map((r) => ({ recordId: r.recordId, version: r.version, payload: JSON.stringify(r.payload) }))
    .sort(byRecordKey);
  for (const record of sorted) hasher.add(record);
  return hasher.digest();
}

/** The push request of the batch starting after the store's position. */
export function pushRequest(store: SimulatedStore, batchSize: number) {
  const records = store.records.slice(store.position, store.position + batchSize);
  const batchSeq = records[0]?.seq ?? store.position + 1;
  return {
    batchSeq,
    last: records.at(-1)?.seq ?? store.position,
    init: {
      method: 'POST',
      headers: {
        authorization: `Bearer ${store.credential}`,
        'content-type': 'application/json',
        'x-idempotency-key': `${store.storeId}:${batchSeq}`,
      },
      body: JSON.stringify({ storeId: store.storeId, batchSeq, records }),
    },
  };
}

/** The envelope of a push answer, as far as a store reads it. */
export interface PushAnswerBody {
  data?: { appliedThroughSeq: number };
  error?: { code: string; message: string; details?: { path: string; message: string }[] };
}

/** Sends one request; answers the status (0 when no answer came) and the new position when HQ said one. */
export async function sendPush(
  baseUrl: string,
  init: RequestInit,
): Promise<{ status: number; position?: number; retryAfter?: string | null; body?: PushAnswerBody }> {
  try {
    const response = await fetch(`${baseUrl}/sync/v1/push`, { ...init, signal: AbortSignal.timeout(30_000) });
    const body = (await response.json()) as PushAnswerBody;
    if (response.status === 200) return { status: 200, position: body.data?.appliedThroughSeq, body };
    if (response.status === 409 && body.error?.code === 'SEQUENCE_GAP') {
      return { status: 409, position: Number(body.error.details?.[0]?.message) - 1, body };
    }
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  } catch {
    return { status: 0 };
  }
}

/**
 * Pushes until HQ holds the whole outbox. `urls()` is asked again after every failure (a test may kill one
 * of them); each failure moves to the next address and waits `pauseMs` first.
 */
export async function pushAll(
  store: SimulatedStore,
  urls: () => string[],
  options: { batchSize: number; pauseMs?: number; onBatch?: (ms: number) => void; deadlineMs?: number },
): Promise<void> {
  const deadline = Date.now() + (options.deadlineMs ?? 120_000);
  let next = 0;
  while (store.position < store.records.length) {
    if (Date.now() > deadline) throw new Error(`${store.storeId}: HQ still holds only ${store.position} records`);
    const addresses = urls();
    const url = addresses[next % addresses.length] as string;
    const request = pushRequest(store, options.batchSize);
    const started = performance.now();
    const answer = await sendPush(url, request.init);
    if (answer.position !== undefined) {
      if (answer.status === 200) options.onBatch?.(performance.now() - started);
      store.position = answer.position;
      continue;
    }
    store.failures.set(answer.status, (store.failures.get(answer.status) ?? 0) + 1);
    next += 1;
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 100));
  }
}
