/**
 * The request's invoice line (docs/invoices.md, "Lines"): what each kind of line must and must not carry,
 * refused at validation with a Vietnamese message at the field. The figures are src/domain/lines.ts's.
 */
import { z } from 'zod';
import { LINE_KINDS } from '../domain/lines.js';
import { khacRateWritable, TAX_CATEGORIES } from '../domain/tax-breakdown.js';
import { XML_FIELD_LIMITS } from '../domain/xml-field-limits.js';
import { hasXmlPrecision, storedText } from '../http/fields.js';

const notNegativeZero = (n: number) => !Object.is(n, -0);
const text = (max: number) => storedText(max);
const precise = 'Tối đa 6 chữ số thập phân (độ chính xác của hóa đơn XML).';

/** Weighed goods: up to 3 decimals of a kilogram or a litre (0.75 kg). */
const QUANTITY = /^\d+(\.\d{1,3})?$/;
const quantity = z
  .number()
  .gt(0)
  .max(1e9)
  .refine(notNegativeZero)
  .refine((n) => QUANTITY.test(String(n)), 'Số lượng có tối đa 3 chữ số thập phân.');
const unitPrice = z
  .number()
  .min(0)
  .max(1e12)
  .refine(notNegativeZero, 'unitPrice không được là -0.')
  .refine(hasXmlPrecision, precise);
const taxRate = z.number().min(0).max(1).refine(notNegativeZero, 'taxRate không được là -0.');

const lineFields = {
  name: text(XML_FIELD_LIMITS.itemName.max).min(1, 'Tên hàng hóa không được để trống.'),
  sku: text(XML_FIELD_LIMITS.itemSku.max).optional(),
  unit: text(XML_FIELD_LIMITS.itemUnit.max)
    .optional()
    .describe('ĐVT: required on a promotion line and with a fractional quantity.'),
  kind: z
    .enum(LINE_KINDS)
    .optional()
    .describe(
      'goods (default, TChat 1); promotion (TChat 2: printed, amount 0, tax 0); tradeDiscount (TChat 3: a positive ' +
        "amount that reduces its rate's taxable base); note (TChat 4: a text line, name only).",
    ),
  quantity: quantity.optional().describe('Required except on a note; up to 3 decimals (weighed goods).'),
  unitPrice: unitPrice.optional().describe('Required except on a note.'),
  taxRate: taxRate
    .optional()
    .describe(
      'Decimal fraction; one of the configured rates, or any rate with taxCategory KHAC; none with KCT, KKKNT.',
    ),
  taxCategory: z
    .enum(TAX_CATEGORIES)
    .optional()
    .describe('KCT (không chịu thuế) or KKKNT (không kê khai, tính nộp thuế), without taxRate; KHAC with its taxRate.'),
  discountRate: z
    .number()
    .gt(0)
    .lt(1)
    .refine(hasXmlPrecision, precise)
    .optional()
    .describe('Fraction of round(quantity × unitPrice) taken off (TLCKhau as a percentage); not with discountAmount.'),
  discountAmount: z
    .number()
    .int()
    .min(1)
    .max(1e15)
    .optional()
    .describe('Whole đồng taken off the line (STCKhau); not with discountRate.'),
  total: z
    .number()
    .min(-1e15)
    .max(1e15)
    .optional()
    .describe(
      "Optional; when sent it must match the line's amount, round(quantity × unitPrice) − discount, within 1 đồng.",
    ),
};

type LineFields = z.infer<z.ZodObject<typeof lineFields>>;

const issueAt = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

/**
 * What a line of each kind must and must not carry. `forAdjustment`: the rate and unit may be left out,
 * taken from the original's line (corrections.ts).
 */
function checkLine(line: LineFields, ctx: z.RefinementCtx, forAdjustment: boolean) {
  const kind = line.kind ?? 'goods';
  if (kind === 'note') {
    for (const field of ['quantity', 'unitPrice', 'taxRate', 'taxCategory', 'discountRate', 'discountAmount'] as const)
      if (line[field] !== undefined)
        issueAt(ctx, field, 'Dòng ghi chú chỉ có nội dung (name), không có số lượng, giá, thuế.');
    return;
  }
  if (line.quantity === undefined) issueAt(ctx, 'quantity', 'Thiếu số lượng.');
  if (line.unitPrice === undefined) issueAt(ctx, 'unitPrice', 'Thiếu đơn giá.');
  // The interface spec's item has no unit, so a whole quantity of goods may still come without one (issued
  // without ĐVT, never with a guessed one); a weighed quantity or a promotional item cannot.
  const weighed = line.quantity !== undefined && !Number.isInteger(line.quantity);
  if ((kind === 'promotion' || weighed) && !line.unit && !forAdjustment)
    issueAt(ctx, 'unit', 'Thiếu đơn vị tính (unit) của hàng hóa, ví dụ "cái", "kg", "ly".');
  if (line.taxCategory === 'KCT' || line.taxCategory === 'KKKNT') {
    if (line.taxRate !== undefined) issueAt(ctx, 'taxRate', `Hàng ${line.taxCategory} không có thuế suất: bỏ taxRate.`);
  } else if (line.taxCategory === 'KHAC') {
    if (line.taxRate === undefined || line.taxRate <= 0 || line.taxRate >= 1)
      issueAt(ctx, 'taxRate', 'Thuế suất khác (KHAC) cần taxRate trong khoảng (0, 1).');
    else if (!khacRateWritable(line.taxRate))
      issueAt(
        ctx,
        'taxRate',
        'Thuế suất khác (KHAC) có tối đa hai chữ số thập phân của phần trăm (ví dụ 0.0526 là 5,26%), để TSuat ghi đúng thuế suất đã tính.',
      );
  } else if (line.taxRate === undefined && !forAdjustment) {
    issueAt(ctx, 'taxRate', 'Thiếu thuế suất (taxRate) hoặc loại thuế (taxCategory KCT, KKKNT).');
  }
  if (line.discountRate !== undefined && line.discountAmount !== undefined)
    issueAt(ctx, 'discountAmount', 'Chỉ gửi một trong hai: discountRate hoặc discountAmount.');
  if (kind !== 'goods' && (line.discountRate !== undefined || line.discountAmount !== undefined))
    issueAt(ctx, 'discountRate', 'Chỉ dòng hàng hóa (goods) mới có chiết khấu.');
}

/** A line as issuing prices it: a note's quantity and price 0. */
const withDefaults = <T extends LineFields>(line: T) => ({
  ...line,
  quantity: line.quantity ?? 0,
  unitPrice: line.unitPrice ?? 0,
});

/** A line of POST /invoices, /orders and a replacement: every rate said. */
export const itemInput = z
  .strictObject(lineFields)
  .superRefine((line, ctx) => checkLine(line, ctx, false))
  .transform((line) => withDefaults({ ...line, taxRate: line.taxRate ?? 0 }));

/** A line of an adjustment: rate (and unit) default to the original's line (corrections.ts). */
export const adjustItemInput = z
  .strictObject({
    ...lineFields,
    taxRate: lineFields.taxRate.describe(
      "Defaults to the rate of the original's line with the same SKU (or name), or the original's only rate.",
    ),
  })
  .superRefine((line, ctx) => checkLine(line, ctx, true))
  .transform(withDefaults);

/** The body's flag that its lines' unitPrice (and discountAmount, total) are shelf figures, VAT included. */
export const pricesIncludeVat = z
  .boolean()
  .optional()
  .describe(
    "true: every line's unitPrice, discountAmount and total include VAT (the shop's shelf price); the line is " +
      'priced so that its total with tax is exactly round(quantity × unitPrice) − discount (docs/invoices.md, ' +
      '"Shelf prices"). Absent or false: unitPrice is before tax.',
  );

/**
 * The most an invoice may total, tax included, in đồng: far above any sale, and low enough that a month's or
 * a customer's sum of such invoices stays an exact integer (below 2^53) in JavaScript. A line of 1e9 × 1e12
 * had answered 500 when its total could not be written.
 */
export const MAX_INVOICE_TOTAL = 1e13;

interface LineAmounts {
  quantity?: number;
  unitPrice?: number;
  taxRate?: number;
}

/** The array of lines, refused when their total with tax (the highest rate when a line has none) is too large. */
export const invoiceLines = <T extends z.ZodType<LineAmounts[]>>(lines: T) =>
  lines.refine(
    (list) =>
      list.reduce((sum, l) => sum + (l.quantity ?? 0) * (l.unitPrice ?? 0) * (1 + (l.taxRate ?? 1)), 0) <=
      MAX_INVOICE_TOTAL,
    `Tổng tiền hóa đơn (kể cả thuế) không được vượt quá ${MAX_INVOICE_TOTAL.toLocaleString('vi-VN')} đồng.`,
  );
