import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../../src/invoices/invoice-counts.js';

describe('a counted range split into the rollups it is read from', () => {
  it('is its last day’s hours, its whole days and its first day’s hours, newest first', () => {
    expect(segmentsOf({ createdFrom: '2025-05-31T17:00:00.000Z', createdBefore: '2025-06-07T17:00:00.000Z' })).toEqual({
      lastHours: { from: '2025-06-07', before: '2025-06-07T17' },
      days: { from: '2025-06-01', before: '2025-06-07' },
      firstHours: { from: '2025-05-31T17', before: '2025-06-01' },
    });
  });

  it('is whole days alone when the range starts and ends at midnight UTC, and all days without bounds', () => {
    const midnights = segmentsOf({
      createdFrom: '2025-06-01T00:00:00.000Z',
      createdBefore: '2025-06-03T00:00:00.000Z',
    });
    expect(midnights.days).toEqual({ from: '2025-06-01', before: '2025-06-03' });
    expect(midnights.firstHours.from >= midnights.firstHours.before).toBe(true);
    expect(segmentsOf({})).toEqual({
      lastHours: { from: '9999', before: '9999' },
      days: { from: '', before: '9999' },
      firstHours: { from: '', before: '' },
    });
  });

  it('has no whole day, and its hours once, when it lies within a day or across one midnight', () => {
    const withinADay = segmentsOf({
      createdFrom: '2025-06-02T05:00:00.000Z',
      createdBefore: '2025-06-02T09:00:00.000Z',
    });
    expect(withinADay.lastHours).toEqual({ from: '2025-06-02T05', before: '2025-06-02T09' });
    expect(withinADay.days.from >= withinADay.days.before).toBe(true);
    expect(withinADay.firstHours.from >= withinADay.firstHours.before).toBe(true);
    expect(segmentsOf({ createdFrom: '2025-06-02T17:00:00.000Z', createdBefore: '2025-06-03T05:00:00.000Z' })).toEqual({
      lastHours: { from: '2025-06-03', before: '2025-06-03T05' },
      days: { from: '2025-06-03', before: '2025-06-03' },
      firstHours: { from: '2025-06-02T17', before: '2025-06-03' },
    });
  });
});
