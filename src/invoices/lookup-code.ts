/**
 * The lookup code (mã tra cứu) of an invoice: what its buyer types at the seller's lookup portal, or what
 * the receipt's QR carries. Twelve characters of Crockford's base32 (no I, L, O, U to misread): 60 random
 * bits, so that a million invoices collide with odds below one in a million (the unique index would refuse
 * the one that did, and its issue would be retried by the client).
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LOOKUP_CODE_LENGTH = 12;

export function newLookupCode(): string {
  const bytes = randomBytes(LOOKUP_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code;
}
