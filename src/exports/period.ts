/**
 * The period of an export: a store-local date range, given as from/to, a month (YYYY-MM) or a quarter
 * (YYYY-Qn). Pure: answers the period or the Vietnamese reason it is refused.
 */
import { addDays, addMonths, isCalendarDate, isCalendarMonth } from '../domain/calendar.js';

/** A ledger of more than this many days is refused: a year and a bit is the longest an accountant asks for. */
export const MAX_PERIOD_DAYS = 400;

export interface Period {
  /** First store-local day, YYYY-MM-DD. */
  from: string;
  /** Last store-local day, inclusive. */
  to: string;
  /** What the file names and the title say: `2026-11`, `2026-Q4` or `2026-11-01_2026-11-15`. */
  label: string;
  /** The period as the form's heading writes it: "Tháng 11 năm 2026", "Quý 4 năm 2026", "Từ ngày … đến ngày …". */
  title: string;
}

export interface PeriodQuery {
  from?: string | undefined;
  to?: string | undefined;
  month?: string | undefined;
  quarter?: string | undefined;
}

export type PeriodResult = { ok: true; period: Period } | { ok: false; path: string; message: string };

const refused = (path: string, message: string): PeriodResult => ({ ok: false, path, message });

const lastDayOfMonth = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);

/** Days from `from` to `to`, both counted. */
export const daysIn = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** dd/MM/yyyy, the way Vietnamese forms write a date. */
export const viDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export function monthPeriod(month: string): Period {
  return {
    from: `${month}-01`,
    to: lastDayOfMonth(month),
    label: month,
    title: `Tháng ${Number(month.slice(5, 7))} năm ${month.slice(0, 4)}`,
  };
}

export function quarterPeriod(year: string, quarter: number): Period {
  const first = `${year}-${String(quarter * 3 - 2).padStart(2, '0')}`;
  return {
    from: `${first}-01`,
    to: lastDayOfMonth(addMonths(first, 2)),
    label: `${year}-Q${quarter}`,
    title: `Quý ${quarter} năm ${year}`,
  };
}

export function rangePeriod(from: string, to: string): Period {
  return { from, to, label: `${from}_${to}`, title: `Từ ngày ${viDate(from)} đến ngày ${viDate(to)}` };
}

/** Exactly one way of naming the period; a range must be closed, in order and at most MAX_PERIOD_DAYS long. */
export function parsePeriod(query: PeriodQuery): PeriodResult {
  const { from, to, month, quarter } = query;
  const ways = [from !== undefined || to !== undefined, month !== undefined, quarter !== undefined].filter(Boolean);
  if (ways.length === 0)
    return refused('query', 'Cần khoảng thời gian: from và to, hoặc month (YYYY-MM), hoặc quarter (YYYY-Qn).');
  if (ways.length > 1) return refused('query', 'Chỉ dùng một cách chọn kỳ: from/to, month hoặc quarter.');
  if (month !== undefined) {
    return isCalendarMonth(month)
      ? { ok: true, period: monthPeriod(month) }
      : refused('query.month', 'month có dạng YYYY-MM.');
  }
  if (quarter !== undefined) {
    const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
    return match
      ? { ok: true, period: quarterPeriod(match[1]!, Number(match[2])) }
      : refused('query.quarter', 'quarter có dạng YYYY-Qn, n từ 1 đến 4.');
  }
  if (from === undefined) return refused('query.from', 'Thiếu ngày bắt đầu (from): khoảng thời gian phải có hai đầu.');
  if (to === undefined) return refused('query.to', 'Thiếu ngày kết thúc (to): khoảng thời gian phải có hai đầu.');
  if (!isCalendarDate(from)) return refused('query.from', 'from là một ngày có thật, dạng YYYY-MM-DD.');
  if (!isCalendarDate(to)) return refused('query.to', 'to là một ngày có thật, dạng YYYY-MM-DD.');
  if (from > to) return refused('query.to', 'Ngày kết thúc (to) phải bằng hoặc sau ngày bắt đầu (from).');
  if (daysIn(from, to) > MAX_PERIOD_DAYS) {
    return refused('query.to', `Khoảng thời gian dài tối đa ${MAX_PERIOD_DAYS} ngày.`);
  }
  return { ok: true, period: rangePeriod(from, to) };
}
