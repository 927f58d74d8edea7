/**
 * The invoice list's cursor as a client sees it: the last row's (issue date, creation time, order of arrival)
 * in base64url JSON. Opaque to clients; anything that does not decode is a 400, never a 500.
 */
import { validationError } from '../../src/errors.js';
import type { InvoiceCursor } from './hq-store.js';

export const encodeCursor = (cursor: InvoiceCursor): string =>
  Buffer.from(JSON.stringify([cursor.issueDate, cursor.createdAt, cursor.rowNo])).toString('base64url');

export function decodeCursor(text: string): InvoiceCursor {
  try {
    const [issueDate, createdAt, rowNo] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof issueDate === 'string' && typeof createdAt === 'string' && Number.isSafeInteger(rowNo)) {
      return { issueDate, createdAt, rowNo: rowNo as number };
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw validationError('cursor không hợp lệ: hãy dùng nextCursor của trang trước.', [
    { path: 'querystring.cursor', message: 'không hợp lệ' },
  ]);
}
