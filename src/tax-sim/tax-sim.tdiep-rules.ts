/**
 * The simulated authority's business answers to a TDiep it has received (after the 999): what a real
 * CQT answers later and separately. Each rule returns the replies to send, built with src/tax-messages.
 * Reason codes (MLoi) are the simulator's own: the official list is unconfirmed (docs/transmission.md).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { normaliseMst } from '../domain/mst.js';
import { readCashRegisterPackage } from '../tax-messages/cash-register-package.js';
import { buildCheckResult } from '../tax-messages/check-result.js';
import type { Envelope } from '../tax-messages/envelope.js';
import { errorNoticeDocument, readErrorNotice } from '../tax-messages/error-notice.js';
import { buildErrorNoticeReply } from '../tax-messages/error-notice-reply.js';
import { buildCodedInvoice, codeInvoice, readInvoiceForCode } from '../tax-messages/invoice-coding.js';
import { type InvoiceFacts, invoiceLabel } from '../tax-messages/invoice-facts.js';
import { newMessageId } from '../tax-messages/message-id.js';
import { AUTHORITY_CODE, MESSAGE_TYPES } from '../tax-messages/message-types.js';
import type { Reason } from '../tax-messages/reasons.js';
import { readRegistration, registrationDocument } from '../tax-messages/registration.js';
import { buildRegistrationReceipt } from '../tax-messages/registration-receipt.js';
import { buildRegistrationResult } from '../tax-messages/registration-result.js';
import { documentSignatureProblem, packageSignatureProblem, type SigningContext } from '../tax-messages/signatures.js';
import { verifyInvoiceElement } from '../xml/xml-verify.js';
import type { TdiepStore } from './tax-sim.tdiep-store.js';

export interface RuleContext {
  store: TdiepStore;
  signing: SigningContext;
  /** Local date, YYYY-MM-DD, GMT+7. */
  today: string;
  /** Local date and time, YYYY-MM-DDThh:mm:ss, GMT+7. */
  now: string;
  /** A forced rejection of the next invoice (faults), or undefined. */
  takeRejection: () => string | undefined;
}

export interface BusinessReply {
  type: string;
  xml: string;
}

const PLACE = 'Hà Nội';
/** CCu: the legal basis a 204 cites. */
const CHECK_BASIS = 'Nghị định số 123/2020/NĐ-CP; Nghị định số 70/2025/NĐ-CP';
const numberKey = (facts: InvoiceFacts) => [facts.sellerMst, facts.mauSo, facts.kyHieu, facts.number].join('|');

/** The 5 characters of a store's cash-register codes: derived from its MST, the same at every registration. */
export const cashRegisterPrefix = (mst: string) =>
  createHash('sha256').update(mst).digest('hex').slice(0, 5).toUpperCase();

function header(envelope: Envelope) {
  return {
    sender: AUTHORITY_CODE,
    receiver: envelope.header.sender,
    id: newMessageId(AUTHORITY_CODE),
    replyTo: envelope.header.id,
  };
}

function registration(envelope: Envelope, context: RuleContext): BusinessReply[] {
  const form = readRegistration(envelope);
  const problem = documentSignatureProblem(registrationDocument(envelope), 'NNT');
  const reasons: Reason[] = problem ? [{ code: '2101', text: problem }] : [];
  const base = { mst: form.mst, taxpayerName: form.taxpayerName, place: PLACE };
  const receipt = buildRegistrationReceipt(
    header(envelope),
    {
      ...base,
      registrationMessageId: envelope.header.id,
      noticeNumber: `${context.today.replace(/-/g, '')}/TB-TNĐT`,
      date: context.today,
      sentAt: context.now,
      receivedAt: context.now,
      case: reasons.length ? 2 : 1,
      reasons,
    },
    context.signing,
  );
  if (reasons.length) return [{ type: MESSAGE_TYPES.registrationReceipt, xml: receipt }];
  const prefix = form.cashRegister ? cashRegisterPrefix(form.mst) : undefined;
  if (prefix) context.store.register(form.mst, prefix);
  // The real shape (docs/tax-format.md §10): linked to the 100 by MTDTChieu alone, STBao beside DLTBao.
  const result = buildRegistrationResult(
    header(envelope),
    {
      ...base,
      accepted: true,
      ...(prefix ? { cashRegisterPrefix: prefix } : {}),
      reasons: [],
      taxOffice: form.taxOfficeName,
      parentTaxOffice: 'Cục Thuế (giả lập)',
      decidedAt: context.now,
      noticeNumber: `${context.today.replace(/-/g, '')}/TB-ĐKĐT`,
      noticeDate: context.now,
    },
    context.signing,
  );
  return [
    { type: MESSAGE_TYPES.registrationReceipt, xml: receipt },
    { type: MESSAGE_TYPES.registrationResult, xml: result },
  ];
}

/** Why one invoice of a package is refused, or an empty list. */
function invoiceReasons(element: Element, facts: InvoiceFacts, envelope: Envelope, context: RuleContext): Reason[] {
  context.store.arrived(numberKey(facts), envelope.header.id);
  // A cash-register invoice needs no signature of its own (Decree 123 art. 11 cl. 2(b)): the package's
  // CKSNNT covers it; one that is signed must still be signed right.
  const problems = verifyInvoiceElement(element, { signatureOptional: true });
  if (problems.length)
    return problems
      .slice(0, 3)
      .map((text) => ({ code: '2001', text: text.slice(0, 255), fix: 'Sửa dữ liệu hóa đơn rồi gửi lại' }));
  // A branch (13 digits) is the same seller written 0100109106-001 or 0100109106001.
  if (normaliseMst(facts.sellerMst) !== normaliseMst(envelope.header.mst ?? ''))
    return [
      { code: '2002', text: 'MST người bán khác MST của thông điệp', fix: 'Gửi hóa đơn trong gói của người bán' },
    ];
  const earlier = context.store.acceptedInvoice(numberKey(facts));
  if (earlier && earlier !== envelope.header.id)
    return [
      {
        code: '2003',
        text: `Trùng số hóa đơn: ${invoiceLabel(facts)} đã được tiếp nhận`,
        fix: 'Không gửi lại hóa đơn đã được chấp nhận',
      },
    ];
  const forced = context.takeRejection();
  if (forced)
    return [{ code: '2009', text: forced.slice(0, 255), fix: 'Lập hóa đơn thay thế hoặc gửi thông báo 04/SS-HĐĐT' }];
  return [];
}

/**
 * A 204 as real clients read it (docs/tax-format.md §10): the failures at LHDMTTien/DSLDo, each naming its
 * invoice in the text of MTLoi ("Hóa đơn 1C26MAA số 7: …"); LTBao 2 when there is none, 7 otherwise.
 */
function cashRegisterPackage(envelope: Envelope, context: RuleContext): BusinessReply[] {
  const invoices = readCashRegisterPackage(envelope);
  const mst = envelope.header.mst ?? '';
  const packageProblem = packageSignatureProblem(envelope.root);
  const failures: Reason[] = [];
  if (packageProblem)
    // A package whose signature fails names no invoice: nothing of it is accepted.
    failures.push({
      code: '2000',
      text: packageProblem.slice(0, 255),
      fix: 'Ký lại gói và gửi với mã thông điệp mới',
    });
  else
    for (const { element, facts } of invoices)
      for (const reason of invoiceReasons(element, facts, envelope, context))
        failures.push({ ...reason, text: `Hóa đơn ${invoiceLabel(facts)}: ${reason.text}`.slice(0, 255) });
  // An LTBao 7 accepts nothing of the package (the node's reading of it, docs/tax-format.md §10): only a valid
  // package takes its numbers, so the invoices it did not name are accepted when they are sent again.
  if (failures.length === 0)
    for (const { facts } of invoices)
      if (!context.store.acceptedInvoice(numberKey(facts)))
        context.store.acceptInvoice(numberKey(facts), envelope.header.id);
  const xml = buildCheckResult(
    header(envelope),
    {
      mst,
      taxpayerName: mst,
      checkedMessageId: envelope.header.id,
      sentAt: context.now,
      kind: failures.length ? 7 : 2,
      count: invoices.length,
      noticeNumber: `${context.today.replace(/-/g, '')}/TB-KTDL`,
      place: PLACE,
      basis: CHECK_BASIS,
      failures,
      reasons: [],
      date: context.today,
    },
    context.signing,
  );
  return [{ type: MESSAGE_TYPES.checkResult, xml }];
}

function invoiceForCode(envelope: Envelope, context: RuleContext): BusinessReply[] {
  const { element, facts } = readInvoiceForCode(envelope);
  const reasons = invoiceReasons(element, facts, envelope, context);
  const mst = envelope.header.mst ?? '';
  if (reasons.length) {
    const xml = buildCheckResult(
      header(envelope),
      {
        mst,
        taxpayerName: mst,
        checkedMessageId: envelope.header.id,
        sentAt: context.now,
        kind: 1,
        count: 1,
        place: PLACE,
        basis: CHECK_BASIS,
        failures: [],
        reasons,
        date: context.today,
      },
      context.signing,
    );
    return [{ type: MESSAGE_TYPES.checkResult, xml }];
  }
  context.store.acceptInvoice(numberKey(facts), envelope.header.id);
  const coded = codeInvoice(
    element,
    { authorityCode: randomBytes(17).toString('hex').toUpperCase(), codeId: `Id-${randomUUID()}` },
    context.signing,
  );
  return [{ type: MESSAGE_TYPES.codedInvoice, xml: buildCodedInvoice({ ...header(envelope), mst }, coded) }];
}

function errorNotice(envelope: Envelope, context: RuleContext): BusinessReply[] {
  const notice = readErrorNotice(envelope);
  const problem = documentSignatureProblem(errorNoticeDocument(envelope), 'NNT');
  const xml = buildErrorNoticeReply(
    header(envelope),
    {
      mst: notice.mst,
      taxpayerName: notice.taxpayerName,
      noticeMessageId: envelope.header.id,
      receivedAt: `${context.today}T00:00:00`,
      place: PLACE,
      date: context.today,
      lines: notice.lines.map(({ reason: _reason, ...line }) => ({
        ...line,
        received: !problem,
        reasons: problem ? [{ code: '3001', text: problem.slice(0, 255) }] : [],
      })),
    },
    context.signing,
  );
  return [{ type: MESSAGE_TYPES.errorNoticeReply, xml }];
}

/** The business replies to a received message of a type the authority answers. */
export function businessReplies(envelope: Envelope, context: RuleContext): BusinessReply[] {
  switch (envelope.header.type) {
    case MESSAGE_TYPES.registration:
      return registration(envelope, context);
    case MESSAGE_TYPES.cashRegisterPackage:
      return cashRegisterPackage(envelope, context);
    case MESSAGE_TYPES.invoiceForCode:
      return invoiceForCode(envelope, context);
    case MESSAGE_TYPES.errorNotice:
      return errorNotice(envelope, context);
    default:
      return [];
  }
}
