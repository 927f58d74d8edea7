/**
 * 204, the notice 01/TB-KTDL: the result of checking a package or an invoice, in the shape real clients
 * read it (docs/tax-format.md §10, [VB], [J], [P]). LTBao 2: the package is valid; 7: a cash-register package
 * with failures; 1: the invoice sent for a code (200) is not eligible; other values exist for other
 * messages. DLTBao carries So, DDanh, NTBao, MST, TNNT, TGGui, LTBao, CCu, MGDDTu and SLuong (TGGui, MGDDTu
 * and SLuong optional: the 204 names the message it answers by TTChung/MTDTChieu as well).
 *
 * The failures of a package are `LHDMTTien/DSLDo/LDo{STT, MLoi, MTLoi, HDXLy, GChu}`: there is no list of
 * invoices; the failing invoice is named in the text of MTLoi, which [P] reads as
 * "KHMSHDon;KHHDon;SHDon;…" and which may also name the symbol and number in words. `invoiceNamedIn`
 * finds it; a failure that names none concerns the package as a whole. LTBao 1's reasons are `LCMa/DSLDo`.
 */
import { el } from '../xml/xml-writer.js';
import { buildNotice, noticeData } from './authority-notice.js';
import type { Envelope, MessageHeader } from './envelope.js';
import { MESSAGE_TYPES } from './message-types.js';
import { type Reason, readReasons } from './reasons.js';
import type { SigningContext } from './signatures.js';
import { child, children, definedOnly, MessageFormatError, optionalText, requiredText } from './xml-read.js';

export const CHECK_FORM = {
  code: '01/TB-KTDL',
  title: 'Thông báo về việc kết quả kiểm tra dữ liệu hóa đơn điện tử',
};

/** LTBao: 2 is the only one that accepts a package. */
export const CHECK_ACCEPTED = 2;

/** An invoice as a failure's text names it: the template (KHMSHDon) only when the text gives it. */
export interface NamedInvoice {
  mauSo?: string;
  kyHieu: string;
  number: number;
}

export interface CheckFailure extends Reason {
  /** The invoice MTLoi names, when it names one. */
  invoice?: NamedInvoice;
}

export interface CheckResult {
  mst: string;
  taxpayerName: string;
  /** MGDDTu: MTDiep of the package or invoice checked (optional in a real 204). */
  checkedMessageId?: string;
  /** TGGui: when the checked message was sent, "YYYY-MM-DDThh:mm:ss". */
  sentAt?: string;
  /** LTBao. */
  kind: number;
  /** SLuong: invoices checked. */
  count?: number;
  /** So, DDanh, CCu: the notice's number, place and legal basis. */
  noticeNumber?: string;
  place?: string;
  basis?: string;
  /** LHDMTTien/DSLDo: the failures of a package, each with the invoice it names, if any. */
  failures: CheckFailure[];
  /** LCMa/DSLDo: reasons about the message as a whole (LTBao 1). */
  reasons: Reason[];
  /** NTBao. */
  date: string;
}

const SYMBOL = '[CK][0-9]{2}[TDLMNBGHX][A-Z0-9]{2}';
/** [P]'s reading: "KHMSHDon;KHHDon;SHDon;…". */
const P_LAYOUT = new RegExp(`^\\s*([1-9])\\s*;\\s*(${SYMBOL})\\s*;\\s*0*([0-9]{1,8})\\s*(?:;|$)`);
/** A symbol in words, with its template just before it ("1C26MAA") or not ("C26MAA"). */
const SYMBOL_IN_TEXT = new RegExp(`(?:^|[^A-Za-z0-9])([1-9])?(${SYMBOL})(?![A-Za-z0-9])`);
/**
 * The number right after the symbol, past separators and a "số" or "SHDon" ("C26MAA số 12", "C26MAA;12",
 * "C26MAA-0000012", "C26MAA, số hóa đơn 12"); a number further on ("C26MAA: lỗi mã 1234") is not it.
 */
const NUMBER_AFTER = /^[\s,;:.\-–]*(?:(?:số(?:\s+hóa\s+đơn)?|SHDon)\s*[:=]?\s*)?0*([0-9]{1,8})(?![0-9])/i;
/** The number anywhere: "số 12" / "số hóa đơn 12" / "SHDon 12". */
const NUMBER_NAMED = /(?:số(?: hóa đơn)?|SHDon)\s*[:=]?\s*0*([0-9]{1,8})(?![0-9])/i;

/** The invoice a failure's text names, or undefined when it names none. */
export function invoiceNamedIn(text: string): NamedInvoice | undefined {
  const laidOut = P_LAYOUT.exec(text);
  if (laidOut) return { mauSo: laidOut[1] as string, kyHieu: laidOut[2] as string, number: Number(laidOut[3]) };
  const symbol = SYMBOL_IN_TEXT.exec(text);
  if (!symbol) return undefined;
  const rest = text.slice(symbol.index + symbol[0].length);
  const number = NUMBER_AFTER.exec(rest)?.[1] ?? NUMBER_NAMED.exec(text)?.[1];
  if (number === undefined || Number(number) === 0) return undefined;
  return { ...(symbol[1] ? { mauSo: symbol[1] } : {}), kyHieu: symbol[2] as string, number: Number(number) };
}

const failureList = (listName: string, reasons: readonly Reason[]) =>
  reasons.length === 0
    ? undefined
    : el(
        listName,
        reasons.map((reason, index) =>
          el('LDo', [
            el('STT', index + 1),
            el('MLoi', reason.code),
            el('MTLoi', reason.text),
            el('HDXLy', reason.fix),
            el('GChu', reason.note),
          ]),
        ),
      );

/** The 204 in the real shape (the simulator writes this); `failures`' texts name their invoices. */
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
      el('So', result.noticeNumber),
      el('DDanh', result.place),
      el('NTBao', result.date),
      el('MST', result.mst),
      el('TNNT', result.taxpayerName),
      el('TGGui', result.sentAt),
      el('LTBao', result.kind),
      el('CCu', result.basis),
      el('MGDDTu', result.checkedMessageId),
      el('SLuong', result.count),
      result.reasons.length > 0 ? el('LCMa', [failureList('DSLDo', result.reasons)]) : undefined,
      result.failures.length > 0
        ? el('LHDMTTien', [
            failureList(
              'DSLDo',
              result.failures.map(({ invoice: _named, ...reason }) => reason),
            ),
          ])
        : undefined,
    ],
    signing,
  );

/**
 * The per-invoice list `LHDMTTien/DSHDon/HDon{KHMSHDon, KHHDon, SHDon, DSLDo}` earlier versions of the
 * simulator wrote, still read: a reply stored before an upgrade settles the same after it.
 */
function listedFailures(failures: Element | undefined): CheckFailure[] {
  return children(child(failures, 'DSHDon'), 'HDon').flatMap((hdon) => {
    const invoice = {
      mauSo: requiredText(hdon, 'KHMSHDon'),
      kyHieu: requiredText(hdon, 'KHHDon'),
      number: Number(requiredText(hdon, 'SHDon')),
    };
    return readReasons(child(hdon, 'DSLDo')).map((reason) => ({ ...reason, invoice }));
  });
}

export function readCheckResult(envelope: Envelope): CheckResult {
  const data = noticeData(envelope, MESSAGE_TYPES.checkResult, CHECK_FORM.code);
  const kind = Number(requiredText(data, 'LTBao'));
  if (!Number.isInteger(kind)) throw new MessageFormatError(`LTBao ${kind} không hợp lệ`);
  const count = optionalText(data, 'SLuong');
  const failures = child(data, 'LHDMTTien');
  return {
    mst: optionalText(data, 'MST') ?? envelope.header.mst ?? '',
    taxpayerName: optionalText(data, 'TNNT') ?? '',
    kind,
    failures: [
      ...readReasons(child(failures, 'DSLDo')).map((reason) => {
        const invoice = invoiceNamedIn(reason.text);
        return invoice ? { ...reason, invoice } : reason;
      }),
      ...listedFailures(failures),
    ],
    reasons: readReasons(child(child(data, 'LCMa'), 'DSLDo')),
    date: optionalText(data, 'NTBao') ?? '',
    ...definedOnly({
      checkedMessageId: optionalText(data, 'MGDDTu') ?? envelope.header.replyTo,
      sentAt: optionalText(data, 'TGGui'),
      count: count === undefined ? undefined : Number(count),
      noticeNumber: optionalText(data, 'So'),
      place: optionalText(data, 'DDanh'),
      basis: optionalText(data, 'CCu'),
    }),
  };
}
