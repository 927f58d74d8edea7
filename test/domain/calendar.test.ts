import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isCalendarDate, localDate, startOfLocalDay } from '../../src/domain/calendar.js';

const VN = 'Asia/Ho_Chi_Minh';

describe('store calendar', () => {
  it('puts 17:00 UTC on the next Vietnamese day', () => {
    expect(localDate(new Date('2026-01-31T16:59:59.999Z'), VN)).toBe('2026-01-31');
    expect(localDate(new Date('2026-01-31T17:00:00.000Z'), VN)).toBe('2026-02-01');
  });

  it('finds the UTC start of a store-local day, DST zones included', () => {
    expect(startOfLocalDay('2026-02-01', VN).toISOString()).toBe('2026-01-31T17:00:00.000Z');
    expect(startOfLocalDay('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('validates real calendar dates and does date arithmetic', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-2-1')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});
