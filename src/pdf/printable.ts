/**
 * What a printed invoice says, in Vietnamese, computed once from the invoice for both layouts (A4 and the
 * 80 mm receipt). Pure: formatting of money, quantities and dates, the notes about related invoices, the
 * per-rate breakdown, the amount in words and the QR payload.
 */

import { mstWithBranchDash } from '../domain/mst.js';
import { formatMoney, formatQuantity, invoiceQrPayload, MINUS } from '../domain/receipt.js';
import { type TaxGroupFigures, taxBreakdown, taxGroupLabel } from '../domain/tax-breakdown.js';
import { amountInWords } from '../domain/vn-number-words.js';
import type { InvoiceDetail } from '../invoices/invoices.schemas.js';
import { DEMO_MARK, DEMO_TITLE } from '../settings/node-mode.js';
import { INVOICE_TITLES } from '../xml/invoice-xml.js';

/** An invoice another one refers to, as printed. */
export interface InvoiceReference {
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
}

export interface Printable {
  title: string;
  subtitle?: string;
  /** The demo mark (docs/decisions.md §7), printed under the title of a demo invoice. */
  demoMark?: string;
  date: string;
  symbol: { mauSo: string; kyHieu: string; number: string };
  seller: { name: string; mst: string; address?: string };
  buyer: {
    label: string;
    name: string;
    mst?: string;
    address?: string;
    phone?: string;
    email?: string;
    cccd?: string;
    passport?: string;
    budgetUnitCode?: string;
  };
  paymentMethod: string;
  lines: {
    no: string;
    name: string;
    unit: string;
    quantity: string;
    unitPrice: string;
    /** The line's discount in đồng; '' without one. */
    discount: string;
    amount: string;
    rate: string;
    tax: string;
  }[];
  breakdown: { rate: string; amount: string; tax: string; total: string }[];
  totals: { subtotal: string; tax: string; total: string; tradeDiscount?: string; discount?: string };
  amountInWords: string;
  notes: string[];
  authorityCode: string;
  /** The lookup code, and its page on the portal when a portal answers for the store. */
  lookup: { code?: string | undefined; link?: string | undefined };
  /** What the QR encodes: the portal with the code when set, else the invoice's identifying facts. */
  qrPayload: string;
  /** The "Ký bởi" block: the signing certificate's subject and the signing time, from the stored signature. */
  signer: { subject: string; signedAt: string } | undefined;
  /** Under the QR: an invitation to scan only when the QR opens the portal. */
  qrHint?: string;
}

/** Who signed the stored XML and when ("YYYY-MM-DDThh:mm:ss", GMT+7), as invoice_documents keeps it. */
export interface StoredSignature {
  certificateSubject: string;
  signedAt: string;
}

/** "2026-11-27T10:05:09" → "10:05:09 27/11/2026". */
const signingTimeText = (t: string) => `${t.slice(11, 19)} ${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)}`;

const PAYMENT_METHODS: Record<string, string> = {
  TM: 'Tiền mặt',
  CK: 'Chuyển khoản',
  'TM/CK': 'Tiền mặt/Chuyển khoản',
  THE: 'Thẻ',
  KHAC: 'Khác',
};

const ADJUSTMENT_NAMES = { increase: 'tăng', decrease: 'giảm', info: 'thông tin' } as const;

/** "2026-03-15" → "15/03/2026". */
export const formatDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** "2026-03-15" → "Ngày 15 tháng 03 năm 2026" (how the date line of an invoice reads). */
export const longDate = (date: string) => `Ngày ${date.slice(8, 10)} tháng ${date.slice(5, 7)} năm ${date.slice(0, 4)}`;

const describe = (r: InvoiceReference) =>
  `Mẫu số ${r.mauSo} Ký hiệu ${r.kyHieu} Số ${r.number} ngày ${formatDate(r.issueDate)}`;

export interface Relations {
  /** The invoice this one replaces or adjusts. */
  original?: InvoiceReference;
  replacedBy?: InvoiceReference;
  adjustedBy?: InvoiceReference;
  /** The stored signature; none while the invoice waits for it ("chờ ký"). */
  signature?: StoredSignature;
}

function notesOf(invoice: InvoiceDetail, relations: Relations): string[] {
  const notes: string[] = [];
  if (invoice.replaces && relations.original)
    notes.push(`Hóa đơn này thay thế hóa đơn ${describe(relations.original)}.`);
  if (invoice.adjusts && relations.original) {
    const kind = ADJUSTMENT_NAMES[invoice.adjustmentType ?? 'info'];
    notes.push(`Hóa đơn này điều chỉnh ${kind} cho hóa đơn ${describe(relations.original)}.`);
  }
  if (invoice.reason) notes.push(`Lý do: ${invoice.reason}`);
  if (relations.replacedBy) notes.push(`ĐÃ BỊ THAY THẾ bởi hóa đơn ${describe(relations.replacedBy)}.`);
  if (relations.adjustedBy) notes.push(`Đã được điều chỉnh, gần nhất bởi hóa đơn ${describe(relations.adjustedBy)}.`);
  return notes;
}

const breakdownRow = (g: TaxGroupFigures) => ({
  rate: taxGroupLabel(g.taxGroup),
  amount: formatMoney(g.amount),
  tax: formatMoney(g.taxAmount),
  total: formatMoney(g.amount + g.taxAmount),
});

/** The QR payload without a portal, and the portal's link for one invoice: the receipt's (src/domain/receipt.ts). */
export const qrPayloadOf = (invoice: InvoiceDetail) => invoiceQrPayload(invoice);
export { formatMoney, formatQuantity };

type Line = InvoiceDetail['items'][number];

/** What a line's kind adds to its name: a promotion is given free; a trade discount says so unless its name does. */
function kindNote(line: Line): string {
  if (line.kind === 'promotion') return ' (khuyến mại)';
  if (line.kind === 'tradeDiscount' && !/chiết khấu/i.test(line.name)) return ' (chiết khấu thương mại)';
  return '';
}

/** A discount by rate is named with the goods ("Áo thun (chiết khấu 10%)"); its amount has its column. */
const discountNote = (line: Line) =>
  line.discountRate === undefined ? '' : ` (chiết khấu ${formatQuantity(line.discountRate * 100)}%)`;

function printedLine(line: Line) {
  const note = line.kind === 'note';
  return {
    no: String(line.lineNo),
    name: `${line.name}${kindNote(line)}${discountNote(line)}`,
    unit: line.unit ?? '',
    quantity: note ? '' : formatQuantity(line.quantity),
    unitPrice: note ? '' : formatQuantity(line.unitPrice),
    discount: line.discount === 0 ? '' : formatMoney(line.discount),
    amount: note ? '' : formatMoney(line.total),
    rate: line.taxGroup ? taxGroupLabel(line.taxGroup) : '',
    tax: note ? '' : formatMoney(line.taxAmount),
  };
}

/** The trade discounts (TChat 3) of an invoice, which its amount before tax already has subtracted. */
const tradeDiscountOf = (invoice: InvoiceDetail) =>
  invoice.items.reduce((sum, line) => (line.kind === 'tradeDiscount' ? sum - line.total : sum), 0);

export interface PrintOptions {
  /** The lookup portal's page of a code (docs/delivery.md); undefined when no portal answers for the store. */
  lookupLink?: (code: string) => string | undefined;
}

export function printableOf(invoice: InvoiceDetail, relations: Relations = {}, options: PrintOptions = {}): Printable {
  const consumer = !invoice.buyer.mst;
  const code = invoice.lookupCode;
  const link = code ? options.lookupLink?.(code) : undefined;
  const tradeDiscount = tradeDiscountOf(invoice);
  const lineDiscounts = invoice.totals.discountTotal - tradeDiscount;
  return {
    title: invoice.demo ? DEMO_TITLE : (INVOICE_TITLES[invoice.mauSo] ?? 'Hóa đơn').toUpperCase(),
    subtitle: invoice.kyHieu[3] === 'M' ? '(Khởi tạo từ máy tính tiền)' : undefined,
    ...(invoice.demo ? { demoMark: DEMO_MARK } : {}),
    signer: relations.signature && {
      subject: relations.signature.certificateSubject,
      signedAt: signingTimeText(relations.signature.signedAt),
    },
    date: longDate(invoice.issueDate),
    symbol: { mauSo: invoice.mauSo, kyHieu: invoice.kyHieu, number: String(invoice.number).padStart(8, '0') },
    seller: { ...invoice.seller, mst: mstWithBranchDash(invoice.seller.mst) },
    buyer: {
      label: consumer ? 'Họ tên người mua hàng' : 'Tên đơn vị',
      ...invoice.buyer,
      ...(invoice.buyer.mst && { mst: mstWithBranchDash(invoice.buyer.mst) }),
    },
    paymentMethod: PAYMENT_METHODS[invoice.paymentMethod] ?? invoice.paymentMethod,
    lines: invoice.items.map(printedLine),
    breakdown: taxBreakdown(invoice.items).map(breakdownRow),
    totals: {
      subtotal: formatMoney(invoice.totals.subtotal),
      tax: formatMoney(invoice.totals.taxAmount),
      total: formatMoney(invoice.totals.total),
      ...(tradeDiscount !== 0 && { tradeDiscount: formatMoney(tradeDiscount) }),
      ...(lineDiscounts !== 0 && { discount: formatMoney(lineDiscounts) }),
    },
    amountInWords: amountInWords(invoice.totals.total),
    notes: notesOf(invoice, relations),
    authorityCode: invoice.authorityCode ?? '(chưa cấp)',
    lookup: { code, link },
    qrPayload: link ?? qrPayloadOf(invoice),
    ...(link && { qrHint: 'Quét mã QR để tra cứu hóa đơn.' }),
  };
}

/** The buyer's lines: name, MST, identity papers (PBan 2.1.0), address, phone, payment. */
export const buyerLines = (p: Printable): string[] =>
  [
    `${p.buyer.label}: ${p.buyer.name}`,
    p.buyer.mst && `Mã số thuế: ${p.buyer.mst}`,
    p.buyer.cccd && `Số CCCD: ${p.buyer.cccd}`,
    p.buyer.passport && `Số hộ chiếu: ${p.buyer.passport}`,
    p.buyer.budgetUnitCode && `Mã đơn vị có quan hệ với ngân sách: ${p.buyer.budgetUnitCode}`,
    p.buyer.address && `Địa chỉ: ${p.buyer.address}`,
    p.buyer.phone && `Điện thoại: ${p.buyer.phone}`,
    `Hình thức thanh toán: ${p.paymentMethod}`,
  ].filter((line): line is string => Boolean(line));

/** The totals block: discounts when there are some, then the spec's three figures. */
export const totalLines = (p: Printable): [string, string][] => [
  ...(p.totals.discount ? [['Chiết khấu trên dòng hàng:', p.totals.discount] as [string, string]] : []),
  ...(p.totals.tradeDiscount
    ? [['Chiết khấu thương mại:', `${MINUS}${p.totals.tradeDiscount}`] as [string, string]]
    : []),
  ['Cộng tiền hàng:', p.totals.subtotal],
  ['Tiền thuế GTGT:', p.totals.tax],
  ['Tổng tiền thanh toán:', p.totals.total],
];

/** The look-up lines beside the QR: the code, the portal when set, and the invitation to scan only then. */
export const lookupLines = (p: Printable): string[] =>
  [
    p.lookup.link && `Tra cứu hóa đơn tại: ${p.lookup.link}`,
    p.lookup.code && `Mã tra cứu: ${p.lookup.code}`,
    p.qrHint,
  ].filter((line): line is string => Boolean(line));
