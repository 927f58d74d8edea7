/**
 * The VAT reduction windows' pure rules (docs/exports.md, "VAT reduction windows"): a window holds its first
 * and last day, the refusal names the window that ended last, the warning starts 14 days before the last day
 * unless a window continues it, and a rate whose windows have all ended is found with the one that ended last.
 */
import { describe, expect, it } from 'vitest';
import {
  isReducedRate,
  lastEndedWindow,
  outsideWindowMessage,
  SHIPPED_VAT_REDUCTION_WINDOWS,
  windowEndingSoon,
  windowFor,
} from '../../src/domain/vat-reduction.js';

const shipped = SHIPPED_VAT_REDUCTION_WINDOWS;
const last = shipped.at(-1)!;

describe('VAT reduction windows', () => {
  it('hold their first and last day, for the reduced rate only', () => {
    expect(windowFor(shipped, '2025-07-01', 0.08)).toBe(last);
    expect(windowFor(shipped, '2026-12-31', 0.08)).toBe(last);
    expect(windowFor(shipped, '2027-01-01', 0.08)).toBeUndefined();
    expect(windowFor(shipped, '2023-03-15', 0.08)).toBeUndefined(); // between the 2022 and the 2023 windows
    expect(windowFor(shipped, '2026-06-01', 0.1)).toBeUndefined();
    expect(isReducedRate(shipped, 0.08)).toBe(true);
    expect(isReducedRate(shipped, 0.1)).toBe(false);
  });

  it('refuse with the window that ended last and its last day', () => {
    const message = outsideWindowMessage(shipped, '2027-01-05', 0.08);
    expect(message).toContain('05/01/2027');
    expect(message).toContain('đến hết ngày 31/12/2026');
    expect(message).toContain('Nghị định 174/2025/NĐ-CP');
    expect(outsideWindowMessage(shipped, '2023-03-15', 0.08)).toContain('đến hết ngày 31/12/2022');
  });

  it('warn from 14 days before the last day, not when a window continues it', () => {
    expect(windowEndingSoon(shipped, '2026-12-16')).toBeUndefined();
    expect(windowEndingSoon(shipped, '2026-12-17')).toEqual({ window: last, daysLeft: 14 });
    expect(windowEndingSoon(shipped, '2026-12-31')).toEqual({ window: last, daysLeft: 0 });
    expect(windowEndingSoon(shipped, '2027-01-01')).toBeUndefined();
    const extended = [...shipped, { ...last, from: '2027-01-01', to: '2027-06-30' }];
    expect(windowEndingSoon(extended, '2026-12-20')).toBeUndefined();
    // 2024-06-30 is continued by the window from 2024-07-01: no warning in June 2024.
    expect(windowEndingSoon(shipped, '2024-06-25')).toBeUndefined();
  });

  it('find the window that ended last once none holds the day', () => {
    expect(lastEndedWindow(shipped, '2026-12-31')).toBeUndefined();
    expect(lastEndedWindow(shipped, '2027-01-01')).toBe(last);
    expect(lastEndedWindow(shipped, '2023-03-15')?.to).toBe('2022-12-31');
    expect(lastEndedWindow(shipped, '2022-01-15')).toBeUndefined();
  });
});
