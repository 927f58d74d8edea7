/**
 * The node's reading of the authority's replies, pure: each reply dispatched by MLTDiep into what it means
 * for the message it answers, kept only when its MTDTChieu names that message, once per reply MTDiep
 * (a reply read twice, late or out of order changes nothing), and a 204 settled per invoice of the
 * package (settlePackage): an invoice counts as accepted only when the authority says so.
 */
import { createHash } from 'node:crypto';
import { CHECK_ACCEPTED, type CheckResult, type NamedInvoice, readCheckResult } from '../tax-messages/check-result.js';
import { type Envelope, parseEnvelope } from '../tax-messages/envelope.js';
import { readErrorNoticeReply } from '../tax-messages/error-notice-reply.js';
import { readFormatError } from '../tax-messages/format-error.js';
import { readCodedInvoice } from '../tax-messages/invoice-coding.js';
import type { InvoiceRef } from '../tax-messages/invoice-facts.js';
import { MESSAGE_TYPES } from '../tax-messages/message-types.js';
import { type Reason, reasonText } from '../tax-messages/reasons.js';
import { readRegistrationReceipt } from '../tax-messages/registration-receipt.js';
import { readRegistrationResult } from '../tax-messages/registration-result.js';
import { readTechnicalAck } from '../tax-messages/technical-ack.js';

export type ReplyMeaning =
  /** 999 TTTNhan 0: received; the business reply comes later. */
  | { kind: 'received' }
  /** 999 TTTNhan 1 or -1: nothing was received; fix and resend under a new MTDiep. */
  | { kind: 'refused'; reason: string }
  | { kind: 'registration-receipt'; received: boolean; reason: string }
  | { kind: 'registration-result'; accepted: boolean; cashRegisterPrefix?: string; reason: string }
  | { kind: 'check-result'; result: CheckResult }
  | { kind: 'coded-invoice'; invoice: InvoiceRef; authorityCode: string }
  /** 301: the notice's refused lines (none: received), and the authority's number of its notice. */
  | { kind: 'notice-reply'; refused: Array<InvoiceRef & { reason: string }>; number?: string };

export interface Reply {
  id: string;
  replyTo: string;
  type: string;
  meaning: ReplyMeaning;
}

function meaningOf(envelope: Envelope): ReplyMeaning {
  switch (envelope.header.type) {
    case MESSAGE_TYPES.technicalAck: {
      const ack = readTechnicalAck(envelope);
      return ack.received ? { kind: 'received' } : { kind: 'refused', reason: reasonText(ack.reasons) };
    }
    case MESSAGE_TYPES.formatError:
      return { kind: 'refused', reason: reasonText(readFormatError(envelope).reasons) };
    case MESSAGE_TYPES.registrationReceipt: {
      const receipt = readRegistrationReceipt(envelope);
      return { kind: 'registration-receipt', received: receipt.case === 1, reason: reasonText(receipt.reasons) };
    }
    case MESSAGE_TYPES.registrationResult: {
      const result = readRegistrationResult(envelope);
      return {
        kind: 'registration-result',
        accepted: result.accepted,
        ...(result.cashRegisterPrefix ? { cashRegisterPrefix: result.cashRegisterPrefix } : {}),
        reason: reasonText(result.reasons),
      };
    }
    case MESSAGE_TYPES.checkResult:
      return { kind: 'check-result', result: readCheckResult(envelope) };
    case MESSAGE_TYPES.codedInvoice: {
      const { facts } = readCodedInvoice(envelope);
      const { mauSo, kyHieu, number, issueDate } = facts;
      return {
        kind: 'coded-invoice',
        invoice: { mauSo, kyHieu, number, issueDate },
        authorityCode: facts.authorityCode,
      };
    }
    case MESSAGE_TYPES.errorNoticeReply: {
      const reply = readErrorNoticeReply(envelope);
      return {
        kind: 'notice-reply',
        ...(reply.noticeNumber ? { number: reply.noticeNumber } : {}),
        refused: reply.lines
          .filter((line) => !line.received)
          .map(({ mauSo, kyHieu, number, issueDate, reasons }) => ({
            mauSo,
            kyHieu,
            number,
            issueDate,
            reason: reasonText(reasons),
          })),
      };
    }
    default:
      throw new Error(`Thông điệp ${envelope.header.type} không phải một phản hồi`);
  }
}

/** One reply read: its id, the message it answers and what it means. Throws on a reply it cannot read. */
export function readReply(xml: string): Reply {
  const envelope = parseEnvelope(xml);
  return {
    id: envelope.header.id,
    replyTo: envelope.header.replyTo ?? '',
    type: envelope.header.type,
    meaning: meaningOf(envelope),
  };
}

/**
 * The replies to `messageId` among those given (a look-up's answer, pushed ones, old and new together),
 * each once, in the order given; a reply about another message, or unreadable, is left out.
 */
export function repliesTo(messageId: string, xmls: readonly string[]): Reply[] {
  const seen = new Set<string>();
  const replies: Reply[] = [];
  for (const xml of xmls) {
    let reply: Reply;
    try {
      reply = readReply(xml);
    } catch {
      continue;
    }
    if (reply.replyTo !== messageId || seen.has(reply.id)) continue;
    seen.add(reply.id);
    replies.push(reply);
  }
  return replies;
}

/** A reply to `messageId` that the node cannot read, kept as it came (docs/transmission.md, "Unreadable replies"). */
export interface UnreadableReply {
  id: string;
  replyTo: string;
  type: string;
  error: string;
  xml: string;
}

const tagText = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]{1,100})</${tag}>`).exec(xml)?.[1]?.trim();

/**
 * The replies among `xmls` that answer `messageId` (they name it) and cannot be read: never dropped in
 * silence. Its id is its MTDiep when that can be found, else a digest of its text.
 */
export function unreadableRepliesTo(messageId: string, xmls: readonly string[]): UnreadableReply[] {
  const found = new Map<string, UnreadableReply>();
  for (const xml of xmls) {
    if (!xml.includes(messageId)) continue;
    try {
      readReply(xml);
    } catch (error) {
      const id = tagText(xml, 'MTDiep') ?? `?${createHash('sha256').update(xml).digest('hex').slice(0, 32)}`;
      if (id === messageId || found.has(id)) continue;
      found.set(id, {
        id,
        replyTo: messageId,
        type: tagText(xml, 'MLTDiep') ?? '?',
        error: (error as Error).message.slice(0, 300),
        xml,
      });
    }
  }
  return [...found.values()];
}

/** "Lỗi 2001: … Cách xử lý: …": a rejection as the invoice and its notification show it. */
export const rejectionText = (reasons: readonly Reason[]) =>
  reasons
    .map((r) => `Lỗi ${r.code}: ${r.text}${r.fix ? `. Cách xử lý: ${r.fix}` : ''}${r.note ? ` (${r.note})` : ''}`)
    .join('; ');

/** Whether a failure's text names this invoice (its template too, when the text gives it). */
export const namesInvoice = (named: NamedInvoice, ref: InvoiceRef) =>
  named.kyHieu === ref.kyHieu &&
  named.number === ref.number &&
  (named.mauSo === undefined || named.mauSo === ref.mauSo);

/** The LTBao of a 204 that answers an invoice sent for a code (200) as not eligible: that invoice is refused. */
const NOT_ELIGIBLE = 1;

/**
 * A package's invoices settled by its 204 (docs/tax-format.md §10, "Rule for a 204 that rejects"): an invoice
 * counts as accepted only when the authority says so, i.e. by an LTBao 2. Otherwise the invoices a failure
 * names (in its MTLoi) are rejected with MLoi and MTLoi; every other invoice of the package is neither:
 * it waits for the owner's attention (`attention`, "cần kiểm tra"), with the failures that named no
 * invoice, to be resent or corrected. An LTBao 1 refuses the one invoice sent for a code.
 */
export function settlePackage<T extends { ref: InvoiceRef }>(
  invoices: readonly T[],
  result: CheckResult,
): {
  accepted: T[];
  rejected: Array<{ invoice: T; reason: string }>;
  attention: Array<{ invoice: T; reason: string }>;
} {
  const accepted: T[] = [];
  const rejected: Array<{ invoice: T; reason: string }> = [];
  const attention: Array<{ invoice: T; reason: string }> = [];
  const named = (ref: InvoiceRef) => result.failures.filter((f) => f.invoice && namesInvoice(f.invoice, ref));
  // Failures that name no invoice of this package concern it as a whole.
  const loose = [
    ...result.reasons,
    ...result.failures.filter(
      (f) => !f.invoice || !invoices.some((i) => namesInvoice(f.invoice as NamedInvoice, i.ref)),
    ),
  ];
  const why = loose.length > 0 ? `: ${rejectionText(loose)}` : '';
  for (const invoice of invoices) {
    const own = named(invoice.ref);
    if (own.length > 0) rejected.push({ invoice, reason: rejectionText(own) });
    else if (result.kind === CHECK_ACCEPTED) accepted.push(invoice);
    else if (result.kind === NOT_ELIGIBLE && invoices.length === 1)
      rejected.push({ invoice, reason: rejectionText(loose) || `Không đủ điều kiện cấp mã (LTBao ${result.kind})` });
    else
      attention.push({
        invoice,
        reason:
          `Cần kiểm tra: cơ quan thuế trả thông báo 204 (LTBao ${result.kind}) không chấp nhận thông điệp ` +
          `và không nêu hóa đơn này${why}. Gửi lại hoặc lập hóa đơn thay thế.`,
      });
  }
  return { accepted, rejected, attention };
}
