import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitProportionally } from '../../src/domain/proportional-split.js';

describe('a whole-sale discount shared over tax rates', () => {
  it('shares 10.000 ₫ over 75.000 and 400.000 as 1.578 and 8.422', () => {
    expect(splitProportionally(10_000, [75_000, 400_000])).toEqual([1_578, 8_422]);
  });

  it('gives the đồng left by rounding to the largest bases, the earlier on a tie', () => {
    expect(splitProportionally(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitProportionally(2, [1, 5, 1])).toEqual([0, 2, 0]);
  });

  it('gives nothing to a part without a base', () => {
    expect(splitProportionally(100, [0, 50])).toEqual([0, 100]);
    expect(splitProportionally(100, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up to the amount, each share within one đồng of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 6 }),
        (amount, bases) => {
          const shares = splitProportionally(amount, bases);
          const total = bases.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          // |share − amount × base / total| < 1, in integers: the products pass 2^53, where floating point
          // rounded the exact part 999,999,970.00000002 to 999,999,970 and a right share looked one đồng off.
          shares.forEach((share, i) => {
            const off = BigInt(share) * BigInt(total) - BigInt(amount) * BigInt(bases[i] ?? 0);
            expect(off < 0n ? -off : off).toBeLessThan(BigInt(total));
          });
        },
      ),
    );
  });

  it('shares exactly where the products pass 2^53 (the case a random run reported)', () => {
    expect(splitProportionally(999_999_989, [19, 999_999_971])).toEqual([18, 999_999_971]);
  });

  it('refuses an amount that is not whole đồng', () => {
    expect(() => splitProportionally(10.5, [1])).toThrow(RangeError);
  });
});
