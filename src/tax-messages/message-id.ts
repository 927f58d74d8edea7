import { randomUUID } from 'node:crypto';
import { PARTY_CODE } from './message-types.js';

/** MTDiep: the sender's code, then the 32 upper-case hex digits of a UUID v4 without dashes. */
export function newMessageId(senderCode: string): string {
  if (!PARTY_CODE.test(senderCode)) throw new Error(`Mã bên gửi không hợp lệ: ${senderCode}`);
  return `${senderCode}${randomUUID().replaceAll('-', '').toUpperCase()}`;
}
