/**
 * Cash rounding at the till (docs/invoices.md, "Cash rounding"): a cash total is asked to the nearest step
 * the shop chose (none, 100, 500 or 1.000 đồng), halves upwards. The difference is printed on the receipt as
 * "Làm tròn" and never enters the invoice's amounts, which stay the sum of its lines. Pure.
 */

export const CASH_ROUNDING_STEPS = [0, 100, 500, 1000] as const;
export type CashRoundingStep = (typeof CASH_ROUNDING_STEPS)[number];

export interface CashRounding {
  /** What the cashier asks for. */
  due: number;
  /** due − the invoice's total: negative when rounded down. */
  rounding: number;
}

export function cashRounding(total: number, step: number): CashRounding {
  if (step <= 0 || !Number.isInteger(total)) return { due: total, rounding: 0 };
  const due = Math.floor((total + step / 2) / step) * step;
  return { due, rounding: due - total };
}
