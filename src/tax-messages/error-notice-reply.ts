/**
 * 301, the notice 01/TB-SSĐT: the authority's answer to a 300, per invoice received (TTTNCCQT 1) or
 * refused (2, with reasons). STTThe: which TBao of the 300 it answers (1, the node sends one per 300).
 * A real accepted 301 has no DSHDon at all: `TCQTCTren, TCQT, TNNT, MST, MGDDTu, MHSo, TGNhan, NTBNNT,
 * STTThe` and, beside DLTBao, `STBao{So, NTBao}`, the notice's number and date (docs/transmission.md, "301").
 */
import { el } from '../xml/xml-writer.js';
import { buildNotice, noticeData } from './authority-notice.js';
import type { Envelope, MessageHeader } from './envelope.js';
import { NOTICE_ACTIONS, type NoticeLine, noticedInvoice } from './error-notice.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons, reasonList } from './reasons.js';
import type { SigningContext } from './signatures.js';
import { child, children, optionalText, requiredText } from './xml-read.js';

export const NOTICE_REPLY_FORM = {
  code: '01/TB-SSĐT',
  title: 'Thông báo về việc tiếp nhận và kết quả xử lý về việc hóa đơn điện tử đã lập có sai sót',
};

export interface NoticeReplyLine extends Omit<NoticeLine, 'reason'> {
  received: boolean;
  reasons: Reason[];
}

export interface ErrorNoticeReply {
  mst: string;
  taxpayerName: string;
  /** MGDDTu: MTDiep of the 300. */
  noticeMessageId: string;
  receivedAt: string;
  place: string;
  date: string;
  lines: NoticeReplyLine[];
  /** STBao/So: the authority's number of its notice (`771369/TB-HĐĐT`), when it gives one. */
  noticeNumber?: string;
}

export const buildErrorNoticeReply = (
  header: Omit<MessageHeader, 'type' | 'count' | 'mst'>,
  reply: ErrorNoticeReply,
  signing: SigningContext,
) =>
  buildNotice(
    { ...header, mst: reply.mst },
    MESSAGE_TYPES.errorNoticeReply,
    NOTICE_REPLY_FORM,
    [
      el('DDanh', reply.place),
      el('TNNT', reply.taxpayerName),
      el('MST', reply.mst),
      el('MGDDTu', reply.noticeMessageId),
      el('TGNhan', reply.receivedAt),
      el('STTThe', 1),
      el('NTBao', reply.date),
      el(
        'DSHDon',
        reply.lines.map((line, index) =>
          el('HDon', [
            ...noticedInvoice(line, index),
            el('TTTNCCQT', line.received ? 1 : 2),
            reasonList('DSLDKTNhan', line.reasons),
          ]),
        ),
      ),
    ],
    signing,
  );

const ACTIONS = Object.entries(NOTICE_ACTIONS) as Array<[NoticeLine['action'], number]>;

export function readErrorNoticeReply(envelope: Envelope): ErrorNoticeReply {
  const data = noticeData(envelope, MESSAGE_TYPES.errorNoticeReply, NOTICE_REPLY_FORM.code);
  const numbered = child(data.parentNode as Element, 'STBao');
  const noticeNumber = optionalText(numbered, 'So');
  const list = child(data, 'DSHDon');
  return {
    mst: requiredText(data, 'MST'),
    taxpayerName: requiredText(data, 'TNNT'),
    noticeMessageId: optionalText(data, 'MGDDTu') ?? envelope.header.replyTo ?? '',
    receivedAt: requiredText(data, 'TGNhan'),
    place: optionalText(data, 'DDanh') ?? '',
    date: optionalText(data, 'NTBao') ?? optionalText(numbered, 'NTBao') ?? requiredText(data, 'NTBNNT'),
    ...(noticeNumber ? { noticeNumber } : {}),
    // No DSHDon: the notice as a whole was received.
    lines: (list ? children(list, 'HDon') : []).map((line) => {
      const code = child(line, 'MCQTCap')?.textContent;
      const action = requiredText(line, 'TCTBao');
      return {
        mauSo: requiredText(line, 'KHMSHDon'),
        kyHieu: requiredText(line, 'KHHDon'),
        number: Number(requiredText(line, 'SHDon')),
        issueDate: requiredText(line, 'Ngay'),
        ...(code ? { authorityCode: code } : {}),
        action: ACTIONS.find(([, value]) => String(value) === action)?.[0] ?? 'explain',
        received: requiredText(line, 'TTTNCCQT') === '1',
        reasons: readReasons(child(line, 'DSLDKTNhan')),
      };
    }),
  };
}
