/** The console's dates typed dd/mm/yyyy (web/src/base/dates.ts): what reads as a date, and what does not. */
import { describe, expect, it } from 'vitest';
import { readDate, shownDate } from '../../web/src/base/dates.js';

describe('a date typed in the console', () => {
  it('reads day, month and year in the Vietnamese order, with /, - or . between, and the API form', () => {
    expect(readDate('28/11/2026')).toBe('2026-11-28');
    expect(readDate(' 1/2/2026 ')).toBe('2026-02-01');
    expect(readDate('28-11-2026')).toBe('2026-11-28');
    expect(readDate('28.11.2026')).toBe('2026-11-28');
    expect(readDate('2026-11-28')).toBe('2026-11-28');
    expect(readDate('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses a day that does not exist and anything else', () => {
    for (const text of ['31/02/2026', '29/02/2026', '00/01/2026', '12/13/2026', '31/04/2026', '11/28', '', 'hôm nay'])
      expect(readDate(text), text).toBeUndefined();
  });

  it('shows the API form as dd/mm/yyyy, and anything else as it is', () => {
    expect(shownDate('2026-02-01')).toBe('01/02/2026');
    expect(shownDate('')).toBe('');
    expect(shownDate('31/02/2026')).toBe('31/02/2026');
  });
});
