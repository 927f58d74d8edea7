/**
 * Vietnamese tax codes (mã số thuế): 10 digits, or 13 = 10 + a 3-digit branch. Rules from
 * docs/tax-format.md. Pure functions; the HTTP layer maps a failed rule to VALIDATION_ERROR.
 */

export type MstRule = 'present' | 'digits' | 'length' | 'checkDigit';

export type MstCheck = { ok: true; mst: string } | { ok: false; rule: MstRule; message: string };

const WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

const MESSAGES: Record<MstRule, string> = {
  present: 'Mã số thuế không được để trống.',
  digits: 'Mã số thuế chỉ được chứa chữ số.',
  length: 'Mã số thuế phải có đúng 10 hoặc 13 chữ số.',
  checkDigit: 'Mã số thuế sai chữ số kiểm tra.',
};

const fail = (rule: MstRule): MstCheck => ({ ok: false, rule, message: MESSAGES[rule] });

/** Accepts the printed branch form `0314409058-002` and returns the 13 digits. */
export function normaliseMst(raw: string): string {
  const trimmed = raw.trim();
  return /^\d{10}-\d{3}$/.test(trimmed) ? trimmed.replace('-', '') : trimmed;
}

/** The spec's three shape rules (present, digits only, 10 or 13 long). */
export function checkMstShape(raw: string | undefined): MstCheck {
  if (raw === undefined || raw.trim() === '') return fail('present');
  const mst = normaliseMst(raw);
  if (!/^\d+$/.test(mst)) return fail('digits');
  if (mst.length !== 10 && mst.length !== 13) return fail('length');
  return { ok: true, mst };
}

export function hasValidCheckDigit(mst: string): boolean {
  const digits = [...mst.slice(0, 10)].map(Number);
  if (digits.slice(2, 9).every((d) => d === 0)) return false;
  if (mst.length === 13 && mst.slice(10) === '000') return false;
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * (digits[i] as number), 0);
  const remainder = sum % 11;
  if (remainder === 0) return false;
  return 10 - remainder === digits[9];
}

/** All four rules of docs/decisions.md §6, in order; the first failure is reported. */
export function checkMst(raw: string | undefined): MstCheck {
  const shape = checkMstShape(raw);
  if (!shape.ok) return shape;
  return hasValidCheckDigit(shape.mst) ? shape : fail('checkDigit');
}

/** An MST as the invoice writes it: a branch's 13 digits as `0100109106-001`, 10 digits as they are. */
export const mstWithBranchDash = (mst: string): string =>
  mst.length === 13 ? `${mst.slice(0, 10)}-${mst.slice(10)}` : mst;
