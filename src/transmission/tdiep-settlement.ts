/**
 * What the replies read so far mean for a message and its invoices, decided without writing: the worker
 * (tdiep-worker.ts) applies the invoices' changes a few per write job, so that settling a package of 100
 * never holds the group commit the cashiers' invoices go through, and saves the message last. Each change
 * applies only to an invoice still `sent` in that message, so a settlement cut short (a crash, a restart)
 * is decided and applied again from the stored replies without touching what it already settled.
 */
import type { CheckResult, NamedInvoice } from '../tax-messages/check-result.js';
import type { InvoiceRef } from '../tax-messages/invoice-facts.js';
import { MESSAGE_TYPES } from '../tax-messages/message-types.js';
import type { TaxMessageRow } from './tax-messages.repository.js';
import { namesInvoice, type Reply, settlePackage } from './tdiep-replies.js';

export type InvoiceChange =
  /** Nothing was received: back to the queue, to leave in a new package. */
  | { invoiceId: string; to: 'queued'; reason: string }
  | { invoiceId: string; to: 'accepted' }
  | { invoiceId: string; to: 'rejected'; reason: string }
  /**
   * The authority neither accepted nor named it (a 204 other than LTBao 2 with a failure naming no invoice of
   * the package): the owner decides.
   */
  | { invoiceId: string; to: 'attention'; reason: string };

/** What a message itself tells the node, apart from its invoices. */
export interface MessageOutcomes {
  /** The authority answered the registration (103), or refused it. */
  registration(result: { accepted: boolean; cashRegisterPrefix?: string; reason: string }): void;
  /** A 301 refused lines of a 04/SS notice, or the notice itself was refused. */
  noticeRefused(messageId: string, reason: string): void;
  /** A 301 received the 04/SS notice (its number when the authority gives one). */
  noticeAccepted(messageId: string, number: string | undefined): void;
  /** Invoices of a package the authority neither accepted nor named wait for the owner (once per package). */
  needsAttention(messageId: string, invoices: number, reason: string): void;
}

export interface Settlement {
  invoices: InvoiceChange[];
  /** The message's row once its invoices are settled. */
  message: TaxMessageRow;
  /** What the message itself tells the node (a registration's result, a refused notice). */
  report?: (outcomes: MessageOutcomes) => void;
}

export interface SettlementContext {
  /** The invoices the message carries (the queue rows pointing at it), with their numbers. */
  invoices: () => Array<{ invoiceId: string; ref: InvoiceRef }>;
  at: string;
  /** When a message still waiting for its business reply is looked up again. */
  nextLookUp: string;
}

export function settlementOf(message: TaxMessageRow, replies: Reply[], context: SettlementContext): Settlement {
  const { at } = context;
  // A refusal counts only when nothing was received: a copy sent again by mistake is refused as a reused
  // MTDiep, and that says nothing about the first one.
  const received = replies.some((r) => r.meaning.kind === 'received');
  const refused = received ? undefined : replies.find((r) => r.meaning.kind === 'refused');
  // The final business reply when several arrived together (a 103 after its 102).
  const answers = replies.filter((r) => !['received', 'refused'].includes(r.meaning.kind));
  const business = answers.find((r) => r.meaning.kind !== 'registration-receipt') ?? answers[0];
  if (refused && refused.meaning.kind === 'refused') {
    const reason = refused.meaning.reason;
    return {
      invoices: context.invoices().map(({ invoiceId }) => ({ invoiceId, to: 'queued', reason })),
      message: { ...message, state: 'refused', lastError: reason.slice(0, 500), updatedAt: at },
      report: (outcomes) => {
        if (message.type === MESSAGE_TYPES.registration) outcomes.registration({ accepted: false, reason });
        if (message.type === MESSAGE_TYPES.errorNotice) outcomes.noticeRefused(message.messageId, reason);
      },
    };
  }
  const waiting = (state: TaxMessageRow['state']): Settlement => ({
    invoices: [],
    message: { ...message, state, nextAttemptAt: context.nextLookUp, updatedAt: at },
  });
  if (!business) return waiting(received ? 'received' : message.state);
  const answered = { ...message, state: 'answered' as const, lastError: null, updatedAt: at };
  const meaning = business.meaning;
  switch (meaning.kind) {
    case 'check-result': {
      const settled = refusedForNamedInvoices(settlePackage(context.invoices(), meaning.result), meaning.result);
      const [first] = settled.attention;
      return {
        invoices: [
          ...settled.accepted.map(({ invoiceId }) => ({ invoiceId, to: 'accepted' as const })),
          ...settled.rejected.map(({ invoice, reason }) => ({
            invoiceId: invoice.invoiceId,
            to: 'rejected' as const,
            reason,
          })),
          ...settled.requeued.map(({ invoice, reason }) => ({
            invoiceId: invoice.invoiceId,
            to: 'queued' as const,
            reason,
          })),
          ...settled.attention.map(({ invoice, reason }) => ({
            invoiceId: invoice.invoiceId,
            to: 'attention' as const,
            reason,
          })),
        ],
        message: answered,
        ...(first
          ? {
              report: (outcomes: MessageOutcomes) =>
                outcomes.needsAttention(message.messageId, settled.attention.length, first.reason),
            }
          : {}),
      };
    }
    case 'coded-invoice':
      return {
        invoices: context.invoices().map(({ invoiceId }) => ({ invoiceId, to: 'accepted' })),
        message: answered,
      };
    case 'registration-result':
      return { invoices: [], message: answered, report: (outcomes) => outcomes.registration(meaning) };
    case 'registration-receipt':
      if (meaning.received) return waiting('received');
      return {
        invoices: [],
        message: answered,
        report: (outcomes) => outcomes.registration({ accepted: false, reason: meaning.reason }),
      };
    case 'notice-reply': {
      const refusedLines = meaning.refused.map((r) => `${r.kyHieu} số ${r.number}: ${r.reason}`).join('; ');
      return {
        invoices: [],
        message: answered,
        report: (outcomes) =>
          refusedLines
            ? outcomes.noticeRefused(message.messageId, refusedLines)
            : outcomes.noticeAccepted(message.messageId, meaning.number),
      };
    }
    default:
      return { invoices: [], message: answered };
  }
}

/**
 * A package fails per invoice (docs/transmission.md, "One invoice never holds its package"): a 204 whose every
 * failure names an invoice of the package refused those invoices for their own data, so the others, which it
 * neither accepted nor refused, go back to the queue and leave in a new package after the backoff instead of
 * waiting for the owner. A 204 with any failure that names no invoice of the package leaves them waiting as
 * before: nothing says what was wrong with them.
 */
function refusedForNamedInvoices<T extends { ref: InvoiceRef }>(
  settled: ReturnType<typeof settlePackage<T>>,
  result: CheckResult,
): ReturnType<typeof settlePackage<T>> & { requeued: Array<{ invoice: T; reason: string }> } {
  const onlyNamed =
    settled.rejected.length > 0 &&
    result.reasons.length === 0 &&
    result.failures.every(
      (failure) =>
        failure.invoice !== undefined &&
        settled.rejected.some(({ invoice }) => namesInvoice(failure.invoice as NamedInvoice, invoice.ref)),
    );
  if (!onlyNamed || settled.attention.length === 0) return { ...settled, requeued: [] };
  const refused = settled.rejected.map(({ invoice }) => `${invoice.ref.kyHieu} số ${invoice.ref.number}`).join(', ');
  const reason =
    `Gửi lại trong gói mới: cơ quan thuế trả thông báo 204 (LTBao ${result.kind}) chỉ từ chối ` +
    `hóa đơn ${refused} của gói, không từ chối hóa đơn này.`;
  return { ...settled, attention: [], requeued: settled.attention.map(({ invoice }) => ({ invoice, reason })) };
}
