import { z } from 'zod';
import { LINE_KINDS } from '../domain/lines.js';
import { TAX_CATEGORIES } from '../domain/tax-breakdown.js';
import { XML_FIELD_LIMITS, xmlPattern } from '../domain/xml-field-limits.js';
import { boundedPageOf, pageQuery } from '../http/envelope.js';
import { queryDate, searchText, storedText } from '../http/fields.js';
import { CHANNELS, INVOICE_STATUSES, PAYMENT_METHODS } from './invoices.table.js';
import { invoiceLines, itemInput, pricesIncludeVat } from './line.schemas.js';

const text = (max: number) => storedText(max);
const L = XML_FIELD_LIMITS;
const optionalEmail = z.union([z.literal(''), z.email().max(L.buyerEmail.max)]).optional();

export const buyerInput = z
  .strictObject({
    name: text(L.buyerName.max).min(1, 'Tên người mua không được để trống.'),
    mst: text(14).optional(),
    address: text(L.buyerAddress.max).optional(),
    email: optionalEmail,
    phone: text(L.buyerPhone.max).optional(),
    /** CCCDan, SHChieu and MDVQHNSach of NMua (PBan 2.1.0): each checked to the XSD's form. */
    cccd: z.string().trim().regex(xmlPattern('buyerCccd'), 'CCCD phải gồm đúng 12 chữ số.').optional(),
    passport: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]+$/, `Số hộ chiếu phải gồm 1–${L.buyerPassport.max} chữ cái hoặc chữ số.`)
      .max(L.buyerPassport.max, `Số hộ chiếu phải gồm 1–${L.buyerPassport.max} chữ cái hoặc chữ số.`)
      .optional(),
    budgetUnitCode: z
      .string()
      .trim()
      .regex(xmlPattern('buyerBudgetUnitCode'), 'Mã đơn vị quan hệ ngân sách phải gồm đúng 7 chữ số.')
      .optional(),
  })
  .superRefine((buyer, ctx) => {
    // A buyer without an MST is a consumer, whose name the XML also writes as HVTNMHang (shorter than Ten).
    if (!buyer.mst && buyer.name.length > L.consumerName.max)
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `Tên người mua không có mã số thuế có tối đa ${L.consumerName.max} ký tự (giới hạn của hóa đơn điện tử).`,
      });
  });

export const createInvoiceBody = z.strictObject({
  buyer: buyerInput,
  items: invoiceLines(z.array(itemInput).min(1, 'Hóa đơn phải có ít nhất một dòng hàng.').max(1000)),
  pricesIncludeVat,
  paymentMethod: z.enum(PAYMENT_METHODS).default('TM/CK'),
  channel: z
    .enum(CHANNELS)
    .optional()
    .describe("Where the sale was made; without it the role's own: pos for a cashier, admin otherwise"),
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
      'Issued in demo mode (before the node is live, GET /health `missing`): no legal value, never sent to the tax authority',
    ),
});

/** The list's page; `totalIsLowerBound` only when a common buyer name with other filters capped the count (docs/api.md). */
export const invoiceListPage = boundedPageOf(invoiceListItem);

export const invoiceItem = z.object({
  lineNo: z.number().int(),
  kind: z.enum(LINE_KINDS),
  name: z.string(),
  sku: z.string().optional(),
  unit: z.string().optional(),
  quantity: z.number().describe('0 on a note'),
  unitPrice: z.number().describe('The price before tax (DGia); 0 on a note'),
  shelfPrice: z
    .number()
    .optional()
    .describe('The shelf price, VAT included, when the line was sent with pricesIncludeVat'),
  taxRate: z.number().describe('0 with KCT, KKKNT and on a note'),
  taxCategory: z.enum(TAX_CATEGORIES).optional(),
  taxGroup: z
    .string()
    .optional()
    .describe('The TSuat the line is grouped under: 0%, 5%, 8%, 10%, KCT, KKKNT or KHAC:x.xx; none on a note'),
  discountRate: z.number().optional(),
  discountAmount: z.number().int().optional(),
  discount: z.number().int().describe('The discount in đồng (STCKhau), 0 without one'),
  total: z
    .number()
    .int()
    .describe(
      'What the line adds to the amount before tax: round(quantity × unitPrice) − discount; 0 on a promotion or ' +
        'a note; negative on a trade discount',
    ),
  taxAmount: z.number().int().describe('What the line adds to the tax: round(total × taxRate)'),
});

/** One tax rate or category of an invoice (LTSuat): amount before tax, tax and total. */
export const taxGroupTotals = z.object({
  taxGroup: z.string().describe('0%, 5%, 8%, 10%, KCT, KKKNT or KHAC:x.xx'),
  rate: z.number().optional().describe('The rate, for 0 %, 5 %, 8 %, 10 % and KHAC'),
  category: z.enum(TAX_CATEGORIES).optional(),
  amount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});

export const detailTotals = totals.extend({
  byRate: z
    .array(taxGroupTotals)
    .describe('Per rate and category, in the order KCT, 0 %, 5 %, 8 %, 10 %, KKKNT, others'),
  discountTotal: z
    .number()
    .int()
    .describe('Line discounts and trade discounts together: how much below the listed prices, before tax'),
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
  totals: detailTotals,
  lookupCode: z.string().optional().describe("Mã tra cứu: what the buyer types at the seller's lookup portal"),
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
  delivery: z
    .array(
      z.object({
        channel: z.enum(['email', 'webhook']),
        to: z.string(),
        state: z.enum(['queued', 'sent', 'failed']),
        at: z.string(),
        error: z.string().optional(),
      }),
    )
    .describe('Its sendings to the buyer, oldest first: e-mail, or the webhook of a buyer known by phone.'),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const createdInvoice = invoiceDetail.extend({
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});
