/** Turns a request's lines into priced lines, applying the money rules of decisions §1. Pure. */
import { invoiceTotals, lineAmounts, lineTotalMatches, type InvoiceTotals } from '../domain/money.js';
import type { FieldError } from '../errors.js';

export interface LineRequest {
  name: string;
  sku?: string | undefined;
  unit?: string | undefined;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  total?: number | undefined;
}

export interface PricedLine extends LineRequest {
  total: number;
  taxAmount: number;
}

export type PricingResult =
  | { ok: true; lines: PricedLine[]; totals: InvoiceTotals }
  | { ok: false; errors: FieldError[] };

export function priceLines(requested: readonly LineRequest[], allowedTaxRates: readonly number[]): PricingResult {
  const errors: FieldError[] = [];
  const lines = requested.map((line, i) => {
    if (!allowedTaxRates.includes(line.taxRate)) {
      errors.push({
        path: `body.items.${i}.taxRate`,
        message: `Thuế suất ${line.taxRate} không được cấu hình; cho phép: ${allowedTaxRates.join(', ')}.`,
      });
    }
    const amounts = lineAmounts(line);
    if (!lineTotalMatches(line.total, amounts.total)) {
      errors.push({
        path: `body.items.${i}.total`,
        message: `Thành tiền ${line.total} khác số tính được ${amounts.total} (số lượng × đơn giá).`,
      });
    }
    return { ...line, ...amounts };
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, lines, totals: invoiceTotals(lines) };
}
