/**
 * Invoice arithmetic in integer đồng (docs/decisions.md §1). Products are computed exactly on the decimal text of
 * the numbers the client sent, so 1.005 × 1000 rounds the way an accountant expects, not the way a double does.
 */

/** What a priced line adds to an invoice (src/domain/lines.ts computes it). */
export interface LineAmounts {
  total: number;
  taxAmount: number;
}

export interface InvoiceTotals {
  subtotal: number;
  taxAmount: number;
  total: number;
}

interface Decimal {
  digits: bigint;
  scale: number;
}

function toDecimal(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa, exponentText] = value.toString().toLowerCase().split('e') as [string, string?];
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [whole, fraction = ''] = mantissa.split('.') as [string, string?];
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/** round(a × b) with halves rounded away from zero, exact for the decimal values given. */
export function roundProduct(a: number, b: number): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  const product = x.digits * y.digits;
  const divisor = 10n ** BigInt(x.scale + y.scale);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  const result = Number(negative ? -quotient : quotient);
  return result === 0 ? 0 : result;
}

/**
 * round(a ÷ b) to `decimals` places, halves away from zero, exact for the decimal values given: the amount
 * before tax of a price with tax included, round(25000 ÷ 1.1) = 22727 (src/domain/lines.ts).
 */
export function roundQuotient(a: number, b: number, decimals = 0): number {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (y.digits === 0n) throw new RangeError('division by zero');
  // a ÷ b = (x.digits × 10^y.scale) ÷ (y.digits × 10^x.scale), scaled by 10^decimals.
  let numerator = x.digits * 10n ** BigInt(y.scale + decimals);
  let divisor = y.digits * 10n ** BigInt(x.scale);
  if (divisor < 0n) {
    numerator = -numerator;
    divisor = -divisor;
  }
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  const scaled = Number(negative ? -quotient : quotient) / 10 ** decimals;
  return scaled === 0 ? 0 : scaled;
}

export function invoiceTotals(lines: readonly LineAmounts[]): InvoiceTotals {
  let subtotal = 0;
  let taxAmount = 0;
  for (const line of lines) {
    subtotal += line.total;
    taxAmount += line.taxAmount;
  }
  return { subtotal, taxAmount, total: subtotal + taxAmount };
}

/** A client may send its own line total; more than 1 đồng away from ours means the client computed something else. */
export function lineTotalMatches(sent: number | undefined, computed: number): boolean {
  return sent === undefined || Math.abs(sent - computed) <= 1;
}
