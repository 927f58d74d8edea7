/**
 * 300: the notice of erroneous invoices 04/SS-HĐĐT, signed by the taxpayer over DLTBao. Each line names an
 * invoice and what is done about it (TCTBao 1 cancel, 2 adjust, 3 replace, 4 explain). Loai 1: on the
 * seller's own initiative; 2: in answer to a review notice of the authority (So, NTBCCQT).
 */
import { el, renderXml } from '../xml/xml-writer.js';
import { buildEnvelope, type Envelope, type MessageHeader, onlyDocument } from './envelope.js';
import type { InvoiceRef } from './invoice-facts.js';
import { FORMAT_VERSION, MESSAGE_TYPES } from './message-types.js';
import { type SigningContext, signDocument } from './signatures.js';
import { children, MessageFormatError, optionalText, requiredChild, requiredText } from './xml-read.js';

export const ERROR_NOTICE_FORM = { code: '04/SS-HĐĐT', title: 'Thông báo hóa đơn điện tử có sai sót' };

/** TCTBao: what the seller does about the invoice. */
export const NOTICE_ACTIONS = { cancel: 1, adjust: 2, replace: 3, explain: 4 } as const;
export type NoticeAction = keyof typeof NOTICE_ACTIONS;

export interface NoticeLine extends InvoiceRef {
  /** MCQTCap: the invoice's code at the authority (≤34), when it has one. */
  authorityCode?: string;
  action: NoticeAction;
  reason: string;
}

export interface ErrorNotice {
  kind: 1 | 2;
  mst: string;
  taxpayerName: string;
  /** MCQT / TCQT: the tax office's code (≤5) and name. */
  taxOfficeCode: string;
  taxOfficeName: string;
  place: string;
  date: string;
  lines: NoticeLine[];
}

const actionOf = (code: string): NoticeAction => {
  const found = Object.entries(NOTICE_ACTIONS).find(([, value]) => String(value) === code);
  if (!found) throw new MessageFormatError(`TCTBao ${code} không hợp lệ`);
  return found[0] as NoticeAction;
};

/** The elements naming an invoice and what is done about it, the same in the notice (300) and its reply (301). */
export const noticedInvoice = (line: Omit<NoticeLine, 'reason'>, index: number) => [
  el('STT', index + 1),
  el('MCQTCap', line.authorityCode),
  el('KHMSHDon', line.mauSo),
  el('KHHDon', line.kyHieu),
  el('SHDon', line.number),
  el('Ngay', line.issueDate),
  // LADHDDT 1: an e-invoice under Decree 123 (the only kind the node issues).
  el('LADHDDT', 1),
  el('TCTBao', NOTICE_ACTIONS[line.action]),
];

export const errorNoticeDataId = (messageId: string) => `DLTBao-${messageId}`;

export function buildErrorNotice(
  header: Omit<MessageHeader, 'type' | 'count' | 'mst'>,
  notice: ErrorNotice,
  signing: SigningContext,
): string {
  const dataId = errorNoticeDataId(header.id);
  const xml = renderXml(
    el('TBao', [
      el(
        'DLTBao',
        [
          el('PBan', FORMAT_VERSION),
          el('MSo', ERROR_NOTICE_FORM.code),
          el('Ten', ERROR_NOTICE_FORM.title),
          el('Loai', notice.kind),
          el('MCQT', notice.taxOfficeCode),
          el('TCQT', notice.taxOfficeName),
          el('TNNT', notice.taxpayerName),
          el('MST', notice.mst),
          el('DDanh', notice.place),
          el('NTBao', notice.date),
          el(
            'DSHDon',
            notice.lines.map((line, index) => el('HDon', [...noticedInvoice(line, index), el('LDo', line.reason)])),
          ),
        ],
        { Id: dataId },
      ),
      el('DSCKS', [el('NNT', [])]),
    ]),
  );
  const signed = signDocument(xml, { ...signing, dataName: 'DLTBao', dataId, signer: 'NNT' });
  return buildEnvelope({ ...header, mst: notice.mst, type: MESSAGE_TYPES.errorNotice, count: 1 }, [signed]);
}

export function readErrorNotice(envelope: Envelope): ErrorNotice {
  if (envelope.header.type !== MESSAGE_TYPES.errorNotice)
    throw new MessageFormatError(`Thông điệp ${envelope.header.type} không phải 300`);
  const data = requiredChild(onlyDocument(envelope, 'TBao'), 'DLTBao');
  const kind = requiredText(data, 'Loai');
  if (kind !== '1' && kind !== '2') throw new MessageFormatError(`Loai ${kind} không hợp lệ`);
  return {
    kind: kind === '1' ? 1 : 2,
    mst: requiredText(data, 'MST'),
    taxpayerName: requiredText(data, 'TNNT'),
    taxOfficeCode: requiredText(data, 'MCQT'),
    taxOfficeName: requiredText(data, 'TCQT'),
    place: requiredText(data, 'DDanh'),
    date: requiredText(data, 'NTBao'),
    lines: children(requiredChild(data, 'DSHDon'), 'HDon').map((line) => {
      const authorityCode = optionalText(line, 'MCQTCap');
      return {
        mauSo: requiredText(line, 'KHMSHDon'),
        kyHieu: requiredText(line, 'KHHDon'),
        number: Number(requiredText(line, 'SHDon')),
        issueDate: requiredText(line, 'Ngay'),
        ...(authorityCode === undefined ? {} : { authorityCode }),
        action: actionOf(requiredText(line, 'TCTBao')),
        reason: requiredText(line, 'LDo'),
      };
    }),
  };
}

/** The signed TBao of a 300, for a signature check. */
export const errorNoticeDocument = (envelope: Envelope) => onlyDocument(envelope, 'TBao');
