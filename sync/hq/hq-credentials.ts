/**
 * Secrets of headquarters. A store's secret and the admin token are random 256-bit values; only the
 * sha256 of a store secret is stored, and every comparison is of two sha256 digests with timingSafeEqual,
 * so neither the length nor a prefix of a secret leaks through response time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export function sameSecret(presented: string, expectedHash: string): boolean {
  const expected = Buffer.from(expectedHash, 'hex');
  const actual = createHash('sha256').update(presented, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
