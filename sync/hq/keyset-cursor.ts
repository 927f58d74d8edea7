/**
 * The opaque cursors of the admin API's keyset-paged reads, as a client sees them: the last row's key in
 * base64url JSON. The invoice list's key is its (issue date, creation time, order of arrival); the revenue
 * answer's its (store, day or month, rate). Anything that does not decode is a 400, never a 500.
 */
import { validationError } from '../../src/errors.js';
import type { InvoiceCursor, RevenueKey } from './hq-store.js';

const encoded = (key: readonly unknown[]): string => Buffer.from(JSON.stringify(key)).toString('base64url');

function decoded(text: string): unknown[] {
  try {
    const key: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(key)) return key;
  } catch {
    // not base64url JSON: refused by the caller
  }
  return [];
}

const refused = () =>
  validationError('cursor không hợp lệ: hãy dùng nextCursor của trang trước.', [
    { path: 'querystring.cursor', message: 'không hợp lệ' },
  ]);

export const encodeCursor = (cursor: InvoiceCursor): string =>
  encoded([cursor.issueDate, cursor.createdAt, cursor.rowNo]);

export function decodeCursor(text: string): InvoiceCursor {
  const [issueDate, createdAt, rowNo] = decoded(text);
  if (typeof issueDate === 'string' && typeof createdAt === 'string' && Number.isSafeInteger(rowNo)) {
    return { issueDate, createdAt, rowNo: rowNo as number };
  }
  throw refused();
}

export const encodeRevenueCursor = (key: RevenueKey): string => encoded([key.storeId, key.date, key.taxRate]);

export function decodeRevenueCursor(text: string): RevenueKey {
  const [storeId, date, taxRate] = decoded(text);
  if (typeof storeId === 'string' && typeof date === 'string' && typeof taxRate === 'number') {
    return { storeId, date, taxRate };
  }
  throw refused();
}
