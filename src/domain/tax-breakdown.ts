/** The per-rate tax breakdown printed on an invoice and sent in its XML (THTTLTSuat). Pure. */

export interface RateGroup {
  taxRate: number;
  /** Σ line totals at this rate, before tax. */
  amount: number;
  taxAmount: number;
}

export function taxBreakdown(items: readonly { taxRate: number; total: number; taxAmount: number }[]): RateGroup[] {
  const groups = new Map<number, RateGroup>();
  for (const item of items) {
    const group = groups.get(item.taxRate) ?? { taxRate: item.taxRate, amount: 0, taxAmount: 0 };
    group.amount += item.total;
    group.taxAmount += item.taxAmount;
    groups.set(item.taxRate, group);
  }
  return [...groups.values()].sort((a, b) => a.taxRate - b.taxRate);
}

/** A rate as a percentage without float noise: 0.08 → "8", 0.035 → "3.5". */
export const ratePercent = (rate: number): string => String(Number((rate * 100).toFixed(4)));

/** The tax format's rate text: 0%, 5%, 8%, 10%, or KHAC:x% for any other rate. */
export function taxRateText(rate: number): string {
  const percent = ratePercent(rate);
  return ['0', '5', '8', '10'].includes(percent) ? `${percent}%` : `KHAC:${percent}%`;
}
