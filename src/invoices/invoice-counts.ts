/**
 * How many invoices a range of creation instants holds, and where in it an offset falls, from the rollups
 * kept with every invoice change (src/rollups): counts per UTC hour and status, and the same per UTC day.
 * A range is read newest first as its last, partial day's hours, its whole days, and its first, partial
 * day's hours, so a year of a list steps over 365 days and at most 46 hours instead of 8,760 hours: page
 * 5,000 at 1 M invoices found its hour in 0.72 ms from the hours alone, 0.05 ms this way.
 */
import type Database from 'better-sqlite3';
import { addDays, utcHourOf } from '../domain/calendar.js';

export interface CountedRange {
  /** ISO instants at the start of a UTC hour (the list's `byHoursOnly` filters). */
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  statuses?: readonly string[] | undefined;
}

/** Bounds of the rollups' keys: an hour `2026-11-23T02`, a day `2026-11-23`, compared as text. */
interface Segment {
  from: string;
  before: string;
}

/**
 * The range's three segments newest first, each half-open and as keys of its table. An hour key sorts after
 * its day's key (`2026-11-23T00` > `2026-11-23`), so a day key bounds the hours of that day as text does.
 */
export function segmentsOf(range: CountedRange): { lastHours: Segment; days: Segment; firstHours: Segment } {
  const from = range.createdFrom ? utcHourOf(range.createdFrom) : '';
  const before = range.createdBefore ? utcHourOf(range.createdBefore) : '9999';
  const firstWholeDay = from === '' || from.endsWith('T00') ? from.slice(0, 10) : addDays(from.slice(0, 10), 1);
  const endOfWholeDays = before === '9999' ? before : before.slice(0, 10);
  return {
    // biome-ignore lint/complexity/useMathMinMax: the keys are text; Math.max would turn them into NaN
    lastHours: { from: from > endOfWholeDays ? from : endOfWholeDays, before },
    days: { from: firstWholeDay, before: endOfWholeDays },
    // biome-ignore lint/complexity/useMathMinMax: the keys are text; Math.min would turn them into NaN
    firstHours: { from, before: firstWholeDay < endOfWholeDays ? firstWholeDay : endOfWholeDays },
  };
}

const BY_STATUS = '(@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))';

export function createInvoiceCounts(sqlite: Database.Database) {
  const statusesOf = (range: CountedRange) => (range.statuses?.length ? JSON.stringify(range.statuses) : null);

  // One sum per segment, no grouping: grouping by status sorted the range's rows first, three times the cost.
  const rangeTotal = sqlite
    .prepare<[Record<string, string | null>], number>(
      `SELECT
         (SELECT coalesce(sum(count), 0) FROM hourly_invoice_counts WHERE hour >= @lastFrom AND hour < @lastBefore AND ${BY_STATUS})
       + (SELECT coalesce(sum(count), 0) FROM daily_invoice_counts WHERE day >= @daysFrom AND day < @daysBefore AND ${BY_STATUS})
       + (SELECT coalesce(sum(count), 0) FROM hourly_invoice_counts WHERE hour >= @firstFrom AND hour < @firstBefore AND ${BY_STATUS})`,
    )
    .pluck();

  /** A table's key where the offset falls, with how many invoices its newer keys in the segment hold. */
  const keyOfOffset = (table: 'hourly_invoice_counts' | 'daily_invoice_counts', key: 'hour' | 'day') => ({
    find: sqlite.prepare<[Segment & { statuses: string | null; offset: number }], { key: string; newer: number }>(
      `SELECT key, through - key_count AS newer FROM (
         SELECT ${key} AS key, sum(count) AS key_count, sum(sum(count)) OVER (ORDER BY ${key} DESC ROWS UNBOUNDED PRECEDING) AS through
         FROM ${table} WHERE ${key} >= @from AND ${key} < @before AND ${BY_STATUS}
         GROUP BY ${key}
       ) WHERE through > @offset LIMIT 1`,
    ),
    sum: sqlite
      .prepare<[Segment & { statuses: string | null }], number>(
        `SELECT coalesce(sum(count), 0) FROM ${table} WHERE ${key} >= @from AND ${key} < @before AND ${BY_STATUS}`,
      )
      .pluck(),
  });
  const hourlyCounts = keyOfOffset('hourly_invoice_counts', 'hour');
  const dailyCounts = keyOfOffset('daily_invoice_counts', 'day');

  return {
    /** The invoices the range holds (of its statuses, if any). */
    total(range: CountedRange): number {
      const { lastHours, days, firstHours } = segmentsOf(range);
      return (
        rangeTotal.get({
          statuses: statusesOf(range),
          lastFrom: lastHours.from,
          lastBefore: lastHours.before,
          daysFrom: days.from,
          daysBefore: days.before,
          firstFrom: firstHours.from,
          firstBefore: firstHours.before,
        }) ?? 0
      );
    },

    /**
     * The UTC hour (`2026-11-23T02`) holding the invoice `offset` places from the range's newest, and how
     * many of the range's invoices are newer than that hour; undefined when the range holds no more. The
     * caller reads the same transaction's invoices.
     */
    hourOfOffset(range: CountedRange, offset: number): { hour: string; newer: number } | undefined {
      const statuses = statusesOf(range);
      const segments = segmentsOf(range);
      let newer = 0;
      for (const [counts, segment] of [
        [hourlyCounts, segments.lastHours],
        [dailyCounts, segments.days],
        [hourlyCounts, segments.firstHours],
      ] as const) {
        if (segment.from >= segment.before) continue;
        const found = counts.find.get({ ...segment, statuses, offset: offset - newer });
        if (!found) {
          newer += counts.sum.get({ ...segment, statuses }) ?? 0;
          continue;
        }
        if (counts === hourlyCounts) return { hour: found.key, newer: newer + found.newer };
        newer += found.newer;
        const hour = hourlyCounts.find.get({
          from: found.key,
          before: addDays(found.key, 1),
          statuses,
          offset: offset - newer,
        });
        return hour && { hour: hour.key, newer: newer + hour.newer };
      }
      return undefined;
    },
  };
}
