/**
 * The arithmetic of the till, pure: reading what the cashier typed (Vietnamese numbers, the comma is the
 * decimal separator), the reason a quantity, price or discount cannot be sold, the totals the node will
 * compute, and the items of the order as the API takes them.
 *
 * A whole-sale discount is sent as one trade-discount line (`kind: tradeDiscount`) per tax rate of the sale,
 * each reducing that rate's base: the invoice shows the discount as the law describes it ("chiết khấu
 * thương mại"), and no line's own price is altered. An amount is split over the rates in proportion to their
 * bases (src/domain/proportional-split.ts).
 */
import { lineFigures } from '../../../src/domain/lines';
import { splitProportionally } from '../../../src/domain/proportional-split';
import type { Discount, Sale, SaleLine, TaxChoice } from './draft';
import { T } from './strings';

/** Units of weight, volume and length: sold by the scale, up to 3 decimals. Everything else is counted. */
const MEASURED_UNITS = /^(kg|g|gr|gam|gram|lạng|yến|tạ|tấn|l|lít|lit|ml|m|mét|met|cm|m2|m²|m3|m³)$/i;

export const isMeasured = (unit: string | undefined) => unit !== undefined && MEASURED_UNITS.test(unit.trim());

/** "1,25" or "1.25" → 1.25 (a quantity has no thousands); undefined when it is not a number. */
export function readQuantity(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
}

/** "25.000" or "25000" → 25000 (dots group thousands); undefined when it is not whole đồng. */
export function readMoney(text: string): number | undefined {
  const t = text.trim().replace(/[.\s]/g, '').replace(/[₫đ]$/i, '');
  return /^\d{1,13}$/.test(t) ? Number(t) : undefined;
}

/** Why this quantity cannot be sold, in Vietnamese; undefined when it can. */
export function quantityProblem(line: Pick<SaleLine, 'quantityText' | 'unit'>): string | undefined {
  if (line.quantityText.trim() === '') return T.quantityEmpty;
  if (/^\s*-/.test(line.quantityText)) return T.quantityPositive;
  const value = readQuantity(line.quantityText);
  if (value === undefined) return T.quantityNumber;
  if (value <= 0) return T.quantityPositive;
  if (value > 1e6) return T.quantityTooLarge;
  if (!Number.isInteger(value) && !isMeasured(line.unit)) return T.quantityWhole(line.unit ?? '');
  if (Math.round(value * 1000) !== value * 1000) return T.quantityDecimals;
  return undefined;
}

export function priceProblem(text: string): string | undefined {
  if (text.trim() === '') return T.priceEmpty;
  if (/^\s*-/.test(text)) return T.priceNegative;
  return readMoney(text) === undefined ? T.priceWhole : undefined;
}

const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/** The line's amount before its discount. A promotional item is given: 0 đồng. */
export const grossOf = (line: SaleLine) => (line.promotion ? 0 : round(line.quantity * line.unitPrice));

/** A discount as a rate (0 < r < 1) or whole đồng below the amount it reduces; a message when it cannot be. */
export function readDiscount(
  discount: Discount | undefined,
  base: number,
): { rate?: number; amount?: number; problem?: string } {
  if (!discount || discount.text.trim() === '') return {};
  if (discount.mode === 'rate') {
    const percent = readQuantity(discount.text);
    if (percent === undefined || percent <= 0 || percent >= 100) return { problem: T.discountRate };
    return { rate: Math.round(percent * 1000) / 100_000 };
  }
  const amount = readMoney(discount.text);
  if (amount === undefined || amount <= 0) return { problem: T.discountAmount };
  if (amount >= base) return { problem: T.discountTooLarge };
  return { amount };
}

export function lineDiscount(line: SaleLine): number {
  const { rate, amount } = readDiscount(line.discount, grossOf(line));
  return rate !== undefined ? round(grossOf(line) * rate) : (amount ?? 0);
}

export const netOf = (line: SaleLine) => grossOf(line) - lineDiscount(line);

/** Every reason the sale cannot be issued as it stands, by field id (the message shows beside that field). */
export function saleProblems(sale: Sale): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const line of sale.lines) {
    const quantity = quantityProblem(line);
    if (quantity) problems[`qty-${line.id}`] = quantity;
    const price = priceProblem(line.priceText);
    if (price) problems[`price-${line.id}`] = price;
    else if (line.unitPrice === 0 && !line.promotion) problems[`price-${line.id}`] = T.zeroPrice;
    const discount = readDiscount(line.discount, grossOf(line)).problem;
    if (discount) problems[`discount-${line.id}`] = discount;
  }
  const sold = sale.lines.reduce((sum, l) => sum + netOf(l), 0);
  const whole = readDiscount(sale.discount, sold).problem;
  if (whole) problems['sale-discount'] = whole;
  return problems;
}

const taxKey = (tax: TaxChoice) => String(tax);

/** The whole-sale discount as đồng per tax choice, each below that choice's base. */
export function tradeDiscounts(sale: Sale): { tax: TaxChoice; amount: number }[] {
  const bases = new Map<string, { tax: TaxChoice; base: number }>();
  for (const line of sale.lines) {
    const group = bases.get(taxKey(line.tax)) ?? { tax: line.tax, base: 0 };
    group.base += netOf(line);
    bases.set(taxKey(line.tax), group);
  }
  const groups = [...bases.values()].filter((g) => g.base > 0);
  const total = groups.reduce((sum, g) => sum + g.base, 0);
  const { rate, amount } = readDiscount(sale.discount, total);
  if (rate !== undefined) return groups.map((g) => ({ tax: g.tax, amount: round(g.base * rate) }));
  if (amount === undefined) return [];
  const shares = splitProportionally(
    amount,
    groups.map((g) => g.base),
  );
  return groups.map((g, i) => ({ tax: g.tax, amount: shares[i] ?? 0 })).filter((s) => s.amount > 0);
}

/**
 * What the node will compute, shown before issuing: the node's own line rule (src/domain/lines.ts) over the
 * items the till sends, at shelf prices (VAT included) when the store's prices are. `goods` is the amount
 * before discounts, so that goods − discounts + tax = total as the till prints it.
 */
export function totalsOf(sale: Sale, pricesIncludeVat = false) {
  let subtotal = 0;
  let taxAmount = 0;
  let discountTotal = 0;
  for (const item of orderItems(sale)) {
    const figures = lineFigures({ ...item, taxRate: item.taxRate ?? 0, pricesIncludeVat });
    subtotal += figures.total;
    taxAmount += figures.taxAmount;
    discountTotal += item.kind === 'tradeDiscount' ? -figures.total : figures.discount;
  }
  return { goods: subtotal + discountTotal, subtotal, taxAmount, discountTotal, total: subtotal + taxAmount };
}

const taxFields = (tax: TaxChoice) => (typeof tax === 'number' ? { taxRate: tax } : { taxCategory: tax });

/**
 * The order's items. A plain catalogue line is sent exactly as before discounts existed; the new fields
 * (kind, discount, category) only when the line uses them.
 */
export function orderItems(sale: Sale) {
  const lines = sale.lines.map((line) => {
    const { rate, amount } = readDiscount(line.discount, grossOf(line));
    return {
      name: line.name,
      ...(line.sku ? { sku: line.sku } : {}),
      ...(line.unit ? { unit: line.unit } : {}),
      quantity: line.quantity,
      unitPrice: line.promotion ? 0 : line.unitPrice,
      ...taxFields(line.tax),
      ...(line.promotion ? { kind: 'promotion' as const } : {}),
      ...(rate !== undefined ? { discountRate: rate } : {}),
      ...(amount !== undefined ? { discountAmount: amount } : {}),
    };
  });
  const trades = tradeDiscounts(sale).map((trade) => ({
    name: T.tradeDiscountLine(typeof trade.tax === 'number' ? trade.tax : trade.tax),
    kind: 'tradeDiscount' as const,
    quantity: 1,
    unitPrice: trade.amount,
    ...taxFields(trade.tax),
  }));
  return [...lines, ...trades];
}
