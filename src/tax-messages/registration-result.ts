/**
 * 103, the notice 01/TB-ĐKĐT: the registration is accepted (TTXNCQT 1) or not (2, with reasons), in the
 * shape CQT writes it (docs/tax-format.md §10, [R102]): `DLTBao{PBan, MSo, Ten, DDanh, TCQTCTren, TCQT, MST,
 * TNNT, Ngay, HTDKy, TTXNCQT, [MCCQT], HThuc, CDanh, DSLDKCNhan}`, a sibling `STBao{So, NTBao}`, signed
 * under `DSCKS/TTCQT`. It names the 100 it answers by TTChung/MTDTChieu only. Newer 103s carry MCCQT, the 5
 * characters of the store's cash-register codes (M{t}-{yy}-{AAAAA}-{11 digits}); a real 103 may have none.
 * Read liberally: the older shape (MGDDTu and NTBao inside DLTBao) is read as well.
 */
import { el } from '../xml/xml-writer.js';
import { buildNotice, noticeData } from './authority-notice.js';
import { type Envelope, type MessageHeader, onlyDocument } from './envelope.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons, reasonList } from './reasons.js';
import type { SigningContext } from './signatures.js';
import { child, definedOnly, MessageFormatError, optionalText, requiredText } from './xml-read.js';

export const RESULT_FORM = {
  code: '01/TB-ĐKĐT',
  title: 'Thông báo về việc chấp nhận/không chấp nhận đăng ký/thay đổi thông tin sử dụng hóa đơn điện tử',
};

/** The 5-character part of a cash-register code the authority assigns (upper-case letters and digits). */
export const CASH_REGISTER_PREFIX = /^[A-Z0-9]{5}$/;

export interface RegistrationResult {
  mst: string;
  taxpayerName: string;
  /** The 100 answered: TTChung/MTDTChieu (MGDDTu in the older shape). */
  registrationMessageId?: string;
  accepted: boolean;
  /** MCCQT: the 5 characters of cash-register codes, when the 103 carries them. */
  cashRegisterPrefix?: string;
  reasons: Reason[];
  /** DDanh. */
  place?: string;
  /** TCQT and TCQTCTren: the tax office and the one above it. */
  taxOffice?: string;
  parentTaxOffice?: string;
  /** Ngay: when the authority decided, "YYYY-MM-DDThh:mm:ss". */
  decidedAt?: string;
  /** STBao{So, NTBao}: the notice's number and date. */
  noticeNumber?: string;
  noticeDate?: string;
}

/** The 103 as CQT writes it (the simulator writes this shape). */
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
      el('TCQTCTren', result.parentTaxOffice),
      el('TCQT', result.taxOffice),
      el('MST', result.mst),
      el('TNNT', result.taxpayerName),
      el('Ngay', result.decidedAt),
      el('HTDKy', 1),
      el('TTXNCQT', result.accepted ? 1 : 2),
      el('MCCQT', result.cashRegisterPrefix),
      el('HThuc', 1),
      el('CDanh', 'Chi cục trưởng'),
      reasonList('DSLDKCNhan', result.reasons),
    ],
    signing,
    {
      signer: 'TTCQT',
      after: [
        el('STBao', [el('So', result.noticeNumber), el('NTBao', result.noticeDate)], { Id: `STBao-${header.id}` }),
      ],
    },
  );

export function readRegistrationResult(envelope: Envelope): RegistrationResult {
  const data = noticeData(envelope, MESSAGE_TYPES.registrationResult, RESULT_FORM.code);
  const state = requiredText(data, 'TTXNCQT');
  if (state !== '1' && state !== '2') throw new MessageFormatError(`TTXNCQT ${state} không hợp lệ`);
  const prefix = optionalText(data, 'MCCQT');
  if (prefix !== undefined && !CASH_REGISTER_PREFIX.test(prefix))
    throw new MessageFormatError(`MCCQT ${prefix} không phải 5 ký tự`);
  const notice = child(onlyDocument(envelope, 'TBao'), 'STBao');
  const optional = {
    registrationMessageId: envelope.header.replyTo ?? optionalText(data, 'MGDDTu'),
    cashRegisterPrefix: prefix,
    place: optionalText(data, 'DDanh'),
    taxOffice: optionalText(data, 'TCQT'),
    parentTaxOffice: optionalText(data, 'TCQTCTren'),
    decidedAt: optionalText(data, 'Ngay'),
    noticeNumber: optionalText(notice, 'So'),
    noticeDate: optionalText(notice, 'NTBao') ?? optionalText(data, 'NTBao'),
  };
  return {
    mst: requiredText(data, 'MST'),
    taxpayerName: optionalText(data, 'TNNT') ?? '',
    accepted: state === '1',
    reasons: readReasons(child(data, 'DSLDKCNhan')),
    ...definedOnly(optional),
  };
}
