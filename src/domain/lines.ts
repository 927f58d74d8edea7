/**
 * The invoice line as Vietnamese shops sell (Circular 78, QĐ 1450/1510 line natures), priced in integer đồng.
 * The one rounding rule, applied in this order, each step rounding half away from zero (`roundProduct`):
 *
 *   gross    = round(quantity × unitPrice)
 *   discount = round(gross × discountRate)            or discountAmount as sent
 *   amount   = gross − discount                       (ThTien)
 *   tax      = round(amount × taxRate)                (0 for KCT and KKKNT)
 *
 * A line's `total` and `taxAmount` are what it adds to the invoice: a promotion and a note add nothing, a
 * trade discount (chiết khấu thương mại) subtracts its amount and that amount's tax from its rate's group.
 * Every reader of the lines sums these two figures; no reader needs to know the kinds.
 *
 * A shelf price (`pricesIncludeVat`: the price the shop states, VAT included) is priced the other way round,
 * so that the invoice's total is exactly the sum of the shelf prices (docs/invoices.md, "Shelf prices"):
 *
 *   total with tax = round(quantity × shelf price) − discount     (the discount is taken off the shelf price)
 *   amount         = round(total with tax ÷ (1 + taxRate))         (ThTien; equal to it for KCT and KKKNT)
 *   tax            = total with tax − amount
 *   DGia           = shelf price ÷ (1 + taxRate), to the 6 decimals the XML allows
 *
 * and the line's discount as written (STCKhau) is the part of round(quantity × DGia) that the amount lacks,
 * so that SLuong × DGia − STCKhau = ThTien on the invoice. Pure.
 */
import { roundProduct, roundQuotient } from './money.js';
import { type TaxCategory, taxGroupOf } from './tax-breakdown.js';

/** Line natures (TChat): 1 goods or service, 2 promotion given free, 3 trade discount, 4 note. */
export const LINE_KINDS = ['goods', 'promotion', 'tradeDiscount', 'note'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_NATURE: Record<LineKind, 1 | 2 | 3 | 4> = { goods: 1, promotion: 2, tradeDiscount: 3, note: 4 };

export interface LineTerms {
  kind?: LineKind | undefined;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  taxCategory?: TaxCategory | undefined;
  discountRate?: number | undefined;
  discountAmount?: number | undefined;
  /** `unitPrice` and `discountAmount` are the shop's shelf figures, VAT included. */
  pricesIncludeVat?: boolean | undefined;
}

export interface LineFigures {
  /** round(quantity × unitPrice): the listed amount of the line. */
  gross: number;
  /** The line's discount in đồng (STCKhau). */
  discount: number;
  /** What the line adds to the invoice's amount before tax (negative for a trade discount). */
  total: number;
  /** What the line adds to the invoice's tax. */
  taxAmount: number;
  /** The line's tax group (`TSuat`: 10%, KCT, KHAC:5.26…); null for a note. */
  taxGroup: string | null;
}

/** Whether the line's tax group is taxed at its rate (KCT and KKKNT are not). */
export const isTaxed = (category: TaxCategory | undefined) => category !== 'KCT' && category !== 'KKKNT';

/** A shelf-priced line's figures, and its price before tax (DGia) that the invoice writes as its unitPrice. */
export interface ShelfLineFigures extends LineFigures {
  unitPriceBeforeTax: number;
  /** round(quantity × shelf price) and the discount taken off it, VAT included. */
  shelfGross: number;
  shelfDiscount: number;
}

export function lineFigures(line: LineTerms): LineFigures {
  if (line.pricesIncludeVat) return shelfLineFigures(line);
  const kind = line.kind ?? 'goods';
  if (kind === 'note') return { gross: 0, discount: 0, total: 0, taxAmount: 0, taxGroup: null };
  const taxGroup = taxGroupOf(line.taxRate, line.taxCategory);
  const gross = roundProduct(line.quantity, line.unitPrice);
  if (kind === 'promotion') return { gross, discount: 0, total: 0, taxAmount: 0, taxGroup };
  const discount =
    line.discountAmount ?? (line.discountRate === undefined ? 0 : roundProduct(gross, line.discountRate));
  const amount = gross - discount;
  const tax = isTaxed(line.taxCategory) ? roundProduct(amount, line.taxRate) : 0;
  const sign = kind === 'tradeDiscount' ? -1 : 1;
  return { gross, discount, total: sign * amount || 0, taxAmount: sign * tax || 0, taxGroup };
}

/** The line rule for a shelf price, VAT included (the module's comment). */
export function shelfLineFigures(line: LineTerms): ShelfLineFigures {
  const kind = line.kind ?? 'goods';
  const taxed = isTaxed(line.taxCategory);
  const unitPriceBeforeTax = taxed ? roundQuotient(line.unitPrice, 1 + line.taxRate, 6) : line.unitPrice;
  if (kind === 'note') {
    return {
      ...lineFigures({ ...line, pricesIncludeVat: false }),
      unitPriceBeforeTax,
      shelfGross: 0,
      shelfDiscount: 0,
    };
  }
  const taxGroup = taxGroupOf(line.taxRate, line.taxCategory);
  const shelfGross = roundProduct(line.quantity, line.unitPrice);
  const gross = roundProduct(line.quantity, unitPriceBeforeTax);
  if (kind === 'promotion') {
    return { gross, discount: 0, total: 0, taxAmount: 0, taxGroup, unitPriceBeforeTax, shelfGross, shelfDiscount: 0 };
  }
  const shelfDiscount =
    line.discountAmount ?? (line.discountRate === undefined ? 0 : roundProduct(shelfGross, line.discountRate));
  const withTax = shelfGross - shelfDiscount;
  const amount = taxed ? roundQuotient(withTax, 1 + line.taxRate) : withTax;
  const tax = withTax - amount;
  const discount = shelfDiscount === 0 ? 0 : Math.max(0, gross - amount);
  const sign = kind === 'tradeDiscount' ? -1 : 1;
  return {
    gross,
    discount,
    total: sign * amount || 0,
    taxAmount: sign * tax || 0,
    taxGroup,
    unitPriceBeforeTax,
    shelfGross,
    shelfDiscount,
  };
}

/**
 * The quantity a line takes out of the store, for the end of day and the SKU figures: goods and promotions
 * of a sale or of an increase adjustment. A decrease is a price adjustment (its quantity is what the price
 * applied to, not goods coming back), an information adjustment moves nothing, a trade discount and a note
 * are no goods. `SOLD_QUANTITY_SQL` is the same rule over `it` (invoice_items) and `i` (invoices).
 */
export function soldQuantity(
  invoice: { adjustmentType: string | null },
  line: { kind: LineKind; quantity: number },
): number {
  const moves =
    (line.kind === 'goods' || line.kind === 'promotion') && (invoice.adjustmentType ?? 'increase') === 'increase';
  return moves ? line.quantity : 0;
}

export const SOLD_QUANTITY_SQL = `CASE WHEN it.kind IN ('goods', 'promotion') AND coalesce(i.adjustment_type, 'increase') = 'increase' THEN it.quantity ELSE 0 END`;
