/**
 * Whole đồng shared over parts in proportion to their bases, as a discount on a whole sale is shared over its
 * tax rates: each share is floored, and the đồng left by the flooring go one each to the largest bases first
 * (the earlier part on a tie). The shares always add up to the amount. Pure.
 */
export function splitProportionally(amount: number, bases: readonly number[]): number[] {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError('Số tiền chia phải là số đồng nguyên không âm.');
  const total = bases.reduce((sum, base) => sum + Math.max(0, base), 0);
  if (total === 0) return bases.map(() => 0);
  const shares = bases.map((base) => Math.floor((amount * Math.max(0, base)) / total));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const largestFirst = bases.map((base, i) => ({ base, i })).sort((a, b) => b.base - a.base || a.i - b.i);
  for (const { i } of largestFirst) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}
