/**
 * The store↔headquarters wire contract, shared by the store's sync loops (sync/) and the HQ endpoint
 * (`hoadon hq`, sync/hq/). One zod schema per message so both sides validate the same shapes.
 *
 * Push (store → HQ): `POST {hq}/sync/v1/push`, `Authorization: Bearer <storeId>.<secret>`,
 * `X-Idempotency-Key: <storeId>:<batchSeq>` where batchSeq is the outbox seq of the batch's first record.
 * HQ applies a batch in one transaction and answers the highest outbox seq it holds for the store
 * (`appliedThroughSeq`). A batch whose first seq is beyond appliedThroughSeq + 1 is a gap: 409 SEQUENCE_GAP
 * with `details: [{ path: 'expectedSeq', message: '<n>' }]`, and the store resends from there. Records at or
 * below appliedThroughSeq are skipped (already applied), and every record is also deduplicated on
 * (storeId, recordId, version), so a resend days later, after the idempotency key expired, is harmless.
 * A batch holds at most BASELINE_PUSH_RECORDS records, or as many as HQ announced in an earlier answer
 * (`maxRecords`, absent from HQs before it was added). A store may have two batches in flight; HQ applies
 * them in seq order all the same (a batch that arrives before its predecessor is applied is a gap).
 *
 * Pull (HQ → store): `GET {hq}/sync/v1/pull?cursor=<n>&limit=<m>` with the same bearer credential answers the
 * feed items after `cursor` that are addressed to this store or to every store, oldest first. The store
 * applies them in order and stores `nextCursor` in the same transaction.
 *
 * Every answer uses the node's envelope: `{ success: true, data }` or `{ success: false, error }`.
 */
import { z } from 'zod';

export const SYNC_PREFIX = '/sync/v1';
export const HQ_API_PREFIX = '/hq/v1';
/** Records per batch that every HQ accepts: the first batch of a pass, and every batch to an HQ that announces no more. */
export const BASELINE_PUSH_RECORDS = 500;
/**
 * Records per batch this HQ accepts and announces (`maxRecords`): fewer, larger commits, since each commit
 * rewrites every index page its batch touched. A batch this size is applied in some 50 ms, so HQ's other
 * callers never wait long, and 1,000–3,000 measured alike end to end.
 */
export const MAX_PUSH_RECORDS = 2000;
export const MAX_PULL_ITEMS = 500;
/** HQ refuses a push body above this (413): a batch of full invoice documents outgrows the API's 1 MiB. */
export const MAX_PUSH_BODY_BYTES = 16 * 1024 * 1024;

/** Hybrid logical clock, `<15-digit wall ms>:<5-digit counter>:<node id>`: compares as a string. */
export const hlcString = z.string().regex(/^\d{15}:\d{5}:[A-Za-z0-9_-]{1,64}$/, 'hlc không hợp lệ.');

export const storeIdString = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'storeId gồm 1–64 ký tự chữ, số, gạch dưới, gạch ngang.');

/** The settings documents that headquarters and stores share (config stays local to the store). */
export const SYNCED_SETTINGS = ['templates', 'automation', 'plan'] as const;
export type SyncedSettingsName = (typeof SYNCED_SETTINGS)[number];

/**
 * `document`: an invoice's stored XML, once per invoice (documentPayload). A store sends it only to an HQ that
 * takes it; an HQ takes every kind an older store sends.
 */
export const OUTBOX_KINDS = ['invoice', 'customer', 'audit', 'settings', 'aggregate', 'document'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * A JSON object, checked without copying it: HQ keeps a payload as the text it came in, and a batch holds
 * thousands (z.record copied every key of every one).
 */
const jsonObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'phải là một đối tượng JSON.',
);

/**
 * One change of the store. `recordId` is `<kind>:<entity id>`; `version` grows with every change of that
 * entity (an invoice's status change is a new version of the same record). `payload` is the entity's whole
 * current state (invoice detail as the API answers it, customer, audit entry, aggregate), or for settings
 * `{ name, document, hlc }`.
 */
export const pushRecord = z.object({
  seq: z.number().int().positive(),
  recordId: z.string().min(1).max(300),
  kind: z.enum(OUTBOX_KINDS),
  version: z.number().int().nonnegative(),
  at: z.string(),
  payload: jsonObject,
});
export type PushRecord = z.infer<typeof pushRecord>;

export const settingsPayload = z.object({
  name: z.enum(SYNCED_SETTINGS),
  document: z.record(z.string(), z.unknown()),
  hlc: hlcString,
});
export type SettingsPayload = z.infer<typeof settingsPayload>;

/** How a document's bytes travel and are kept: brotli (node:zlib), then base64 in the JSON payload. */
export const DOCUMENT_ENCODINGS = ['br'] as const;

/**
 * An invoice's stored XML (record `document:<invoiceId>`, version 1: it never changes), byte for byte as
 * GET /api/v1/invoices/:id/xml answers it, compressed. Beside it what the store's printed invoice reads from
 * its own database rather than from the invoice: who signed and when, the line about an unverified
 * certificate, and the portal link it prints, so that HQ prints the same PDF (docs/delivery.md).
 */
export const documentPayload = z.object({
  invoiceId: z.string().min(1).max(100),
  encoding: z.enum(DOCUMENT_ENCODINGS),
  /** base64 of the compressed bytes. */
  data: z
    .string()
    .min(1)
    .max(4 * 1024 * 1024),
  /** The XML's length in bytes, and its sha256 (hex), checked when it is inflated. */
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.object({ certificateSubject: z.string().max(2000), signedAt: z.string().max(40) }).optional(),
  signatureNote: z.string().max(2000).optional(),
  link: z.string().max(2000).optional(),
});
export type DocumentPayload = z.infer<typeof documentPayload>;

export const pushBody = z
  .object({
    storeId: storeIdString,
    batchSeq: z.number().int().positive(),
    records: z.array(pushRecord).min(1).max(MAX_PUSH_RECORDS),
  })
  .refine((b) => b.records[0]?.seq === b.batchSeq, {
    message: 'batchSeq phải bằng seq của bản ghi đầu tiên.',
    path: ['batchSeq'],
  })
  .refine((b) => b.records.every((r, i) => i === 0 || r.seq === b.records[i - 1]!.seq + 1), {
    message: 'Các bản ghi phải liên tiếp theo seq.',
    path: ['records'],
  });
export type PushBody = z.infer<typeof pushBody>;

/**
 * HOADON_HQ_PUBLIC_URL, announced with every push and pull answer: the chain's lookup portal, which a store
 * prints on its invoices unless it has its own (docs/delivery.md). Null: HQ has none; absent: an older HQ.
 */
const hqPublicUrl = z.string().max(2000).nullable().optional();

export const pushAnswer = z.object({
  appliedThroughSeq: z.number().int().nonnegative(),
  /** The most records HQ takes in one batch; an HQ that does not say takes BASELINE_PUSH_RECORDS. */
  maxRecords: z.number().int().positive().optional(),
  /**
   * What HQ held when it applied this batch (a replay too; absent from HQs before it was added, and from a
   * replay of a batch they applied): a resync's first batch that began at or below it had rows skipped as held.
   */
  heldBeforeSeq: z.number().int().nonnegative().optional(),
  hqPublicUrl,
});
export type PushAnswer = z.infer<typeof pushAnswer>;

export const FEED_KINDS = ['settings', 'products', 'order', 'mst'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * One thing HQ sends down. Payloads:
 * - settings: `{ name, document, hlc }` (settingsPayload); the store keeps the document with the greater hlc.
 * - products: `{ products: [{ sku, name, unit, unitPrice, taxRate }] }` (upsert by sku).
 * - order: the body of `POST /api/v1/orders` with its `id` set (an order already known to the store is skipped).
 * - mst: `{ mst, name, address? }` registry entries.
 */
export const feedItem = z.object({
  cursor: z.number().int().positive(),
  kind: z.enum(FEED_KINDS),
  payload: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type FeedItem = z.infer<typeof feedItem>;

/** A catalogue entry as HQ accepts it (`PUT /hq/v1/products`) and sends it down (feed kind 'products'). */
export const feedProduct = z.object({
  sku: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(500),
  unit: z.string().trim().max(50).optional(),
  unitPrice: z.number().min(0).max(1e12),
  taxRate: z.number().min(0).max(1),
});
export const MAX_FEED_PRODUCTS = 10_000;
export const productsPayload = z.object({ products: z.array(feedProduct).max(MAX_FEED_PRODUCTS) });

export const pullQuery = z.object({
  cursor: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PULL_ITEMS).default(200),
});

/**
 * What a store tells HQ about itself with every pull (the last call of a pass), for HQ's store list: its
 * hoadon version, and the outbox rows HQ has not acknowledged yet. Optional: an older store omits them.
 */
export const storeReportHeaders = z.object({
  'x-hoadon-version': z.string().min(1).max(100).optional(),
  'x-sync-pending': z.coerce.number().int().nonnegative().optional(),
});
export type StoreReport = { version: string; pending: number };

export const pullAnswer = z.object({
  items: z.array(feedItem),
  nextCursor: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  hqPublicUrl,
});
export type PullAnswer = z.infer<typeof pullAnswer>;

/** `<storeId>.<secret>`: the store id travels in the credential so HQ finds the hash to compare with. */
export function storeCredential(storeId: string, secret: string): string {
  return `${storeId}.${secret}`;
}

export function parseStoreCredential(credential: string): { storeId: string; secret: string } | undefined {
  const dot = credential.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const storeId = credential.slice(0, dot);
  const secret = credential.slice(dot + 1);
  return storeIdString.safeParse(storeId).success && secret.length >= 16 ? { storeId, secret } : undefined;
}
