/**
 * The 23-character tax-authority code of a cash-register invoice (mã của cơ quan thuế, MCCQT), which the
 * seller's software mints itself so an invoice is complete at the till, offline:
 * `M{t}-{yy}-{AAAAA}-{NNNNNNNNNNN}` — t the invoice type (mauSo), yy the year, AAAAA the five characters the
 * tax authority assigned to the seller, and eleven digits unique for the seller. Here the eleven digits are
 * the symbol's two letters (base 26, three digits: each store has its own letters) and the invoice number
 * (eight digits, unique within the symbol and year), so no two stores of a chain can mint the same code.
 */
import { KY_HIEU_PATTERN } from './numbering.js';

export const SELLER_CODE_PATTERN = /^[A-Z0-9]{5}$/;

export function isCashRegisterSymbol(kyHieu: string): boolean {
  return KY_HIEU_PATTERN.test(kyHieu) && kyHieu[0] === 'C' && kyHieu[3] === 'M';
}

export function cashRegisterAuthorityCode(input: {
  mauSo: string;
  kyHieu: string;
  number: number;
  sellerCode: string;
}): string | null {
  const { mauSo, kyHieu, number, sellerCode } = input;
  if (!isCashRegisterSymbol(kyHieu) || !SELLER_CODE_PATTERN.test(sellerCode)) return null;
  const letters = (kyHieu.charCodeAt(4) - 65) * 26 + (kyHieu.charCodeAt(5) - 65);
  const serial = `${String(letters).padStart(3, '0')}${String(number).padStart(8, '0')}`;
  return `M${mauSo}-${kyHieu.slice(1, 3)}-${sellerCode}-${serial}`;
}
