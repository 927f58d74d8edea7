/**
 * 204, the notice 01/TB-KTDL: the result of checking a package or an invoice. LTBao 1: the invoice sent
 * for a code (200) is not eligible; 2: every invoice accepted; 7: a cash-register package with invalid
 * invoices; 3 and 9 exist for 203 and other cases. MGDDTu is the MTDiep of what was checked.
 *
 * The per-invoice layout of the rejected invoices is chosen (unconfirmed; [P] parses them out of MTLoi):
 * `LHDMTTien/DSHDon/HDon{STT, KHMSHDon, KHHDon, SHDon, NLap, DSLDo/LDo{MLoi, MTLoi, HDXLy, GChu}}`, and
 * for LTBao 1, `LCMa/DSLDo`. Invoices of the package not named there are accepted.
 */
import { el } from '../xml/xml-writer.js';
import { buildNotice, noticeData } from './authority-notice.js';
import type { Envelope, MessageHeader } from './envelope.js';
import type { InvoiceRef } from './invoice-facts.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons, reasonList } from './reasons.js';
import type { SigningContext } from './signatures.js';
import { child, children, MessageFormatError, requiredText } from './xml-read.js';

export const CHECK_FORM = {
  code: '01/TB-KTDL',
  title: 'Thông báo về việc kết quả kiểm tra dữ liệu hóa đơn điện tử',
};

export const CHECK_RESULT_KINDS = [1, 2, 3, 7, 9] as const;
export type CheckResultKind = (typeof CHECK_RESULT_KINDS)[number];

export interface RejectedInvoice extends InvoiceRef {
  reasons: Reason[];
}

export interface CheckResult {
  mst: string;
  taxpayerName: string;
  /** MGDDTu: MTDiep of the package or invoice checked. */
  checkedMessageId: string;
  /** TGGui: when the checked message was sent (received), "YYYY-MM-DDThh:mm:ss". */
  sentAt: string;
  kind: CheckResultKind;
  /** SLuong: invoices checked. */
  count: number;
  rejected: RejectedInvoice[];
  /** Reasons about the message as a whole (LTBao 1, 9). */
  reasons: Reason[];
  date: string;
}

export const buildCheckResult = (
  header: Omit<MessageHeader, 'type' | 'count' | 'mst'>,
  result: CheckResult,
  signing: SigningContext,
) =>
  buildNotice(
    { ...header, mst: result.mst },
    MESSAGE_TYPES.checkResult,
    CHECK_FORM,
    [
      el('NTBao', result.date),
      el('MST', result.mst),
      el('TNNT', result.taxpayerName),
      el('TGGui', result.sentAt),
      el('LTBao', result.kind),
      el('MGDDTu', result.checkedMessageId),
      el('SLuong', result.count),
      result.reasons.length > 0 ? el('LCMa', [reasonList('DSLDo', result.reasons, true)]) : undefined,
      result.rejected.length > 0
        ? el('LHDMTTien', [
            el(
              'DSHDon',
              result.rejected.map((invoice, index) =>
                el('HDon', [
                  el('STT', index + 1),
                  el('KHMSHDon', invoice.mauSo),
                  el('KHHDon', invoice.kyHieu),
                  el('SHDon', invoice.number),
                  el('NLap', invoice.issueDate),
                  reasonList('DSLDo', invoice.reasons, true),
                ]),
              ),
            ),
          ])
        : undefined,
    ],
    signing,
  );

export function readCheckResult(envelope: Envelope): CheckResult {
  const data = noticeData(envelope, MESSAGE_TYPES.checkResult, CHECK_FORM.code);
  const kind = Number(requiredText(data, 'LTBao'));
  if (!CHECK_RESULT_KINDS.includes(kind as CheckResultKind)) throw new MessageFormatError(`LTBao ${kind} không hợp lệ`);
  return {
    mst: requiredText(data, 'MST'),
    taxpayerName: requiredText(data, 'TNNT'),
    checkedMessageId: requiredText(data, 'MGDDTu'),
    sentAt: requiredText(data, 'TGGui'),
    kind: kind as CheckResultKind,
    count: Number(requiredText(data, 'SLuong')),
    rejected: children(child(child(data, 'LHDMTTien'), 'DSHDon'), 'HDon').map((invoice) => ({
      mauSo: requiredText(invoice, 'KHMSHDon'),
      kyHieu: requiredText(invoice, 'KHHDon'),
      number: Number(requiredText(invoice, 'SHDon')),
      issueDate: requiredText(invoice, 'NLap'),
      reasons: readReasons(child(invoice, 'DSLDo')),
    })),
    reasons: readReasons(child(child(data, 'LCMa'), 'DSLDo')),
    date: requiredText(data, 'NTBao'),
  };
}
