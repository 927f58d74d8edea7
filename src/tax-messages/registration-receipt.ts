/**
 * 102, the notice 01/TB-TNĐT: the authority has received (THop 1) or not received (THop 2–4, with
 * reasons) the tờ khai of a 100, in the shape CQT writes it (docs/tax-format.md §10, [R102]): `DLTBao{PBan,
 * MSo, Ten, So, DDanh, NTBao, MST, TNNT, TTKhai, MGDDTu, TGGui, THop, TGNhan, DSLDKCNhan/LDo{MLoi, MTa}}`.
 * The reasons are in DSLDKCNhan (e.g. 9992 "Đã tồn tại tờ khai … đã được cơ quan thuế chấp nhận"); the
 * older DSLDKTNhan is read too. THop values beyond "1 received" are chosen (unconfirmed).
 */
import { el } from '../xml/xml-writer.js';
import { buildNotice, noticeData } from './authority-notice.js';
import type { Envelope, MessageHeader } from './envelope.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons, reasonList } from './reasons.js';
import type { SigningContext } from './signatures.js';
import { child, definedOnly, MessageFormatError, optionalText, requiredText } from './xml-read.js';

export const RECEIPT_FORM = { code: '01/TB-TNĐT', title: 'Thông báo về việc tiếp nhận/không tiếp nhận tờ khai' };

/** TTKhai as the authority names the tờ khai it received. */
export const REGISTRATION_FORM_NAME = 'Tờ khai đăng ký/thay đổi thông tin sử dụng hóa đơn điện tử';

export interface RegistrationReceipt {
  mst: string;
  taxpayerName: string;
  /** MGDDTu: MTDiep of the 100 (TTChung/MTDTChieu names it too). */
  registrationMessageId?: string;
  /** TGGui and TGNhan, "YYYY-MM-DDThh:mm:ss" GMT+7: when the tờ khai was sent and received. */
  sentAt?: string;
  receivedAt?: string;
  case: 1 | 2 | 3 | 4;
  reasons: Reason[];
  /** So and DDanh: the notice's number and place. */
  noticeNumber?: string;
  place?: string;
  /** NTBao, YYYY-MM-DD. */
  date?: string;
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
      el('So', receipt.noticeNumber),
      el('DDanh', receipt.place),
      el('NTBao', receipt.date),
      el('MST', receipt.mst),
      el('TNNT', receipt.taxpayerName),
      el('TTKhai', REGISTRATION_FORM_NAME),
      el('MGDDTu', receipt.registrationMessageId),
      el('TGGui', receipt.sentAt),
      el('THop', receipt.case),
      el('TGNhan', receipt.receivedAt),
      reasonList('DSLDKCNhan', receipt.reasons),
    ],
    signing,
  );

export function readRegistrationReceipt(envelope: Envelope): RegistrationReceipt {
  const data = noticeData(envelope, MESSAGE_TYPES.registrationReceipt, RECEIPT_FORM.code);
  const which = Number(requiredText(data, 'THop'));
  if (![1, 2, 3, 4].includes(which)) throw new MessageFormatError(`THop ${which} không hợp lệ`);
  return {
    mst: requiredText(data, 'MST'),
    taxpayerName: optionalText(data, 'TNNT') ?? '',
    case: which as RegistrationReceipt['case'],
    reasons: [...readReasons(child(data, 'DSLDKCNhan')), ...readReasons(child(data, 'DSLDKTNhan'))],
    ...definedOnly({
      registrationMessageId: optionalText(data, 'MGDDTu') ?? envelope.header.replyTo,
      sentAt: optionalText(data, 'TGGui'),
      receivedAt: optionalText(data, 'TGNhan'),
      noticeNumber: optionalText(data, 'So'),
      place: optionalText(data, 'DDanh'),
      date: optionalText(data, 'NTBao'),
    }),
  };
}
