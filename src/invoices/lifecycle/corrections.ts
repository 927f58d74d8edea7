/**
 * Correcting an issued invoice (Decree 123/2020 art. 19 as amended by Decree 70/2025): an invoice is never
 * edited; a replacement (thay thế) or an adjustment (điều chỉnh) invoice is issued instead. This module is
 * the state machine of docs/decisions.md §5 as pure functions: which invoice may be corrected how, what happens to
 * the original, and how the lines of an adjustment are signed. No HTTP, no database.
 */
import type { TaxCategory } from '../../domain/tax-breakdown.js';
import type { LinesTotals, PricedLine } from '../invoice-lines.js';
import type { InvoiceStatus } from '../invoices.table.js';

export type Correction = 'replace' | 'adjust';
export const ADJUSTMENT_TYPES = ['increase', 'decrease', 'info'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** Source statuses each correction accepts (docs/decisions.md §5). */
export const ALLOWED_FROM: Record<Correction, readonly InvoiceStatus[]> = {
  replace: ['issued', 'adjusted', 'error'],
  adjust: ['issued'],
};

/** The facts of an invoice that decide whether it may be corrected. */
export interface CorrectionSubject {
  status: InvoiceStatus;
  replacesId: string | null;
  adjustedById: string | null;
}

const STATUS_NAMES: Record<InvoiceStatus, string> = {
  pending: 'đang chờ phát hành',
  issued: 'đã phát hành',
  adjusted: 'là hóa đơn điều chỉnh',
  replaced: 'đã bị thay thế',
  error: 'bị cơ quan thuế từ chối',
};

/**
 * Why `invoice` may not be corrected that way (a Vietnamese message), or undefined when it may.
 * Beyond the statuses: once an error was handled one way, later errors of the same invoice are handled
 * the same way (Decree 123 art. 19 cl. 2(c)): an adjusted original is adjusted again, never replaced, and
 * a replacement invoice is replaced again, never adjusted.
 */
export function refusal(correction: Correction, invoice: CorrectionSubject): string | undefined {
  const verb = correction === 'replace' ? 'thay thế' : 'điều chỉnh';
  if (!ALLOWED_FROM[correction].includes(invoice.status)) {
    return `Không thể ${verb} hóa đơn ${STATUS_NAMES[invoice.status]}.`;
  }
  if (correction === 'replace' && invoice.adjustedById !== null) {
    return 'Hóa đơn đã được xử lý bằng hóa đơn điều chỉnh; sai sót tiếp theo phải tiếp tục điều chỉnh, không thay thế.';
  }
  if (correction === 'adjust' && invoice.replacesId !== null) {
    return 'Hóa đơn này là hóa đơn thay thế; sai sót tiếp theo phải tiếp tục thay thế, không điều chỉnh.';
  }
  return undefined;
}

/** The change to the original invoice once its correction `newId` is issued. */
export function originalAfter(
  correction: Correction,
  newId: string,
): { status?: InvoiceStatus; replacedById?: string; adjustedById?: string } {
  // An adjusted original stays `issued` (it still counts; the adjustment adds its signed totals) and
  // points at its latest adjustment: every round of adjustment names the original through `adjusts`.
  return correction === 'replace' ? { status: 'replaced', replacedById: newId } : { adjustedById: newId };
}

/**
 * Lines of an adjustment are sent as positive amounts; a decrease is stored signed as a price adjustment:
 * the quantity stays what was sold, the unit price, the discount, the line total, the line tax and the
 * totals become negative, so that quantity × price = total still holds, every sum over invoices (revenue,
 * tax, SKU figures) moves down by the decrease, and no quantity comes back to the shelf that never did.
 */
export function signedForAdjustment<
  T extends Pick<PricedLine, 'unitPrice' | 'shelfPrice' | 'discount' | 'total' | 'taxAmount'> & {
    discountAmount?: number | undefined;
  },
>(type: AdjustmentType, pricing: { lines: readonly T[]; totals: LinesTotals }): { lines: T[]; totals: LinesTotals } {
  if (type !== 'decrease') return { lines: [...pricing.lines], totals: pricing.totals };
  const negate = (n: number) => (n === 0 ? 0 : -n);
  return {
    lines: pricing.lines.map((line) => ({
      ...line,
      unitPrice: negate(line.unitPrice),
      ...(line.shelfPrice !== undefined && { shelfPrice: negate(line.shelfPrice) }),
      discount: negate(line.discount),
      ...(line.discountAmount !== undefined && { discountAmount: negate(line.discountAmount) }),
      total: negate(line.total),
      taxAmount: negate(line.taxAmount),
    })),
    totals: {
      subtotal: negate(pricing.totals.subtotal),
      taxAmount: negate(pricing.totals.taxAmount),
      total: negate(pricing.totals.total),
      discountTotal: negate(pricing.totals.discountTotal),
    },
  };
}

/** An increase or decrease must move money; an information-only adjustment must not. */
export function amountRefusal(
  type: AdjustmentType,
  lines: readonly Pick<PricedLine, 'total' | 'taxAmount'>[],
): string | undefined {
  const moves = lines.some((line) => line.total !== 0 || line.taxAmount !== 0);
  // Revenue goes down only through a decrease adjustment (docs/invoices.md, "Trade discounts").
  if (type === 'increase' && lines.reduce((sum, line) => sum + line.total + line.taxAmount, 0) < 0)
    return 'Hóa đơn điều chỉnh tăng không được có tổng tiền âm: dùng hóa đơn điều chỉnh giảm.';
  if (type === 'info' && moves) return 'Hóa đơn điều chỉnh thông tin không được có số tiền (đơn giá phải bằng 0).';
  if (type !== 'info' && !moves)
    return `Hóa đơn điều chỉnh ${type === 'increase' ? 'tăng' : 'giảm'} phải có số tiền khác 0.`;
  return undefined;
}

/**
 * The spec's adjust lines carry no tax rate: a line without one (nor a category) takes the rate and category
 * of the original's line of the same SKU (or, without SKU, the same name), or the original's only rate.
 * Otherwise the line must say. A line without a unit takes the matching line's unit (the spec's adjust
 * lines have none).
 */
export function withOriginalTaxRates<
  T extends {
    name: string;
    kind?: string | undefined;
    sku?: string | undefined;
    unit?: string | undefined;
    taxRate?: number | undefined;
    taxCategory?: TaxCategory | undefined;
  },
>(
  lines: readonly T[],
  original: readonly {
    name: string;
    sku?: string | null | undefined;
    unit?: string | null | undefined;
    taxRate: number;
    taxCategory?: TaxCategory | null | undefined;
  }[],
): { ok: true; lines: (T & { taxRate: number })[] } | { ok: false; errors: { path: string; message: string }[] } {
  const groups = new Map(original.map((item) => [`${item.taxCategory ?? ''}${item.taxRate}`, item]));
  const errors: { path: string; message: string }[] = [];
  const resolved = lines.map((line, i) => {
    const match = original.find((item) => (line.sku ? item.sku === line.sku : item.name === line.name));
    const unit = line.unit ?? match?.unit ?? undefined;
    const withUnit = unit === undefined ? line : { ...line, unit };
    if (line.kind === 'note' || line.taxRate !== undefined || line.taxCategory !== undefined) {
      return { ...withUnit, taxRate: line.taxRate ?? 0 };
    }
    const source = match ?? (groups.size === 1 ? [...groups.values()][0] : undefined);
    if (source === undefined) {
      errors.push({
        path: `body.items.${i}.taxRate`,
        message: 'Cần thuế suất: dòng hàng không khớp dòng nào của hóa đơn gốc.',
      });
      return { ...withUnit, taxRate: 0 };
    }
    return {
      ...withUnit,
      taxRate: source.taxRate,
      ...(source.taxCategory ? { taxCategory: source.taxCategory } : {}),
    };
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines: resolved };
}
