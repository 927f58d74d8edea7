import { describe, expect, it } from 'vitest';
import { parsePeriod } from '../../src/exports/period.js';

describe('export periods', () => {
  it('reads a month, a quarter and a closed range in store-local days', () => {
    expect(parsePeriod({ month: '2026-02' })).toEqual({
      ok: true,
      period: { from: '2026-02-01', to: '2026-02-28', label: '2026-02', title: 'Tháng 2 năm 2026' },
    });
    expect(parsePeriod({ quarter: '2026-Q4' })).toMatchObject({
      ok: true,
      period: { from: '2026-10-01', to: '2026-12-31', label: '2026-Q4', title: 'Quý 4 năm 2026' },
    });
    expect(parsePeriod({ from: '2026-11-03', to: '2026-11-03' })).toMatchObject({
      ok: true,
      period: { from: '2026-11-03', to: '2026-11-03', label: '2026-11-03_2026-11-03' },
    });
    expect(parsePeriod({ from: '2025-01-01', to: '2026-02-04' })).toMatchObject({ ok: true });
  });

  it('refuses an open, inverted or too long range, and malformed months and quarters, in Vietnamese', () => {
    expect(parsePeriod({ from: '2026-11-01' })).toMatchObject({ ok: false, path: 'query.to' });
    expect(parsePeriod({ to: '2026-11-01' })).toMatchObject({ ok: false, path: 'query.from' });
    expect(parsePeriod({ from: '2026-11-30', to: '2026-11-01' })).toMatchObject({
      ok: false,
      message: 'Ngày kết thúc (to) phải bằng hoặc sau ngày bắt đầu (from).',
    });
    expect(parsePeriod({ from: '2025-01-01', to: '2026-02-05' })).toMatchObject({
      ok: false,
      message: 'Khoảng thời gian dài tối đa 400 ngày.',
    });
    expect(parsePeriod({ from: '2026-02-30', to: '2026-03-01' })).toMatchObject({ ok: false, path: 'query.from' });
    expect(parsePeriod({ month: '2026-13' })).toMatchObject({ ok: false, path: 'query.month' });
    expect(parsePeriod({ quarter: '2026-Q5' })).toMatchObject({ ok: false, path: 'query.quarter' });
    expect(parsePeriod({})).toMatchObject({ ok: false, path: 'query' });
    expect(parsePeriod({ month: '2026-11', from: '2026-11-01', to: '2026-11-02' })).toMatchObject({ ok: false });
  });
});
