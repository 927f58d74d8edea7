/**
 * Chain-wide revenue at HQ: a rollup per (store, store-local issue date, status, tax rate) kept with the
 * invoice projection in the push's transaction. A new invoice adds its lines; a newer version moves them
 * (the old version's lines out, the new one's in), so the rollup always sums the latest version of every
 * invoice. Revenue counts issued and adjusted invoices, a decreasing adjustment negative (docs/decisions.md §5).
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

function groupOfRate(rate: number): string {
  const category = Object.entries(CATEGORY_RATES).find(([, code]) => code === rate)?.[0];
  if (category) return category;
  if (rate === UNKNOWN_TAX_RATE) return '?';
  const percent = Number((rate * 100).toFixed(4));
  return [0, 5, 8, 10].includes(percent) ? `${percent}%` : `KHAC:${percent.toFixed(2)}`;
}

// A chain sells at a handful of rates: each one's name is worked out once (a month of every store is thousands of rows).
const groupNames = new Map<number, string>();

/** The tax group a rollup rate stands for: `KCT`, `KKKNT`, `0%`…, `KHAC:5.26`, or `?` when unknown. */
export function taxGroupOfRate(rate: number): string {
  let name = groupNames.get(rate);
  if (name === undefined) {
    name = groupOfRate(rate);
    if (groupNames.size < 1_000) groupNames.set(rate, name);
  }
  return name;
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
 * revenue away. A store sends a decrease with its amounts already negative (docs/decisions.md §5); a payload of a
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

/** Deltas summed per (store, day or month, status, rate); the ones that cancel out are left out. */
function summed(deltas: Iterable<RevenueDelta>): RevenueDelta[] {
  const byKey = new Map<string, RevenueDelta>();
  for (const d of deltas) {
    const key = `${d.storeId}\u0000${d.issueDate}\u0000${d.status}\u0000${d.taxRate}`;
    const sum = byKey.get(key) ?? { ...d, invoices: 0, amount: 0, taxAmount: 0 };
    sum.invoices += d.invoices;
    sum.amount += d.amount;
    sum.taxAmount += d.taxAmount;
    byKey.set(key, sum);
  }
  return [...byKey.values()].filter((d) => d.invoices !== 0 || d.amount !== 0 || d.taxAmount !== 0);
}

/** What the rollup gains from invoices first seen (`before` absent) and replaced by a newer version, summed per key. */
export function revenueDeltas(changes: readonly { before?: InvoiceRevenue; after: InvoiceRevenue }[]): RevenueDelta[] {
  const lines = (invoice: InvoiceRevenue, sign: 1 | -1) =>
    invoice.taxLines.map((line) => ({
      storeId: invoice.storeId,
      issueDate: invoice.issueDate,
      status: invoice.status,
      taxRate: line.taxRate,
      invoices: sign,
      amount: sign * line.amount,
      taxAmount: sign * line.taxAmount,
    }));
  return summed(changes.flatMap(({ before, after }) => [...(before ? lines(before, -1) : []), ...lines(after, 1)]));
}

/** The month (YYYY-MM) of a store-local day. */
export const monthOf = (date: string) => date.slice(0, 7);

/**
 * The daily deltas summed per month, for the monthly rollup (`issueDate` is then the month): what a month's
 * revenue of every store reads, a few rows per store whatever the number of days.
 */
export const monthlyDeltas = (daily: readonly RevenueDelta[]): RevenueDelta[] =>
  summed(daily.map((d) => ({ ...d, issueDate: monthOf(d.issueDate) })));
