/**
 * The VAT reduction windows: the periods in which a 10 % rate is reduced to 8 % by a decree under a
 * resolution of the National Assembly (docs/exports.md, "VAT reduction windows"). Outside every window a
 * line at 8 % is refused. The shipped list is the default; an admin replaces it when the next extension is
 * published (PUT /settings/vat-reduction). Pure.
 */
import { addDays } from './calendar.js';
import { ratePercent } from './tax-breakdown.js';

export interface VatReductionWindow {
  /** First day, YYYY-MM-DD (store-local). */
  from: string;
  /** Last day, inclusive. */
  to: string;
  /** The reduced rate, as a fraction (0.08). */
  reducedRate: number;
  /** The legal basis, as the reduction note names it. */
  basis: string;
}

export const SHIPPED_VAT_REDUCTION_WINDOWS: readonly VatReductionWindow[] = [
  {
    from: '2022-02-01',
    to: '2022-12-31',
    reducedRate: 0.08,
    basis: 'Nghị quyết 43/2022/QH15; Nghị định 15/2022/NĐ-CP',
  },
  {
    from: '2023-07-01',
    to: '2023-12-31',
    reducedRate: 0.08,
    basis: 'Nghị quyết 101/2023/QH15; Nghị định 44/2023/NĐ-CP',
  },
  {
    from: '2024-01-01',
    to: '2024-06-30',
    reducedRate: 0.08,
    basis: 'Nghị quyết 110/2023/QH15; Nghị định 94/2023/NĐ-CP',
  },
  {
    from: '2024-07-01',
    to: '2024-12-31',
    reducedRate: 0.08,
    basis: 'Nghị quyết 142/2024/QH15; Nghị định 72/2024/NĐ-CP',
  },
  {
    from: '2025-01-01',
    to: '2025-06-30',
    reducedRate: 0.08,
    basis: 'Nghị quyết 174/2024/QH15; Nghị định 180/2024/NĐ-CP',
  },
  {
    from: '2025-07-01',
    to: '2026-12-31',
    reducedRate: 0.08,
    basis: 'Nghị quyết 204/2025/QH15; Nghị định 174/2025/NĐ-CP',
  },
];

/** How many days before a window's end the node warns (/health, the console, a notification). */
export const VAT_REDUCTION_WARNING_DAYS = 14;

/** The annex of the decrees that lists the goods and services left at 10 %. */
export const EXCLUDED_GOODS_ANNEX = 'Phụ lục I, II, III ban hành kèm theo Nghị định 174/2025/NĐ-CP';

const sameRate = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** The window that holds `date` for a line at `rate`, if any. */
export function windowFor(
  windows: readonly VatReductionWindow[],
  date: string,
  rate: number,
): VatReductionWindow | undefined {
  return windows.find((w) => sameRate(w.reducedRate, rate) && w.from <= date && date <= w.to);
}

/** Whether `rate` is a reduced rate of some window (8 %): such a line needs a window on its date. */
export const isReducedRate = (windows: readonly VatReductionWindow[], rate: number) =>
  windows.some((w) => sameRate(w.reducedRate, rate));

/** The window that ended last before `date`, or the latest one (what a refusal names). */
export function lastWindowBefore(windows: readonly VatReductionWindow[], date: string): VatReductionWindow | undefined {
  const sorted = [...windows].sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
  const before = sorted.filter((w) => w.to < date);
  return before.at(-1) ?? sorted.at(-1);
}

/** dd/mm/yyyy, as the console and messages write dates. */
export const viDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The refusal of a reduced-rate line dated outside every window, in Vietnamese. */
export function outsideWindowMessage(windows: readonly VatReductionWindow[], date: string, rate: number): string {
  const last = lastWindowBefore(windows, date);
  const percent = `${ratePercent(rate)}%`;
  const named = last
    ? ` Đợt giảm thuế gần nhất (${last.basis}) áp dụng từ ${viDate(last.from)} đến hết ngày ${viDate(last.to)}.`
    : '';
  return `Thuế suất ${percent} chỉ áp dụng trong thời gian giảm thuế GTGT; ngày ${viDate(date)} không thuộc đợt giảm nào.${named}`;
}

/**
 * The window that holds `date` and ends within VAT_REDUCTION_WARNING_DAYS days (its last day included),
 * with the next window that continues it absent: what /health and the console warn of.
 */
export function windowEndingSoon(
  windows: readonly VatReductionWindow[],
  date: string,
): { window: VatReductionWindow; daysLeft: number } | undefined {
  for (const w of windows) {
    if (!(w.from <= date && date <= w.to)) continue;
    if (addDays(w.to, -VAT_REDUCTION_WARNING_DAYS) > date) continue;
    const next = addDays(w.to, 1);
    if (windows.some((o) => o !== w && sameRate(o.reducedRate, w.reducedRate) && o.from <= next && next <= o.to))
      continue;
    let daysLeft = 0;
    for (let d = date; d < w.to; d = addDays(d, 1)) daysLeft++;
    return { window: w, daysLeft };
  }
  return undefined;
}

/**
 * The window of a reduced rate that ended last before `date`, when no window of that rate holds `date`: its
 * rate no longer sells (what the warning after the end is about).
 */
export function lastEndedWindow(windows: readonly VatReductionWindow[], date: string): VatReductionWindow | undefined {
  let last: VatReductionWindow | undefined;
  for (const w of windows) {
    if (w.to >= date || windowFor(windows, date, w.reducedRate)) continue;
    if (!last || w.to > last.to) last = w;
  }
  return last;
}

/** The sentence of the warning. */
export const endingSoonMessage = (w: VatReductionWindow) =>
  `Thuế suất giảm ${ratePercent(w.reducedRate)}% (${w.basis}) hết hiệu lực sau ngày ${viDate(w.to)}: từ ${viDate(addDays(w.to, 1))} hàng hóa, dịch vụ trở lại thuế suất 10%, trừ khi có quy định gia hạn (cập nhật tại Thiết lập giảm thuế GTGT).`;

/** The sentence once the window has ended (while catalogue products are left at its rate). */
export const endedMessage = (w: VatReductionWindow) =>
  `Thuế suất giảm ${ratePercent(w.reducedRate)}% (${w.basis}) đã hết hiệu lực sau ngày ${viDate(w.to)}.`;

/** How many catalogue products still carry the reduced rate, and what to do about them. */
export const productsAtReducedRateSentence = (w: VatReductionWindow, count: number, ended: boolean) => {
  const rate = `${ratePercent(w.reducedRate)}%`;
  const when = ended
    ? 'quầy không bán được các sản phẩm này'
    : `từ ${viDate(addDays(w.to, 1))} quầy sẽ không bán được các sản phẩm này`;
  return `Danh mục còn ${count} sản phẩm thuế suất ${rate}: sửa thuế suất tại Hàng hóa (hoặc nhập lại tệp danh mục); ${when} với thuế suất ${rate}.`;
};

/**
 * The note a sales invoice (template 2, direct method) carries inside a window: the decree asks the seller to
 * write that 20 % of the percentage rate was taken off (docs/exports.md).
 */
export const salesInvoiceReductionNote = (w: VatReductionWindow, reduction: number) =>
  `Đã giảm ${reduction.toLocaleString('vi-VN')} đồng tương ứng 20% mức tỷ lệ % để tính thuế giá trị gia tăng theo ${w.basis}.`;
