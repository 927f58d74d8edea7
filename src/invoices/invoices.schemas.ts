import { z } from 'zod';
import { pageOf, pageQuery } from '../http/envelope.js';
import { hasXmlPrecision, queryDate, searchText, storedText } from '../http/fields.js';
import { CHANNELS, INVOICE_STATUSES, PAYMENT_METHODS } from './invoices.table.js';

const notNegativeZero = (n: number) => !Object.is(n, -0);
const text = (max: number) => storedText(max);
const precise = 'Tối đa 6 chữ số thập phân (độ chính xác của hóa đơn XML).';
const optionalEmail = z.union([z.literal(''), z.email().max(254)]).optional();

export const buyerInput = z.object({
  name: text(400).min(1, 'Tên người mua không được để trống.'),
  mst: text(14).optional(),
  address: text(400).optional(),
  email: optionalEmail,
  phone: text(40).optional(),
  /** CCCDan, SHChieu and MDVQHNSach of NMua (PBan 2.1.0): each checked to the XSD's form. */
  cccd: z
    .string()
    .trim()
    .regex(/^[0-9]{12}$/, 'CCCD phải gồm đúng 12 chữ số.')
    .optional(),
  passport: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'Số hộ chiếu phải gồm 1–20 chữ cái hoặc chữ số.')
    .optional(),
  budgetUnitCode: z
    .string()
    .trim()
    .regex(/^[0-9]{7}$/, 'Mã đơn vị quan hệ ngân sách phải gồm đúng 7 chữ số.')
    .optional(),
});

export const itemInput = z.object({
  name: text(500).min(1, 'Tên hàng hóa không được để trống.'),
  sku: text(64).optional(),
  unit: text(50).optional(),
  quantity: z.number().gt(0).max(1e9).refine(notNegativeZero).refine(hasXmlPrecision, precise),
  unitPrice: z
    .number()
    .min(0)
    .max(1e12)
    .refine(notNegativeZero, 'unitPrice không được là -0.')
    .refine(hasXmlPrecision, precise),
  taxRate: z.number().min(0).max(1).refine(notNegativeZero, 'taxRate không được là -0.'),
  total: z
    .number()
    .min(-1e15)
    .max(1e15)
    .optional()
    .describe('Optional; when sent it must match round(quantity × unitPrice) within 1 đồng.'),
});

/**
 * The most an invoice may total, tax included, in đồng: far above any sale, and low enough that a month's or
 * a customer's sum of such invoices stays an exact integer (below 2^53) in JavaScript. A line of 1e9 × 1e12
 * had answered 500 when its total could not be written.
 */
export const MAX_INVOICE_TOTAL = 1e13;

interface LineAmounts {
  quantity: number;
  unitPrice: number;
  taxRate?: number;
}

/** The array of lines, refused when their total with tax (the highest rate when a line has none) is too large. */
export const invoiceLines = <T extends z.ZodType<LineAmounts[]>>(lines: T) =>
  lines.refine(
    (list) => list.reduce((sum, l) => sum + l.quantity * l.unitPrice * (1 + (l.taxRate ?? 1)), 0) <= MAX_INVOICE_TOTAL,
    `Tổng tiền hóa đơn (kể cả thuế) không được vượt quá ${MAX_INVOICE_TOTAL.toLocaleString('vi-VN')} đồng.`,
  );

export const createInvoiceBody = z.object({
  buyer: buyerInput,
  items: invoiceLines(z.array(itemInput).min(1, 'Hóa đơn phải có ít nhất một dòng hàng.').max(1000)),
  paymentMethod: z.enum(PAYMENT_METHODS).default('TM/CK'),
  channel: z.enum(CHANNELS).default('admin'),
});
export type CreateInvoiceInput = z.infer<typeof createInvoiceBody>;

const localDate = queryDate;

export const invoiceListQuery = z
  .object({
    status: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(INVOICE_STATUSES)).max(INVOICE_STATUSES.length))
      .optional(),
    dateFrom: localDate.optional(),
    dateTo: localDate.optional(),
    buyerMst: searchText(14).optional(),
    buyerName: searchText(200).optional(),
    ...pageQuery,
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: 'dateFrom phải trước hoặc bằng dateTo.',
    path: ['dateFrom'],
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceIdParams = z.object({ id: z.string().min(1).max(100) });

export const totals = z.object({
  subtotal: z.number().int(),
  taxAmount: z.number().int(),
  total: z.number().int(),
});

export const invoiceListItem = z.object({
  id: z.string(),
  platformId: z.string(),
  status: z.enum(INVOICE_STATUSES),
  mauSo: z.string(),
  kyHieu: z.string(),
  number: z.number().int(),
  issueDate: z.string(),
  buyer: z.object({ name: z.string(), mst: z.string().optional() }),
  totals,
  channel: z.enum(CHANNELS),
  paymentMethod: z.enum(PAYMENT_METHODS),
  createdAt: z.string(),
  demo: z
    .boolean()
    .describe(
      'Issued in demo mode (no seller or no imported certificate): no legal value, never sent to the tax authority',
    ),
});

/** The list's page; `totalIsLowerBound` only when a common buyer name with other filters capped the count (docs/api.md). */
export const invoiceListPage = pageOf(invoiceListItem).extend({ totalIsLowerBound: z.literal(true).optional() });

export const invoiceItem = z.object({
  lineNo: z.number().int(),
  name: z.string(),
  sku: z.string().optional(),
  unit: z.string().optional(),
  quantity: z.number(),
  unitPrice: z.number(),
  taxRate: z.number(),
  total: z.number().int(),
  taxAmount: z.number().int(),
});

export const invoiceDetail = invoiceListItem.extend({
  buyer: z.object({
    name: z.string(),
    mst: z.string().optional(),
    address: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    cccd: z.string().optional(),
    passport: z.string().optional(),
    budgetUnitCode: z.string().optional(),
  }),
  seller: z.object({ name: z.string(), mst: z.string(), address: z.string().optional() }),
  items: z.array(invoiceItem),
  customerId: z.string().optional(),
  replaces: z.string().optional(),
  replacedBy: z.string().optional(),
  adjusts: z.string().optional(),
  adjustedBy: z.string().optional(),
  adjustmentType: z.enum(['increase', 'decrease', 'info']).optional(),
  reason: z.string().optional(),
  orderId: z.string().optional(),
  authorityCode: z.string().optional(),
  transmission: z
    .object({
      state: z
        .enum(['queued', 'sent', 'accepted', 'rejected', 'attention'])
        .describe('attention: the authority neither accepted nor named it; resend or correct it'),
      attempts: z.number().int(),
      lastError: z.string().optional(),
      authorityCode: z.string().optional(),
      acceptedAt: z.string().optional(),
    })
    .optional()
    .describe('Where the invoice is in the queue to the tax authority.'),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const createdInvoice = invoiceDetail.extend({
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});
