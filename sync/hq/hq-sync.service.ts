/**
 * The two sync operations a store calls. Push applies a batch of the store's outbox in one transaction:
 * the answer, the records, their projections and the store's new position commit together or not at all,
 * so a kill at any point leaves either the whole batch or none of it, and the store's resend sorts it out.
 */
import type { Clock } from '../../src/clock.js';
import { checkMst } from '../../src/domain/mst.js';
import { forbidden, notFound, sequenceGap, validationError } from '../../src/errors.js';
import {
  MAX_PUSH_RECORDS,
  type PullAnswer,
  type PushAnswer,
  type PushBody,
  type PushRecord,
  type StoreReport,
} from '../protocol.js';
import type { HqClock } from './hq-clock.js';
import type { HqStore } from './hq-store.js';
import { type CustomerPayload, type InvoicePayload, type Projection, projectionsOf } from './push-records.js';
import { settleSettings } from './settings-lww.js';

/** How long a batch's answer is kept for a replay of its idempotency key (as the store's keys, decisions §4). */
export const BATCH_ANSWER_TTL_MS = 24 * 3600 * 1000;

export interface HqSyncDeps {
  store: HqStore;
  clock: Clock;
  hlc: HqClock;
}

export function createHqSyncService({ store, clock, hlc }: HqSyncDeps) {
  function applyInvoice(storeId: string, record: PushRecord, invoice: InvoicePayload): void {
    const projection = {
      storeId,
      invoiceId: invoice.id,
      version: record.version,
      status: invoice.status,
      mauSo: invoice.mauSo,
      kyHieu: invoice.kyHieu,
      number: invoice.number,
      issueDate: invoice.issueDate,
      buyerName: invoice.buyer.name,
      buyerMst: invoice.buyer.mst ?? null,
      total: invoice.totals.total,
      createdAt: invoice.createdAt,
      receivedSeq: record.seq,
    };
    const held = store.invoiceVersion(storeId, invoice.id);
    if (held === undefined) store.insertInvoice(projection);
    // Versions can arrive out of order (a resend after a restore): the higher one is the invoice's state.
    else if (record.version > held) store.replaceInvoice(projection);
  }

  function applyCustomer(storeId: string, customer: CustomerPayload, at: string): void {
    const checked = customer.mst === undefined ? undefined : checkMst(customer.mst);
    if (!checked?.ok || store.findMst(checked.mst)) return;
    const address = customer.address?.trim() || null;
    store.addMst({ mst: checked.mst, name: customer.name, address, firstStoreId: storeId, createdAt: at });
    store.appendFeed({
      storeId: null,
      kind: 'mst',
      payload: { mst: checked.mst, name: customer.name, ...(address ? { address } : {}) },
      at,
    });
  }

  function apply(storeId: string, record: PushRecord, projection: Projection, at: string): void {
    switch (projection.kind) {
      case 'invoice':
        applyInvoice(storeId, record, projection.invoice);
        return;
      case 'customer':
        applyCustomer(storeId, projection.customer, at);
        return;
      case 'settings':
        hlc.observe(projection.settings.hlc);
        settleSettings(store, { storeId, ...projection.settings, origin: 'store', updatedAt: at });
        return;
      case 'kept':
        return;
    }
  }

  return {
    /**
     * `storeId` is the authenticated store; `idempotencyKey` the X-Idempotency-Key header; `payloadTexts` each
     * record's payload as it came over the wire (payload-texts.ts), stored as it is instead of serialised again.
     */
    push(
      storeId: string,
      body: PushBody,
      idempotencyKey: string | undefined,
      payloadTexts?: readonly (string | undefined)[],
    ): PushAnswer {
      if (body.storeId !== storeId) throw forbidden('Cửa hàng chỉ được gửi dữ liệu của chính mình.');
      const expectedKey = `${storeId}:${body.batchSeq}`;
      if (idempotencyKey !== expectedKey) {
        throw validationError(`X-Idempotency-Key phải là "${expectedKey}".`, [
          { path: 'headers.x-idempotency-key', message: `phải là "${expectedKey}"` },
        ]);
      }
      const projections = projectionsOf(body.records);
      const texts = payloadTexts?.length === body.records.length ? payloadTexts : undefined;
      const now = clock.now();
      const at = now.toISOString();
      const position = store.transaction(() => {
        const answered = store.findBatchAnswer(storeId, body.batchSeq);
        if (answered) return answered.appliedThroughSeq;
        const state = store.lockStore(storeId);
        if (!state) throw notFound('cửa hàng', storeId);
        const held = state.appliedThroughSeq;
        if (body.batchSeq > held + 1) throw sequenceGap(held + 1);
        body.records.forEach((record, i) => {
          if (record.seq <= held) return;
          const fresh = store.insertRecord({
            storeId,
            recordId: record.recordId,
            version: record.version,
            kind: record.kind,
            seq: record.seq,
            at: record.at,
            payload: texts?.[i] ?? JSON.stringify(record.payload),
            receivedAt: at,
          });
          if (fresh) apply(storeId, record, projections[i] as Projection, at);
        });
        const answer = { appliedThroughSeq: Math.max(held, body.records.at(-1)?.seq ?? held) };
        store.markPushed(storeId, answer.appliedThroughSeq, at);
        store.saveBatchAnswer(storeId, body.batchSeq, answer, at);
        store.purgeBatchAnswers(new Date(now.getTime() - BATCH_ANSWER_TTL_MS).toISOString());
        return answer.appliedThroughSeq;
      });
      // The limit is this HQ's, not the stored answer's: a replay after an upgrade announces the new one.
      return { appliedThroughSeq: position, maxRecords: MAX_PUSH_RECORDS };
    },

    pull(storeId: string, cursor: number, limit: number, report: Partial<StoreReport> = {}): PullAnswer {
      const found = store.readFeed(storeId, cursor, limit + 1);
      const items = found.slice(0, limit);
      const nextCursor = items.at(-1)?.cursor ?? cursor;
      store.markPulled(storeId, nextCursor, clock.now().toISOString(), report);
      return { items, nextCursor, hasMore: found.length > limit };
    },
  };
}

export type HqSyncService = ReturnType<typeof createHqSyncService>;
