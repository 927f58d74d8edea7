/**
 * Request fields shared by the schemas of several routes, each refusing at validation (400 with a Vietnamese
 * message) what would otherwise fail deeper: controls and invisible names (src/domain/text.ts), dates the
 * calendar arithmetic cannot carry, numbers with more decimals than the invoice XML writes.
 */
import { z } from 'zod';
import { isCalendarDate, isCalendarMonth } from '../domain/calendar.js';
import { isSearchable, textProblem } from '../domain/text.js';

/**
 * A stored text: NFC, trimmed, at most `max` characters, no controls, no bidi overrides, not only invisible,
 * a base character under at most 3 combining marks (src/domain/text.ts).
 */
export const storedText = (max: number, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .normalize('NFC')
    .trim()
    .max(max)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, options);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A search key from a query string. */
export const searchText = (max: number) =>
  z.string().trim().max(max).refine(isSearchable, 'Từ khóa tìm kiếm không được chứa ký tự điều khiển.');

/** Dates the node answers for: years 2000–2999 (9999-12-31 broke the day arithmetic of a range's end). */
const FIRST_DATE = '2000-01-01';
const LAST_DATE = '2999-12-31';

export const queryDate = z
  .string()
  .refine(isCalendarDate, 'Ngày phải có dạng YYYY-MM-DD.')
  .refine((date) => date >= FIRST_DATE && date <= LAST_DATE, `Ngày phải trong khoảng ${FIRST_DATE} – ${LAST_DATE}.`);

export const queryMonth = z
  .string()
  .refine(isCalendarMonth, 'month có dạng YYYY-MM.')
  .refine(
    (month) => month >= FIRST_DATE.slice(0, 7) && month <= LAST_DATE.slice(0, 7),
    `Tháng phải trong khoảng ${FIRST_DATE.slice(0, 7)} – ${LAST_DATE.slice(0, 7)}.`,
  );

/** The invoice XML writes quantities and prices with at most 6 decimals: more would sign another number. */
export const MAX_DECIMALS = 6;
const DECIMAL = new RegExp(`^-?\\d+(\\.\\d{1,${MAX_DECIMALS}})?$`);

/** A number whose decimal form has at most 6 decimals (5e-324 is refused, not stored as what prints as 0). */
export const hasXmlPrecision = (n: number): boolean => DECIMAL.test(String(n));
