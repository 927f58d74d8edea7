/** Turns a request's lines into priced lines, applying the line rule of src/domain/lines.ts. Pure. */
import { type LineKind, type LineTerms, lineFigures, shelfLineFigures } from '../domain/lines.js';
import { lineTotalMatches } from '../domain/money.js';
import type { FieldError } from '../errors.js';

export interface LineRequest extends LineTerms {
  name: string;
  sku?: string | undefined;
  unit?: string | undefined;
  total?: number | undefined;
}

/**
 * A priced line: `unitPrice` is the price before tax (DGia) even when the request sent a shelf price, which
 * `shelfPrice` keeps (VAT included, as the shop states it).
 */
export interface PricedLine extends LineRequest {
  kind: LineKind;
  shelfPrice?: number | undefined;
  discount: number;
  total: number;
  taxAmount: number;
  taxGroup: string | null;
}

/** Totals of priced lines: the spec's three and the discounts (line discounts and trade discounts). */
export interface LinesTotals {
  subtotal: number;
  taxAmount: number;
  total: number;
  discountTotal: number;
}

export type PricingResult =
  | { ok: true; lines: PricedLine[]; totals: LinesTotals }
  | { ok: false; errors: FieldError[] };

export function linesTotals(lines: readonly Pick<PricedLine, 'kind' | 'discount' | 'total' | 'taxAmount'>[]) {
  let subtotal = 0;
  let taxAmount = 0;
  let discountTotal = 0;
  for (const line of lines) {
    subtotal += line.total;
    taxAmount += line.taxAmount;
    discountTotal += line.kind === 'tradeDiscount' ? -line.total : line.discount;
  }
  return { subtotal, taxAmount, total: subtotal + taxAmount, discountTotal };
}

/** A line's rate must be configured, unless it is a category's (KHAC carries its own; KCT, KKKNT none). */
const rateAllowed = (line: LineRequest, allowed: readonly number[]) =>
  line.kind === 'note' || line.taxCategory !== undefined || allowed.includes(line.taxRate);

/**
 * Why a sale's lines would lower revenue (docs/invoices.md, "Trade discounts"): the trade discounts of a
 * tax group above the goods of that group, or a total below zero. Lowering an issued sale is a decrease
 * adjustment's job, which only accountants and admins make; a till's invoice that totalled −5,500,000 đồng
 * took the day's cash below zero (docs/security.md, F2). Each refusal names the line.
 */
export function negativeSaleErrors(lines: readonly PricedLine[]): FieldError[] {
  const errors: FieldError[] = [];
  const goods = new Map<string, number>();
  for (const line of lines)
    if (line.taxGroup && line.total > 0) goods.set(line.taxGroup, (goods.get(line.taxGroup) ?? 0) + line.total);
  const discounted = new Map<string, number>();
  lines.forEach((line, i) => {
    if (line.kind !== 'tradeDiscount' || !line.taxGroup) return;
    const sum = (discounted.get(line.taxGroup) ?? 0) - line.total;
    discounted.set(line.taxGroup, sum);
    const available = goods.get(line.taxGroup) ?? 0;
    if (sum > available)
      errors.push({
        path: `body.items.${i}`,
        message:
          `Dòng ${i + 1}: chiết khấu thương mại của nhóm thuế suất ${line.taxGroup} (${sum.toLocaleString('vi-VN')} đồng) ` +
          `vượt tiền hàng của nhóm (${available.toLocaleString('vi-VN')} đồng). Giảm doanh thu đã xuất hóa đơn ` +
          'thì lập hóa đơn điều chỉnh giảm.',
      });
  });
  const totals = linesTotals(lines);
  if (errors.length === 0 && totals.total < 0)
    errors.push({
      path: 'body.items',
      message: `Tổng tiền hóa đơn không được âm (${totals.total.toLocaleString('vi-VN')} đồng).`,
    });
  return errors;
}

export function priceLines(
  requested: readonly LineRequest[],
  allowedTaxRates: readonly number[],
  options: { adjustment?: boolean } = {},
): PricingResult {
  const errors: FieldError[] = [];
  const lines = requested.map((line, i): PricedLine => {
    const at = (field: string, message: string) => errors.push({ path: `body.items.${i}.${field}`, message });
    if (!rateAllowed(line, allowedTaxRates)) {
      at('taxRate', `Thuế suất ${line.taxRate} không được cấu hình; cho phép: ${allowedTaxRates.join(', ')}.`);
    }
    const kind = line.kind ?? 'goods';
    const shelf = line.pricesIncludeVat ? shelfLineFigures({ ...line, kind }) : undefined;
    const figures = shelf ?? lineFigures({ ...line, kind });
    // A shelf-priced line's discount and total are VAT included, like its price.
    const gross = shelf ? shelf.shelfGross : figures.gross;
    const discount = shelf ? shelf.shelfDiscount : figures.discount;
    const sentTotal = shelf ? Math.abs(figures.total + figures.taxAmount) : Math.abs(figures.total);
    if (line.discountAmount !== undefined && discount > gross) {
      at('discountAmount', `Chiết khấu ${line.discountAmount} lớn hơn thành tiền ${gross} của dòng.`);
    }
    if (!lineTotalMatches(line.total, sentTotal)) {
      at(
        'total',
        shelf
          ? `Thành tiền ${line.total} khác số tính được ${sentTotal} (số lượng × giá đã gồm thuế − chiết khấu).`
          : `Thành tiền ${line.total} khác số tính được ${sentTotal} (số lượng × đơn giá − chiết khấu).`,
      );
    }
    const { pricesIncludeVat: _inclusive, ...request } = line;
    return {
      ...request,
      ...(shelf && { unitPrice: shelf.unitPriceBeforeTax, shelfPrice: line.unitPrice }),
      kind,
      discount: figures.discount,
      total: figures.total,
      taxAmount: figures.taxAmount,
      taxGroup: figures.taxGroup,
    };
  });
  if (errors.length > 0) return { ok: false, errors };
  // An adjustment's lines are the change, not a sale: its own rules (lifecycle/corrections.ts) hold them.
  const negative = options.adjustment ? [] : negativeSaleErrors(lines);
  if (negative.length > 0) return { ok: false, errors: negative };
  return { ok: true, lines, totals: linesTotals(lines) };
}

/** A priced line as it was requested (an order keeps its priced lines; issuing prices them again). */
export function requestOf(line: PricedLine): LineRequest {
  const { discount: _discount, total: _total, taxAmount: _tax, taxGroup: _group, shelfPrice, ...request } = line;
  return shelfPrice === undefined ? request : { ...request, unitPrice: shelfPrice, pricesIncludeVat: true };
}

/** The request's lines with its `pricesIncludeVat` applied to each (POST /invoices, /orders, replace, adjust). */
export const withShelfPrices = <T extends LineRequest>(lines: readonly T[], pricesIncludeVat: boolean | undefined) =>
  pricesIncludeVat ? lines.map((line) => ({ ...line, pricesIncludeVat: true })) : lines;
