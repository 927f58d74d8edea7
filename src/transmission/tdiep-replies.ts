/**
 * The node's reading of the authority's replies, pure: each reply dispatched by MLTDiep into what it means
 * for the message it answers, kept only when its MTDTChieu names that message, once per reply MTDiep
 * (a reply read twice, late or out of order changes nothing), and a 204 settled per invoice of the
 * package: the invoices it names are rejected with their reasons in Vietnamese, the others accepted.
 */
import { type CheckResult, readCheckResult } from '../tax-messages/check-result.js';
import { type Envelope, parseEnvelope } from '../tax-messages/envelope.js';
import { readErrorNoticeReply } from '../tax-messages/error-notice-reply.js';
import { readFormatError } from '../tax-messages/format-error.js';
import { type InvoiceRef, invoiceLabel, sameInvoice } from '../tax-messages/invoice-facts.js';
import { readCodedInvoice } from '../tax-messages/invoice-coding.js';
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
  | { kind: 'notice-reply'; refused: Array<InvoiceRef & { reason: string }> };

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
    case MESSAGE_TYPES.errorNoticeReply:
      return {
        kind: 'notice-reply',
        refused: readErrorNoticeReply(envelope)
          .lines.filter((line) => !line.received)
          .map(({ mauSo, kyHieu, number, issueDate, reasons }) => ({
            mauSo,
            kyHieu,
            number,
            issueDate,
            reason: reasonText(reasons),
          })),
      };
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

/** "Lỗi 2001: … Cách xử lý: …": a rejection as the invoice and its notification show it. */
export const rejectionText = (reasons: readonly Reason[]) =>
  reasons
    .map((r) => `Lỗi ${r.code}: ${r.text}${r.fix ? `. Cách xử lý: ${r.fix}` : ''}${r.note ? ` (${r.note})` : ''}`)
    .join('; ');

/** A package's invoices settled by its 204: those it names rejected with their reasons, the others accepted. */
export function settlePackage<T extends { ref: InvoiceRef }>(
  invoices: readonly T[],
  result: CheckResult,
): { accepted: T[]; rejected: Array<{ invoice: T; reason: string }> } {
  const accepted: T[] = [];
  const rejected: Array<{ invoice: T; reason: string }> = [];
  for (const invoice of invoices) {
    const named = result.rejected.find((r) => sameInvoice(r, invoice.ref));
    if (named) rejected.push({ invoice, reason: rejectionText(named.reasons) });
    else if (result.kind === 2 || result.kind === 7) accepted.push(invoice);
    else
      rejected.push({
        invoice,
        reason: rejectionText(result.reasons) || `${invoiceLabel(invoice.ref)}: LTBao ${result.kind}`,
      });
  }
  return { accepted, rejected };
}
