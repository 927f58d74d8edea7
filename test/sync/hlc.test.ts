import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, type Hlc, parseHlc, receiveHlc, tickHlc } from '../../sync/hlc.js';
import { hlcString } from '../../sync/protocol.js';

const T = Date.parse('2026-11-22T03:00:00.000Z');

describe('hybrid logical clock', () => {
  it('follows the wall clock when it moves forward, and counts when it does not', () => {
    const a = tickHlc(undefined, T, 'shop-1');
    expect(a).toEqual({ wallMs: T, counter: 0, node: 'shop-1' });
    expect(tickHlc(a, T, 'shop-1')).toEqual({ wallMs: T, counter: 1, node: 'shop-1' });
    // A wall clock set back never makes a smaller value.
    expect(tickHlc(a, T - 60_000, 'shop-1')).toEqual({ wallMs: T, counter: 1, node: 'shop-1' });
    expect(tickHlc(a, T + 5, 'shop-1')).toEqual({ wallMs: T + 5, counter: 0, node: 'shop-1' });
  });

  it('orders after a received value from a node whose clock runs ahead', () => {
    const remote: Hlc = { wallMs: T + 3_600_000, counter: 4, node: 'hq' };
    const after = receiveHlc({ wallMs: T, counter: 9, node: 'shop-1' }, remote, T, 'shop-1');
    expect(after).toEqual({ wallMs: T + 3_600_000, counter: 5, node: 'shop-1' });
    expect(compareHlc(formatHlc(after), formatHlc(remote))).toBe(1);
  });

  it('carries a full counter into the next millisecond, so every value stays well-formed', () => {
    const full: Hlc = { wallMs: T, counter: 99_999, node: 'hq' };
    expect(tickHlc(full, T, 'hq')).toEqual({ wallMs: T + 1, counter: 0, node: 'hq' });
    expect(receiveHlc(undefined, full, T, 'shop-1')).toEqual({ wallMs: T + 1, counter: 0, node: 'shop-1' });
    expect(hlcString.safeParse(formatHlc(receiveHlc(full, full, T, 'shop-1'))).success).toBe(true);
  });

  it('keeps string order equal to clock order, and every received or local event moves strictly forward', () => {
    const hlc = fc.record({
      wallMs: fc.integer({ min: 0, max: 10 ** 14 }),
      counter: fc.integer({ min: 0, max: 99_999 }),
      node: fc.constantFrom('hq', 'a', 'b'),
    });
    fc.assert(
      fc.property(hlc, hlc, fc.integer({ min: 0, max: 10 ** 14 }), (last, remote, now) => {
        expect(parseHlc(formatHlc(last))).toEqual(last);
        const received = formatHlc(receiveHlc(last, remote, now, 'a'));
        expect(hlcString.safeParse(received).success).toBe(true);
        expect(compareHlc(received, formatHlc({ ...last, node: 'a' }))).toBe(1);
        expect(compareHlc(received, formatHlc({ ...remote, node: 'a' }))).toBe(1);
        expect(compareHlc(formatHlc(tickHlc(last, now, 'a')), formatHlc({ ...last, node: 'a' }))).toBe(1);
      }),
    );
  });
});
