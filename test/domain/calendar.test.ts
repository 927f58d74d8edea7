import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  isCalendarDate,
  localDate,
  localDateOfNow,
  localDateTime,
  startOfLocalDay,
  storeTimeText,
} from '../../src/domain/calendar.js';

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
    // Asked again, and the same date in another zone: each zone's own midnight, a new Date every time.
    const again = startOfLocalDay('2026-03-30', 'Europe/Paris');
    expect(again.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    again.setTime(0);
    expect(startOfLocalDay('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', VN).toISOString()).toBe('2026-03-29T17:00:00.000Z');
  });

  it('validates real calendar dates and does date arithmetic', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-2-1')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('gives the same wall time as Intl for any instant, across DST changes and in any order', () => {
    const zones = [VN, 'Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];
    const intl = (instant: Date, timeZone: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .format(instant)
        .replace(' ', 'T');
    // Instants near DST changes of 2026 as well as anywhere in 2000–2100.
    const nearChange = fc
      .constantFrom(
        Date.UTC(2026, 2, 29, 1),
        Date.UTC(2026, 9, 25, 1),
        Date.UTC(2026, 2, 8, 7),
        Date.UTC(2026, 3, 5, 15),
      )
      .chain((t) => fc.integer({ min: t - 7_200_000, max: t + 7_200_000 }));
    const anyInstant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(nearChange, anyInstant), fc.constantFrom(...zones)), {
          minLength: 1,
          maxLength: 20,
        }),
        (cases) => {
          for (const [ms, zone] of cases) expect(localDateTime(new Date(ms), zone)).toBe(intl(new Date(ms), zone));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('localDateOfNow', () => {
  it('agrees with localDate for instants in any order, across midnights and daylight-saving changes', () => {
    for (const timeZone of ['Asia/Ho_Chi_Minh', 'Europe/Berlin', 'Asia/Kolkata']) {
      const dateOf = localDateOfNow(timeZone);
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: Date.UTC(2026, 2, 27), max: Date.UTC(2026, 3, 1) }), {
            minLength: 1,
            maxLength: 50,
          }),
          (instants) => {
            for (const at of instants) expect(dateOf(new Date(at))).toBe(localDate(new Date(at), timeZone));
          },
        ),
      );
    }
  });
});

describe('storeTimeText', () => {
  it('writes an instant as the store reads it, in its zone', () => {
    expect(storeTimeText('2026-03-15T17:30:05.000Z', 'Asia/Ho_Chi_Minh')).toBe('16/03/2026 00:30:05');
    expect(storeTimeText('2026-03-15T17:30:05.000Z', 'UTC')).toBe('15/03/2026 17:30:05');
  });
});
