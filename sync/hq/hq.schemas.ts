/** The HQ admin API's requests and answers (zod: validation, types and the response filter). */
import { z } from 'zod';
import { pageQuery } from '../../src/http/envelope.js';
import { invoiceListQuery } from '../../src/invoices/invoices.schemas.js';
import { createOrderBody } from '../../src/orders/orders.schemas.js';
import {
  automationSettingsSchema,
  planDocumentSchema,
  templateSettingsSchema,
} from '../../src/settings/settings.documents.js';
import { feedProduct, hlcString, MAX_FEED_PRODUCTS, SYNCED_SETTINGS, storeIdString } from '../protocol.js';

export const storeIdParams = z.object({ id: storeIdString });
export const storeInvoiceParams = z.object({ id: storeIdString, invoiceId: z.string().min(1).max(64) });

export const storeName = z.string().trim().min(1, 'Tên cửa hàng không được để trống.').max(200);

export const storeSummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastPushAt: z.string().nullable(),
  lastPullAt: z.string().nullable(),
  appliedThroughSeq: z.number().int(),
  pullCursor: z.number().int().describe('The feed cursor last served to the store'),
  lagSeconds: z.number().int().nullable().describe('Seconds since the last push; null before the first one'),
  invoiceCount: z.number().int(),
  version: z.string().nullable().describe('The hoadon version the store reported with its last pull'),
  pendingOutbox: z.number().int().nullable().describe('Changes the store still had to send at its last pull'),
  disabledAt: z.string().nullable().describe('When the store was disabled (its credential refused); null: enabled'),
  previousCredentialUntil: z
    .string()
    .nullable()
    .describe('Until when the secret replaced by the last rotation is still accepted'),
});
export type StoreSummary = z.infer<typeof storeSummary>;

/**
 * What narrows the invoice list beyond store, status and dates: the number, the series (`1C26MAA`: mauSo then
 * kyHieu, or the kyHieu alone), the buyer's tax code, the total's bounds in đồng.
 */
export const invoiceSearchFields = {
  number: z.coerce.number().int().min(1).max(99_999_999).optional().describe('The invoice number'),
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[1-9]?[CK]\d{2}[A-Z]{3}$/, 'Ký hiệu có dạng 1C26MAA (hoặc C26MAA).')
    .optional()
    .describe('The series: mauSo then kyHieu (1C26MAA), or kyHieu alone (C26MAA)'),
  buyerMst: z
    .string()
    .trim()
    .regex(/^\d{10}(-\d{3})?$/, 'Mã số thuế người mua gồm 10 chữ số (hoặc 10 chữ số, gạch ngang, 3 chữ số).')
    .optional(),
  totalMin: z.coerce.number().int().min(0).optional().describe('Smallest total, đồng'),
  totalMax: z.coerce.number().int().min(0).optional().describe('Largest total, đồng'),
};

const totalsInOrder = {
  check: (q: { totalMin?: number | undefined; totalMax?: number | undefined }) =>
    q.totalMin === undefined || q.totalMax === undefined || q.totalMin <= q.totalMax,
  message: { message: 'totalMin phải nhỏ hơn hoặc bằng totalMax.', path: ['totalMin'] },
};

/** The store filter's fields of a query with `symbol` split into its series. */
export function invoiceSearchFilter(q: {
  number?: number | undefined;
  symbol?: string | undefined;
  buyerMst?: string | undefined;
  totalMin?: number | undefined;
  totalMax?: number | undefined;
}) {
  const withForm = q.symbol !== undefined && q.symbol.length === 7;
  return {
    number: q.number,
    mauSo: withForm ? q.symbol?.slice(0, 1) : undefined,
    kyHieu: withForm ? q.symbol?.slice(1) : q.symbol,
    buyerMst: q.buyerMst,
    totalMin: q.totalMin,
    totalMax: q.totalMax,
  };
}

// The store API's own filters (status as a comma list, inclusive store-local dates), across stores.
export const hqInvoiceListQuery = z
  .object({
    storeId: storeIdString.optional(),
    status: invoiceListQuery.shape.status,
    dateFrom: invoiceListQuery.shape.dateFrom,
    dateTo: invoiceListQuery.shape.dateTo,
    ...invoiceSearchFields,
    ...pageQuery,
  })
  .refine(totalsInOrder.check, totalsInOrder.message)
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: 'dateFrom phải trước hoặc bằng dateTo.',
    path: ['dateFrom'],
  });
export type HqInvoiceListQuery = z.infer<typeof hqInvoiceListQuery>;

export const hqInvoiceListItem = z.object({
  storeId: z.string(),
  id: z.string(),
  version: z.number().int(),
  status: z.string(),
  mauSo: z.string(),
  kyHieu: z.string(),
  number: z.number().int(),
  issueDate: z.string(),
  buyer: z.object({ name: z.string(), mst: z.string().optional() }),
  total: z.number().int(),
  createdAt: z.string(),
  demo: z.boolean().describe('A demo invoice (no legal value, never in the revenue): labelled "dùng thử"'),
});
export type HqInvoiceListItem = z.infer<typeof hqInvoiceListItem>;

/** An opaque position in a keyset-paged answer (keyset-cursor.ts). */
export const cursorText = z.string().max(200);

export const hqInvoiceCursorQuery = z
  .object({
    storeId: storeIdString.optional(),
    status: invoiceListQuery.shape.status,
    dateFrom: invoiceListQuery.shape.dateFrom,
    dateTo: invoiceListQuery.shape.dateTo,
    ...invoiceSearchFields,
    limit: z.coerce.number().int().min(1).max(500).default(100),
    cursor: cursorText.optional().describe('nextCursor of the previous page; absent for the newest'),
  })
  .refine(totalsInOrder.check, totalsInOrder.message)
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: 'dateFrom phải trước hoặc bằng dateTo.',
    path: ['dateFrom'],
  });
export type HqInvoiceCursorQuery = z.infer<typeof hqInvoiceCursorQuery>;

export const hqInvoiceExportQuery = z
  .object({
    storeId: storeIdString.optional(),
    status: invoiceListQuery.shape.status,
    dateFrom: invoiceListQuery.shape.dateFrom,
    dateTo: invoiceListQuery.shape.dateTo,
    ...invoiceSearchFields,
    format: z.enum(['csv', 'xlsx']).default('csv'),
  })
  .refine(totalsInOrder.check, totalsInOrder.message)
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: 'dateFrom phải trước hoặc bằng dateTo.',
    path: ['dateFrom'],
  });

export const hqInvoiceCursorPage = z.object({
  items: z.array(hqInvoiceListItem),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null after the last one'),
});

/** At most a year and a day per request: a year of every store is still a few rows per store and day. */
const MAX_REVENUE_DAYS = 366;

/** The last day of a date's month (YYYY-MM-DD). */
const monthEnd = (date: string) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

export const revenueQuery = z
  .object({
    dateFrom: invoiceListQuery.shape.dateFrom.unwrap(),
    dateTo: invoiceListQuery.shape.dateTo.unwrap(),
    storeId: storeIdString.optional(),
    per: z
      .enum(['day', 'month'])
      .default('day')
      .describe('month: a row per store, month and rate, for whole months (dateFrom the 1st, dateTo a last day)'),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .describe('At most this many rows, then nextCursor; every row of the range without it'),
    cursor: cursorText.optional().describe('nextCursor of the previous page; absent for the first'),
  })
  .refine((q) => q.dateFrom <= q.dateTo, { message: 'dateFrom phải trước hoặc bằng dateTo.', path: ['dateFrom'] })
  .refine((q) => Date.parse(q.dateTo) - Date.parse(q.dateFrom) < MAX_REVENUE_DAYS * 86_400_000, {
    message: `Khoảng ngày tối đa ${MAX_REVENUE_DAYS} ngày.`,
    path: ['dateTo'],
  })
  .refine((q) => q.per === 'day' || (q.dateFrom.endsWith('-01') && q.dateTo === monthEnd(q.dateTo)), {
    message: 'Theo tháng (per=month): dateFrom phải là ngày đầu tháng và dateTo là ngày cuối tháng.',
    path: ['per'],
  });
export type RevenueQuery = z.infer<typeof revenueQuery>;

export const revenueItem = z.object({
  storeId: z.string(),
  date: z.string().describe('Store-local issue date; the month (YYYY-MM) with per=month'),
  taxRate: z.number().describe('0.1 = 10 %; 0 for KCT and KKKNT; -1 when the invoice named no rate'),
  taxGroup: z.string().describe('0%, 5%, 8%, 10%, KCT, KKKNT, KHAC:x.xx; ? when the invoice named no rate'),
  invoices: z.number().int().describe('Invoices with a line at this rate'),
  amount: z.number().int().describe('Before tax, đồng; a decreasing adjustment counts negative'),
  taxAmount: z.number().int(),
});
export type RevenueItem = z.infer<typeof revenueItem>;

export const revenueAnswer = z.object({
  items: z.array(revenueItem),
  nextCursor: z
    .string()
    .nullable()
    .describe('With limit: pass as cursor for the next page; null after the last one (and always without limit)'),
});

/** Whole documents (last writer wins replaces a document, it does not merge fields). */
export const settingsBody = z
  .object({
    templates: templateSettingsSchema.strict().optional(),
    automation: automationSettingsSchema.strict().optional(),
    plan: planDocumentSchema.strict().optional(),
  })
  .strict()
  .refine(
    (b) => SYNCED_SETTINGS.some((name) => b[name] !== undefined),
    'Cần ít nhất một tài liệu: templates, automation hoặc plan.',
  );
export type SettingsBody = z.infer<typeof settingsBody>;

const settingsDocument = z.object({
  name: z.enum(SYNCED_SETTINGS),
  document: z.record(z.string(), z.unknown()),
  hlc: hlcString,
});

export const sentSettings = z.object({
  items: z.array(
    settingsDocument.extend({
      cursor: z.number().int(),
      outcome: z
        .enum(['applied', 'lost'])
        .describe(
          "'lost': the store's current document has a greater clock and stays (keptHlc); HQ's is kept as a loser",
        ),
      keptHlc: hlcString.optional().describe('The clock of the document that stays, when this edit lost'),
    }),
  ),
});

export const storeSettings = z.object({
  current: z.array(settingsDocument.extend({ origin: z.enum(['store', 'hq']), updatedAt: z.string() })),
  losers: z
    .array(settingsDocument.extend({ origin: z.enum(['store', 'hq']), lostToHlc: z.string(), at: z.string() }))
    .describe('The most recent edits that lost to a later one (newest first)'),
});

export const feedAppliedItem = z.object({
  storeId: z.string(),
  appliedCursor: z
    .number()
    .int()
    .describe("The feed cursor the store has applied through (its status report's, or its last pull request's)"),
  settingsCursor: z.number().int().nullable().describe('The latest settings sent to this store; null: none yet'),
  productsCursor: z.number().int().nullable().describe('The latest catalogue sent to every store; null: none yet'),
  settingsApplied: z.boolean().describe('The store has applied the latest settings HQ sent it (true when none)'),
  catalogueApplied: z.boolean().describe('The store has applied the latest catalogue (true when none)'),
});
export const feedApplied = z.object({ items: z.array(feedAppliedItem) });
export const feedAppliedQuery = z.object({ storeId: storeIdString.optional() });

export const sentOrder = z.object({ cursor: z.number().int(), order: createOrderBody.extend({ id: z.string() }) });

// Strict here, where an admin writes; the feed that carries them to stores stays lenient across versions.
export const productsBody = z
  .array(feedProduct.strict())
  .min(1)
  .max(MAX_FEED_PRODUCTS)
  .refine((list) => new Set(list.map((p) => p.sku)).size === list.length, 'Mã hàng (sku) bị lặp.');

export const sentProducts = z.object({ count: z.number().int(), cursor: z.number().int() });

export const hqHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().int(),
  db: z.enum(['ok', 'error']),
  stores: z.number().int(),
});
