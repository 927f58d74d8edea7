/**
 * 103, the notice 01/TB-ĐKĐT: the registration is accepted (TTXNCQT 1) or not (2, with reasons). An
 * accepted registration for cash-register invoices carries MCCQT, the 5 characters the authority assigns
 * for the store's cash-register codes (M{t}-{yy}-{AAAAA}-{11 digits}).
 */
import { el } from '../xml/xml-writer.js';
import { buildNotice, noticeData } from './authority-notice.js';
import type { Envelope, MessageHeader } from './envelope.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons, reasonList } from './reasons.js';
import type { SigningContext } from './signatures.js';
import { child, MessageFormatError, optionalText, requiredText } from './xml-read.js';

export const RESULT_FORM = {
  code: '01/TB-ĐKĐT',
  title: 'Thông báo về việc chấp nhận/không chấp nhận đăng ký/thay đổi thông tin sử dụng hóa đơn điện tử',
};

/** The 5-character part of a cash-register code the authority assigns (upper-case letters and digits). */
export const CASH_REGISTER_PREFIX = /^[A-Z0-9]{5}$/;

export interface RegistrationResult {
  mst: string;
  taxpayerName: string;
  registrationMessageId: string;
  accepted: boolean;
  /** MCCQT: present when a cash-register registration is accepted. */
  cashRegisterPrefix?: string;
  reasons: Reason[];
  place: string;
  date: string;
}

export const buildRegistrationResult = (
  header: Omit<MessageHeader, 'type' | 'count' | 'mst'>,
  result: RegistrationResult,
  signing: SigningContext,
) =>
  buildNotice(
    { ...header, mst: result.mst },
    MESSAGE_TYPES.registrationResult,
    RESULT_FORM,
    [
      el('DDanh', result.place),
      el('TNNT', result.taxpayerName),
      el('MST', result.mst),
      el('MGDDTu', result.registrationMessageId),
      el('TTXNCQT', result.accepted ? 1 : 2),
      el('MCCQT', result.cashRegisterPrefix),
      reasonList('DSLDKCNhan', result.reasons),
      el('NTBao', result.date),
    ],
    signing,
  );

export function readRegistrationResult(envelope: Envelope): RegistrationResult {
  const data = noticeData(envelope, MESSAGE_TYPES.registrationResult, RESULT_FORM.code);
  const state = requiredText(data, 'TTXNCQT');
  if (state !== '1' && state !== '2') throw new MessageFormatError(`TTXNCQT ${state} không hợp lệ`);
  const prefix = optionalText(data, 'MCCQT');
  if (prefix !== undefined && !CASH_REGISTER_PREFIX.test(prefix))
    throw new MessageFormatError(`MCCQT ${prefix} không phải 5 ký tự`);
  return {
    mst: requiredText(data, 'MST'),
    taxpayerName: requiredText(data, 'TNNT'),
    registrationMessageId: requiredText(data, 'MGDDTu'),
    accepted: state === '1',
    ...(prefix === undefined ? {} : { cashRegisterPrefix: prefix }),
    reasons: readReasons(child(data, 'DSLDKCNhan')),
    place: requiredText(data, 'DDanh'),
    date: requiredText(data, 'NTBao'),
  };
}
