/**
 * Chain-wide revenue at HQ: a rollup per (store, store-local issue date, status, tax rate) kept with the
 * invoice projection in the push's transaction. A new invoice adds its lines; a newer version moves them
 * (the old version's lines out, the new one's in), so the rollup always sums the latest version of every
 * invoice. Revenue counts issued and adjusted invoices, a decreasing adjustment negative (decisions §5).
 */

export interface TaxLine {
  taxRate: number;
  /** Before tax, đồng. */
  amount: number;
  taxAmount: number;
}

export interface InvoiceRevenue {
  storeId: string;
  issueDate: string;
  status: string;
  taxLines: TaxLine[];
}

export interface RevenueDelta {
  storeId: string;
  issueDate: string;
  status: string;
  taxRate: number;
  invoices: number;
  amount: number;
  taxAmount: number;
}

/** The statuses whose invoices are revenue. */
export const REVENUE_STATUSES = ['issued', 'adjusted'];

/** A payload that names no line's rate is counted under this rate. */
export const UNKNOWN_TAX_RATE = -1;

/**
 * The two categories without a rate (docs/invoices.md, "Lines") are kept in the rollup's rate column under
 * codes no rate can take, so that KCT and KKKNT sales are not counted as 0 %; `taxGroupOfRate` names them.
 */
const CATEGORY_RATES: Record<string, number> = { KCT: -2, KKKNT: -3 };

/** The tax group a rollup rate stands for: `KCT`, `KKKNT`, `0%`…, `KHAC:5.26`, or `?` when unknown. */
export function taxGroupOfRate(rate: number): string {
  const category = Object.entries(CATEGORY_RATES).find(([, code]) => code === rate)?.[0];
  if (category) return category;
  if (rate === UNKNOWN_TAX_RATE) return '?';
  const percent = Number((rate * 100).toFixed(4));
  return [0, 5, 8, 10].includes(percent) ? `${percent}%` : `KHAC:${percent.toFixed(2)}`;
}

/** What the answer shows of a rollup rate: the rate itself, 0 for a category. */
export const answeredRate = (rate: number) => (rate < UNKNOWN_TAX_RATE ? 0 : rate);

interface RevenueSource {
  items?:
    | { taxRate: number; total: number; taxAmount: number; kind?: string | undefined; taxGroup?: string | undefined }[]
    | undefined;
  totals: { subtotal?: number | undefined; taxAmount?: number | undefined; total: number };
  adjustmentType?: string | undefined;
}

/**
 * An invoice's lines summed per tax rate (a category under its code), signed: a decreasing adjustment takes
 * revenue away. A store sends a decrease with its amounts already negative (decisions §5); a payload of a
 * decrease with positive amounts is turned negative. Promotions and notes carry no revenue and no group.
 */
export function taxLinesOf(invoice: RevenueSource): TaxLine[] {
  const sign = invoice.adjustmentType === 'decrease' && invoice.totals.total > 0 ? -1 : 1;
  const byRate = new Map<number, TaxLine>();
  const sold = invoice.items?.filter((item) => item.kind !== 'promotion' && item.kind !== 'note');
  const items = sold?.length
    ? sold.map((item) => ({ ...item, taxRate: CATEGORY_RATES[item.taxGroup ?? ''] ?? item.taxRate }))
    : [
        {
          taxRate: UNKNOWN_TAX_RATE,
          total: invoice.totals.subtotal ?? invoice.totals.total - (invoice.totals.taxAmount ?? 0),
          taxAmount: invoice.totals.taxAmount ?? 0,
        },
      ];
  for (const item of items) {
    const line = byRate.get(item.taxRate) ?? { taxRate: item.taxRate, amount: 0, taxAmount: 0 };
    line.amount += sign * item.total;
    line.taxAmount += sign * item.taxAmount;
    byRate.set(item.taxRate, line);
  }
  return [...byRate.values()];
}

/** What the rollup gains from invoices first seen (`before` absent) and replaced by a newer version, summed per key. */
export function revenueDeltas(changes: readonly { before?: InvoiceRevenue; after: InvoiceRevenue }[]): RevenueDelta[] {
  const byKey = new Map<string, RevenueDelta>();
  const add = (invoice: InvoiceRevenue, sign: 1 | -1) => {
    for (const line of invoice.taxLines) {
      const key = `${invoice.storeId}\u0000${invoice.issueDate}\u0000${invoice.status}\u0000${line.taxRate}`;
      const delta = byKey.get(key) ?? {
        storeId: invoice.storeId,
        issueDate: invoice.issueDate,
        status: invoice.status,
        taxRate: line.taxRate,
        invoices: 0,
        amount: 0,
        taxAmount: 0,
      };
      delta.invoices += sign;
      delta.amount += sign * line.amount;
      delta.taxAmount += sign * line.taxAmount;
      byKey.set(key, delta);
    }
  };
  for (const { before, after } of changes) {
    if (before) add(before, -1);
    add(after, 1);
  }
  return [...byKey.values()].filter((d) => d.invoices !== 0 || d.amount !== 0 || d.taxAmount !== 0);
}
