/**
 * Tax groups: the rates and categories an invoice's amounts are grouped by, in its XML (LTSuat), its print,
 * the sales ledger's sections and the VAT return. A group is named by its `TSuat` text: `0%`, `5%`, `8%`,
 * `10%`, `KCT` (không chịu thuế), `KKKNT` (không kê khai, tính nộp thuế), or `KHAC:x.xx` for any other rate
 * (the format's example `KHAC:5.26`, without a `%`). Pure.
 */

export const TAX_CATEGORIES = ['KCT', 'KKKNT', 'KHAC'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** The ordinary rates written as themselves; any other rate is `KHAC`. */
const ORDINARY_PERCENTS = ['0', '5', '8', '10'];

/** A rate as a percentage without float noise: 0.08 → "8", 0.035 → "3.5". */
export const ratePercent = (rate: number): string => String(Number((rate * 100).toFixed(4)));

/** The group (TSuat text) of a line at `rate` in `category`. */
export function taxGroupOf(rate: number, category?: TaxCategory): string {
  if (category === 'KCT' || category === 'KKKNT') return category;
  const percent = ratePercent(rate);
  if (category === undefined && ORDINARY_PERCENTS.includes(percent)) return `${percent}%`;
  return `KHAC:${(rate * 100).toFixed(2)}`;
}

/** The order of the sales ledger (03/DL-HĐĐT): KCT · 0% · 5% · 8% · 10% · KKKNT · other rates. */
export const TAX_GROUP_ORDER = ['KCT', '0%', '5%', '8%', '10%', 'KKKNT'] as const;

export function compareTaxGroups(a: string, b: string): number {
  const rank = (group: string) => {
    const i = (TAX_GROUP_ORDER as readonly string[]).indexOf(group);
    return i === -1 ? TAX_GROUP_ORDER.length : i;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The percentage of a KHAC group, read as the format's example writes it (`KHAC:5.26`) and as senders also
 * write it (`KHAC:5.26%`).
 */
export const khacPercent = (group: string): number => Number(group.slice(5).replace(/%$/, ''));

/** Whether a KHAC rate has at most two decimals of a percent, so that its TSuat text is the rate used. */
export const khacRateWritable = (rate: number): boolean => Math.abs(rate * 10_000 - Math.round(rate * 10_000)) < 1e-6;

/** How a group is printed: `10%`, `KCT`, `5,26%` for KHAC:5.26 (or KHAC:5.26%). */
export function taxGroupLabel(group: string): string {
  return group.startsWith('KHAC:') ? `${ratePercent(khacPercent(group) / 100).replace('.', ',')}%` : group;
}

/** The category of a group, if it is not an ordinary rate. */
export function categoryOfGroup(group: string): TaxCategory | undefined {
  if (group === 'KCT' || group === 'KKKNT') return group;
  return group.startsWith('KHAC:') ? 'KHAC' : undefined;
}

export interface TaxGroupFigures {
  /** The group's TSuat text. */
  taxGroup: string;
  /** Σ line totals of the group, before tax (trade discounts subtracted). */
  amount: number;
  taxAmount: number;
}

/**
 * The per-group breakdown (THTTLTSuat), in the ledger's order. Only lines that carry an amount form a group:
 * a promotion or a note alone makes no group.
 */
export function taxBreakdown(
  items: readonly { taxGroup?: string | null | undefined; total: number; taxAmount: number; kind?: string }[],
): TaxGroupFigures[] {
  const groups = new Map<string, TaxGroupFigures>();
  for (const item of items) {
    if (!item.taxGroup || item.kind === 'promotion' || item.kind === 'note') continue;
    const group = groups.get(item.taxGroup) ?? { taxGroup: item.taxGroup, amount: 0, taxAmount: 0 };
    group.amount += item.total;
    group.taxAmount += item.taxAmount;
    groups.set(item.taxGroup, group);
  }
  return [...groups.values()].sort((a, b) => compareTaxGroups(a.taxGroup, b.taxGroup));
}

/** The rate of a group, as a fraction: 0.1 for 10%, 0.0526 for KHAC:5.26; none for KCT and KKKNT. */
export function rateOfGroup(group: string): number | undefined {
  if (group === 'KCT' || group === 'KKKNT') return undefined;
  const percent = Number(group.replace(/^KHAC:/, '').replace(/%$/, ''));
  return Number((percent / 100).toFixed(6));
}

/** An invoice's `totals.byRate` entry: the group with its rate or category, amount, tax and total. */
export interface GroupTotals {
  taxGroup: string;
  rate?: number;
  category?: TaxCategory;
  amount: number;
  tax: number;
  total: number;
}

export function groupTotals(group: TaxGroupFigures): GroupTotals {
  const rate = rateOfGroup(group.taxGroup);
  const category = categoryOfGroup(group.taxGroup);
  return {
    taxGroup: group.taxGroup,
    ...(rate !== undefined && { rate }),
    ...(category !== undefined && { category }),
    amount: group.amount,
    tax: group.taxAmount,
    total: group.amount + group.taxAmount,
  };
}
