/**
 * What a printed invoice says, in Vietnamese, computed once from the invoice for both layouts (A4 and the
 * 80 mm receipt). Pure: formatting of money, quantities and dates, the notes about related invoices, the
 * per-rate breakdown, the amount in words and the QR payload.
 */
import { taxBreakdown, taxGroupLabel, type TaxGroupFigures } from '../domain/tax-breakdown.js';
import { amountInWords } from '../domain/vn-number-words.js';
import type { InvoiceDetail } from '../invoices/invoices.schemas.js';
import { DEMO_MARK } from '../settings/node-mode.js';
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
  /** The demo mark (decisions §7), printed under the title of a demo invoice. */
  demoMark?: string;
  date: string;
  symbol: { mauSo: string; kyHieu: string; number: string };
  seller: { name: string; mst: string; address?: string };
  buyer: { label: string; name: string; mst?: string; address?: string; phone?: string; email?: string };
  paymentMethod: string;
  lines: {
    no: string;
    name: string;
    unit: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    rate: string;
    tax: string;
  }[];
  breakdown: { rate: string; amount: string; tax: string; total: string }[];
  totals: { subtotal: string; tax: string; total: string };
  amountInWords: string;
  notes: string[];
  authorityCode: string;
  qrPayload: string;
  /** The "Ký bởi" block: the signing certificate's subject and the signing time, from the stored signature. */
  signer: { subject: string; signedAt: string } | undefined;
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

/** 118800 → "118.800", −5500 → "-5.500" (Vietnamese grouping with dots). */
export function formatMoney(amount: number): string {
  const digits = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return amount < 0 ? `-${digits}` : digits;
}

/** 2 → "2", 1.5 → "1,5", 1234.25 → "1.234,25" (up to 3 decimals). */
export function formatQuantity(quantity: number): string {
  const [whole = '0', decimals] = String(Number(Math.abs(quantity).toFixed(3))).split('.');
  const text = `${formatMoney(Number(whole))}${decimals ? `,${decimals}` : ''}`;
  return quantity < 0 ? `-${text}` : text;
}

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

/**
 * The QR code carries what identifies the invoice for a look-up (not a payment request): seller MST,
 * template and symbol, number, date, total and, once known, the tax authority's code, separated by "|".
 */
export const qrPayloadOf = (invoice: InvoiceDetail) =>
  [
    invoice.seller.mst,
    `${invoice.mauSo}${invoice.kyHieu}`,
    invoice.number,
    invoice.issueDate,
    invoice.totals.total,
    invoice.authorityCode ?? '',
  ].join('|');

export function printableOf(invoice: InvoiceDetail, relations: Relations = {}): Printable {
  const consumer = !invoice.buyer.mst;
  return {
    title: (INVOICE_TITLES[invoice.mauSo] ?? 'Hóa đơn').toUpperCase(),
    subtitle: invoice.kyHieu[3] === 'M' ? '(Khởi tạo từ máy tính tiền)' : undefined,
    ...(invoice.demo ? { demoMark: DEMO_MARK } : {}),
    signer: relations.signature && {
      subject: relations.signature.certificateSubject,
      signedAt: signingTimeText(relations.signature.signedAt),
    },
    date: longDate(invoice.issueDate),
    symbol: { mauSo: invoice.mauSo, kyHieu: invoice.kyHieu, number: String(invoice.number).padStart(8, '0') },
    seller: invoice.seller,
    buyer: { label: consumer ? 'Họ tên người mua hàng' : 'Tên đơn vị', ...invoice.buyer },
    paymentMethod: PAYMENT_METHODS[invoice.paymentMethod] ?? invoice.paymentMethod,
    lines: invoice.items.map((item) => ({
      no: String(item.lineNo),
      name: item.name,
      unit: item.unit ?? '',
      quantity: formatQuantity(item.quantity),
      unitPrice: formatQuantity(item.unitPrice),
      amount: formatMoney(item.total),
      rate: item.taxGroup ? taxGroupLabel(item.taxGroup) : '',
      tax: formatMoney(item.taxAmount),
    })),
    breakdown: taxBreakdown(invoice.items).map(breakdownRow),
    totals: {
      subtotal: formatMoney(invoice.totals.subtotal),
      tax: formatMoney(invoice.totals.taxAmount),
      total: formatMoney(invoice.totals.total),
    },
    amountInWords: amountInWords(invoice.totals.total),
    notes: notesOf(invoice, relations),
    authorityCode: invoice.authorityCode ?? '(chưa cấp)',
    qrPayload: qrPayloadOf(invoice),
  };
}
