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
import { type HqClock, isBeyondSkew } from './hq-clock.js';
import { type InvoiceLookupRow, lookupOf } from './hq-lookups.js';
import type { HeldInvoice, HqStore, ProjectedInvoice } from './hq-store.js';
import { type CustomerPayload, type InvoicePayload, type Projection, projectionsOf } from './push-records.js';
import { revenueDeltas, taxLinesOf } from './revenue.js';
import { settleSettings } from './settings-lww.js';

/** How long a batch's answer is kept for a replay of its idempotency key (as the store's keys, docs/decisions.md §4). */
export const BATCH_ANSWER_TTL_MS = 24 * 3600 * 1000;

export interface HqSyncDeps {
  store: HqStore;
  clock: Clock;
  hlc: HqClock;
}

/** The invoice projection of a pushed invoice record. */
function invoiceSummary(storeId: string, record: PushRecord, invoice: InvoicePayload): ProjectedInvoice {
  return {
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
    demo: invoice.demo === true,
    // A demo invoice (docs/decisions.md §7) has no legal value: listed as the store sent it (its own DT series), never
    // in the chain's revenue.
    taxLines: invoice.demo ? [] : taxLinesOf(invoice),
  };
}

/**
 * The projection and the revenue rollup after a batch's invoices (the highest version of each): a first sight
 * is inserted, a higher version than the one held replaces it and moves its revenue, a lower one changes nothing.
 */
async function applyInvoices(tx: HqStore, storeId: string, invoices: readonly ProjectedInvoice[]): Promise<void> {
  const held = new Map(
    (
      await tx.heldInvoices(
        storeId,
        invoices.map((i) => i.invoiceId),
      )
    ).map((h) => [h.invoiceId, h] as const),
  );
  const fresh = invoices.filter((i) => !held.has(i.invoiceId));
  const newer = invoices.filter((i) => (held.get(i.invoiceId)?.version ?? Number.POSITIVE_INFINITY) < i.version);
  await tx.insertInvoices(fresh);
  await tx.replaceInvoices(newer);
  await tx.addRevenue(
    revenueDeltas([
      ...fresh.map((after) => ({ after })),
      ...newer.map((after) => ({ before: { ...(held.get(after.invoiceId) as HeldInvoice), storeId }, after })),
    ]),
  );
}

/** The lookup portal's row of an invoice, once per batch (docs/delivery.md). */
function addLookup(lookups: Map<string, InvoiceLookupRow>, row: InvoiceLookupRow | undefined): void {
  if (row && !lookups.has(row.invoiceId)) lookups.set(row.invoiceId, row);
}

/** The highest version of each invoice among `summaries`: versions can arrive out of order (a resend after a restore). */
export function highestVersions(summaries: readonly ProjectedInvoice[]): ProjectedInvoice[] {
  const byId = new Map<string, ProjectedInvoice>();
  for (const summary of summaries) {
    const held = byId.get(summary.invoiceId);
    if (!held || summary.version > held.version) byId.set(summary.invoiceId, summary);
  }
  return [...byId.values()];
}

export function createHqSyncService({ store, clock, hlc }: HqSyncDeps) {
  /**
   * A name a cashier typed is a weak source: HQ keeps the first one it sees for each valid tax code (with the
   * store it came from) but never sends it down as the business's name; the tax authority's answer, which each
   * store looks up itself, is the one that counts.
   */
  async function applyCustomer(tx: HqStore, storeId: string, customer: CustomerPayload, at: string): Promise<void> {
    const checked = customer.mst === undefined ? undefined : checkMst(customer.mst);
    if (!checked?.ok || (await tx.findMst(checked.mst))) return;
    const address = customer.address?.trim() || null;
    await tx.addMst({ mst: checked.mst, name: customer.name, address, firstStoreId: storeId, createdAt: at });
  }

  /** Applies one batch past the store's position, in one transaction (see `push`). */
  async function applyBatch(
    tx: HqStore,
    storeId: string,
    body: PushBody,
    projections: Projection[],
    texts: readonly (string | undefined)[] | undefined,
    at: string,
    now: Date,
  ): Promise<{ appliedThroughSeq: number; heldBeforeSeq?: number }> {
    // The store's row first: a second push of the same batch (another HQ process, the same moment) waits
    // here, then finds the answer the first one stored.
    const state = await tx.lockStore(storeId);
    if (!state) throw notFound('cửa hàng', storeId);
    const held = state.appliedThroughSeq;
    // A replay is answered with what HQ holds now, not with the answer it got then: a store deciding where to
    // renumber a resync from (sync/store/push.ts) must never start below rows HQ took since, or HQ would take
    // the renumbered rows for ones it holds and skip them. What HQ held before the batch stays as it was.
    const answered = await tx.findBatchAnswer(storeId, body.batchSeq);
    if (answered) return { appliedThroughSeq: held, heldBeforeSeq: answered.heldBeforeSeq };
    if (body.batchSeq > held + 1) throw sequenceGap(held + 1);
    const fresh = body.records.flatMap((record, i) => (record.seq > held ? [{ record, i }] : []));
    const inserted = await tx.insertRecords(
      fresh.map(({ record, i }) => ({
        storeId,
        recordId: record.recordId,
        version: record.version,
        kind: record.kind,
        seq: record.seq,
        at: record.at,
        payload: texts?.[i] ?? JSON.stringify(record.payload),
        receivedAt: at,
      })),
    );
    // Only a record inserted now is projected: a record held before was projected when it came.
    const invoices: ProjectedInvoice[] = [];
    const lookups = new Map<string, InvoiceLookupRow>();
    for (const [n, { record, i }] of fresh.entries()) {
      if (!inserted[n]) continue;
      const projection = projections[i] as Projection;
      switch (projection.kind) {
        case 'invoice':
          invoices.push(invoiceSummary(storeId, record, projection.invoice));
          addLookup(lookups, lookupOf(storeId, projection.invoice));
          break;
        case 'customer':
          await applyCustomer(tx, storeId, projection.customer, at);
          break;
        case 'settings':
          if (isBeyondSkew(projection.settings.hlc, now.getTime())) break;
          await hlc.observe(tx, projection.settings.hlc);
          await settleSettings(tx, { storeId, ...projection.settings, origin: 'store', updatedAt: at });
          break;
        case 'kept':
          break;
      }
    }
    if (invoices.length > 0) await applyInvoices(tx, storeId, highestVersions(invoices));
    if (lookups.size > 0) await tx.insertLookups([...lookups.values()]);
    const appliedThroughSeq = Math.max(held, body.records.at(-1)?.seq ?? held);
    await tx.markPushed(storeId, appliedThroughSeq, at);
    await tx.saveBatchAnswer(storeId, body.batchSeq, { appliedThroughSeq, heldBeforeSeq: held }, at);
    await tx.purgeBatchAnswers(new Date(now.getTime() - BATCH_ANSWER_TTL_MS).toISOString());
    return { appliedThroughSeq, heldBeforeSeq: held };
  }

  return {
    /**
     * `storeId` is the authenticated store; `idempotencyKey` the X-Idempotency-Key header; `payloadTexts` each
     * record's payload as it came over the wire (payload-texts.ts), stored as it is instead of serialised again.
     */
    async push(
      storeId: string,
      body: PushBody,
      idempotencyKey: string | undefined,
      payloadTexts?: readonly (string | undefined)[],
    ): Promise<PushAnswer> {
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
      const position = await store.transaction((tx) => applyBatch(tx, storeId, body, projections, texts, at, now));
      // The limit is this HQ's, not the stored answer's: a replay after an upgrade announces the new one.
      return { ...position, maxRecords: MAX_PUSH_RECORDS };
    },

    async pull(storeId: string, cursor: number, limit: number, report: Partial<StoreReport> = {}): Promise<PullAnswer> {
      const found = await store.readFeed(storeId, cursor, limit + 1);
      const items = found.slice(0, limit);
      const nextCursor = items.at(-1)?.cursor ?? cursor;
      await store.markPulled(storeId, nextCursor, clock.now().toISOString(), report, cursor);
      return { items, nextCursor, hasMore: found.length > limit };
    },
  };
}

export type HqSyncService = ReturnType<typeof createHqSyncService>;
