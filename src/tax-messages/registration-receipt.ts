/**
 * 102, the notice 01/TB-TNĐT: the authority has received (THop 1) or not received (THop 2–4, with
 * reasons) the tờ khai of a 100. THop values beyond "1 received" are chosen: 2 not received, 3 and 4 kept
 * for the authority's other cases (unconfirmed).
 */
import { el } from '../xml/xml-writer.js';
import { buildNotice, noticeData } from './authority-notice.js';
import type { Envelope, MessageHeader } from './envelope.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons, reasonList } from './reasons.js';
import type { SigningContext } from './signatures.js';
import { child, MessageFormatError, requiredText } from './xml-read.js';

export const RECEIPT_FORM = { code: '01/TB-TNĐT', title: 'Thông báo về việc tiếp nhận/không tiếp nhận tờ khai' };

export interface RegistrationReceipt {
  mst: string;
  taxpayerName: string;
  /** MGDDTu: MTDiep of the 100. */
  registrationMessageId: string;
  /** TGNhan, "YYYY-MM-DDThh:mm:ss" GMT+7. */
  receivedAt: string;
  case: 1 | 2 | 3 | 4;
  reasons: Reason[];
  place: string;
  /** NTBao, YYYY-MM-DD. */
  date: string;
}

export const buildRegistrationReceipt = (
  header: Omit<MessageHeader, 'type' | 'count' | 'mst'>,
  receipt: RegistrationReceipt,
  signing: SigningContext,
) =>
  buildNotice(
    { ...header, mst: receipt.mst },
    MESSAGE_TYPES.registrationReceipt,
    RECEIPT_FORM,
    [
      el('DDanh', receipt.place),
      el('TNNT', receipt.taxpayerName),
      el('MST', receipt.mst),
      el('MGDDTu', receipt.registrationMessageId),
      el('TGNhan', receipt.receivedAt),
      el('THop', receipt.case),
      reasonList('DSLDKTNhan', receipt.reasons),
      el('NTBao', receipt.date),
    ],
    signing,
  );

export function readRegistrationReceipt(envelope: Envelope): RegistrationReceipt {
  const data = noticeData(envelope, MESSAGE_TYPES.registrationReceipt, RECEIPT_FORM.code);
  const which = Number(requiredText(data, 'THop'));
  if (![1, 2, 3, 4].includes(which)) throw new MessageFormatError(`THop ${which} không hợp lệ`);
  return {
    mst: requiredText(data, 'MST'),
    taxpayerName: requiredText(data, 'TNNT'),
    registrationMessageId: requiredText(data, 'MGDDTu'),
    receivedAt: requiredText(data, 'TGNhan'),
    case: which as RegistrationReceipt['case'],
    reasons: readReasons(child(data, 'DSLDKTNhan')),
    place: requiredText(data, 'DDanh'),
    date: requiredText(data, 'NTBao'),
  };
}
