/**
 * Declared months (docs/exports.md, "Declared months"): the pure rules. A period is read month by month, a
 * declared (locked) month from what was stored when it was locked; a correction made later of an invoice of
 * a declared month is listed, with its difference, in the section for the supplementary declaration
 * (01/KHBS) of the month it was made in; the month's invoices that are not through (error, attention,
 * unsent) are listed for the accountant.
 */
import { addDays, addMonths } from '../domain/calendar.js';
import { monthPeriod, type Period, viDate } from './period.js';

/** An invoice by its symbols, number and date (the ledger's InvoiceRef). */
interface InvoiceRef {
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
}

export const SUPPLEMENTARY_TITLE = 'Điều chỉnh, thay thế hóa đơn của kỳ đã khai';
export const OPEN_INVOICES_TITLE = 'Hóa đơn của kỳ còn lỗi, cần kiểm tra hoặc chưa gửi cơ quan thuế';

/** The part of a period that lies in one calendar month. */
export interface MonthPiece {
  month: string;
  from: string;
  to: string;
}

/** The months a period touches, first to last, each cut to the period. */
export function monthsOf(period: Pick<Period, 'from' | 'to'>): MonthPiece[] {
  const pieces: MonthPiece[] = [];
  for (let month = period.from.slice(0, 7); month <= period.to.slice(0, 7); month = addMonths(month, 1)) {
    const whole = monthPeriod(month);
    pieces.push({
      month,
      from: [whole.from, period.from].sort()[1]!,
      to: [whole.to, period.to].sort()[0]!,
    });
  }
  return pieces;
}

/** A month can be declared once its last day is over in the store's time zone. */
export const monthHasEnded = (month: string, today: string) => addDays(monthPeriod(month).to, 1) <= today;

/** "Tháng 10 năm 2026". */
export const monthTitle = (month: string) => monthPeriod(month).title;

/** A correction of an invoice of a month declared before the correction was made, with both invoices' sums. */
export interface DeclaredCorrection {
  kind: 'replacement' | 'adjustment';
  adjustmentType: 'increase' | 'decrease' | 'info' | null;
  /** The correction counts (not itself replaced since). */
  counts: boolean;
  invoice: InvoiceRef & { buyerName: string; buyerMst: string | null };
  original: InvoiceRef;
  /** The declared month of the original, YYYY-MM. */
  declaredMonth: string;
  /** The correction's goods and trade discounts by tax group. */
  sums: { taxGroup: string; amount: number; taxAmount: number }[];
  /** The original's, as it was declared (only a replacement takes them back). */
  originalSums: { taxGroup: string; amount: number; taxAmount: number }[];
}

export interface SupplementaryRow {
  stt: number;
  /** Thay thế, Điều chỉnh tăng, Điều chỉnh giảm, Điều chỉnh thông tin. */
  kind: string;
  mauSo: string;
  kyHieu: string;
  number: number;
  /** dd/mm/yyyy */
  issueDate: string;
  buyerName: string;
  buyerMst: string;
  original: { mauSo: string; kyHieu: string; number: number; issueDate: string };
  /** The declared month the difference belongs to, YYYY-MM. */
  period: string;
  /** The tax group as the invoice writes it (10%, KCT, KHAC:5.26); empty when the correction has no amount. */
  rate: string;
  amount: number;
  taxAmount: number;
  note: string;
}

export interface Supplementary {
  title: string;
  rows: SupplementaryRow[];
  /** By declared month, the sums the supplementary declaration of that month adds. */
  periods: { period: string; title: string; amount: number; taxAmount: number }[];
  total: { rows: number; amount: number; taxAmount: number };
}

const KIND_WORDS = { increase: 'Điều chỉnh tăng', decrease: 'Điều chỉnh giảm', info: 'Điều chỉnh thông tin' } as const;

const refText = (ref: InvoiceRef) => `HĐ ${ref.mauSo}${ref.kyHieu} số ${ref.number} ngày ${viDate(ref.issueDate)}`;

/**
 * One row per correction and tax group: the difference the correction makes to what was declared. A
 * replacement takes the original back and puts itself instead (nothing, once it is itself replaced); an
 * adjustment adds its own signed amounts.
 */
export function supplementaryRows(corrections: readonly DeclaredCorrection[], firstStt = 1): SupplementaryRow[] {
  const rows: SupplementaryRow[] = [];
  let stt = firstStt;
  for (const c of corrections) {
    const byGroup = new Map<string, { amount: number; taxAmount: number }>();
    const add = (group: string, amount: number, taxAmount: number) => {
      const sum = byGroup.get(group) ?? { amount: 0, taxAmount: 0 };
      byGroup.set(group, { amount: sum.amount + amount, taxAmount: sum.taxAmount + taxAmount });
    };
    for (const s of c.sums) add(s.taxGroup, c.counts ? s.amount : 0, c.counts ? s.taxAmount : 0);
    if (c.kind === 'replacement') for (const s of c.originalSums) add(s.taxGroup, -s.amount, -s.taxAmount);
    if (byGroup.size === 0) byGroup.set('', { amount: 0, taxAmount: 0 });
    const kind = c.kind === 'replacement' ? 'Thay thế' : KIND_WORDS[c.adjustmentType ?? 'info'];
    const note = `${kind} ${refText(c.original)} của kỳ ${monthTitle(c.declaredMonth)}${
      c.counts ? '' : '; hóa đơn này đã bị thay thế, ghi doanh thu 0'
    }`;
    for (const [group, sum] of byGroup) {
      rows.push({
        stt: stt++,
        kind,
        mauSo: c.invoice.mauSo,
        kyHieu: c.invoice.kyHieu,
        number: c.invoice.number,
        issueDate: viDate(c.invoice.issueDate),
        buyerName: c.invoice.buyerName,
        buyerMst: c.invoice.buyerMst ?? '',
        original: { ...c.original, issueDate: viDate(c.original.issueDate) },
        period: c.declaredMonth,
        rate: group,
        amount: sum.amount,
        taxAmount: sum.taxAmount,
        note,
      });
    }
  }
  return rows;
}

/** The section of a period from its rows (already numbered in order). */
export function supplementaryOf(rows: readonly SupplementaryRow[]): Supplementary {
  const periods = new Map<string, { amount: number; taxAmount: number }>();
  let amount = 0;
  let taxAmount = 0;
  for (const row of rows) {
    const sum = periods.get(row.period) ?? { amount: 0, taxAmount: 0 };
    periods.set(row.period, { amount: sum.amount + row.amount, taxAmount: sum.taxAmount + row.taxAmount });
    amount += row.amount;
    taxAmount += row.taxAmount;
  }
  return {
    title: SUPPLEMENTARY_TITLE,
    rows: [...rows],
    periods: [...periods]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([period, sum]) => ({ period, title: monthTitle(period), ...sum })),
    total: { rows: rows.length, amount, taxAmount },
  };
}

export const OPEN_STATES = ['error', 'attention', 'unsent'] as const;
export type OpenState = (typeof OPEN_STATES)[number];

export const OPEN_STATE_WORDS: Record<OpenState, string> = {
  error: 'Lỗi: cơ quan thuế từ chối',
  attention: 'Cần kiểm tra',
  unsent: 'Chưa gửi cơ quan thuế',
};

/** An open invoice as read (ISO date), kept as is in a declared month's lock. */
export interface OpenInvoiceRow {
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  buyerName: string;
  total: number;
  state: OpenState;
}

/**
 * An invoice of the month that is not through: a number used and a sale made, not yet accepted. As exported:
 * `issueDate` dd/mm/yyyy, and the state in words.
 */
export interface OpenInvoice extends OpenInvoiceRow {
  stateText: string;
}

export const openInvoiceOf = (row: OpenInvoiceRow): OpenInvoice => ({
  ...row,
  issueDate: viDate(row.issueDate),
  stateText: OPEN_STATE_WORDS[row.state],
});
