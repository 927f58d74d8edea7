/**
 * The till receipt's content, once: what the 80 mm PDF (src/pdf/receipt-80mm.ts), the page the console's
 * till prints (web/src/invoices/receipt.tsx) and a thermal printer's raster all show, row by row, in this
 * order (docs/invoices.md, "One receipt"). Plain data from the invoice and what the till knows besides it
 * (the shop's phone, the cashier, the cash given); each renderer only lays the rows out. Pure: runs in the
 * node and in the browser.
 */
import { localDateTime } from './calendar.js';
import { roundProduct } from './money.js';
import { taxGroupLabel } from './tax-breakdown.js';
import { amountInWords } from './vn-number-words.js';

/**
 * One row of the receipt, as every renderer draws it. `typed`: the row shows what the shop typed (names, the
 * address, the cashier's user name), which a screen marks as data rather than words of the interface.
 */
export type ReceiptRow =
  /** Centred, bold: the shop's name, the title. */
  | { kind: 'heading'; text: string; typed?: boolean }
  /**
   * Centred text. `code`: a code the buyer types from the paper (the lookup code), set in a monospaced face
   * whose zero cannot be taken for a letter.
   */
  | { kind: 'centre'; text: string; strong?: boolean; typed?: boolean; code?: boolean }
  /** Left-aligned text, wrapped. */
  | { kind: 'text'; text: string; strong?: boolean; typed?: boolean }
  /** A label on the left and its figure on the right. */
  | { kind: 'pair'; label: string; value: string; strong?: boolean }
  /** A dashed line between blocks. */
  | { kind: 'rule' }
  /** A QR code of `payload`, centred. */
  | { kind: 'qr'; payload: string };

/** The invoice as the receipt reads it: GET /invoices/:id's answer has every field. */
export interface ReceiptInvoice {
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  createdAt: string;
  demo: boolean;
  paymentMethod: string;
  seller: { name: string; mst: string; address?: string | undefined };
  buyer: {
    name: string;
    mst?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
    cccd?: string | undefined;
    passport?: string | undefined;
  };
  items: readonly {
    lineNo: number;
    kind: string;
    name: string;
    unit?: string | undefined;
    quantity: number;
    unitPrice: number;
    shelfPrice?: number | undefined;
    taxGroup?: string | undefined;
    discount: number;
    total: number;
    taxAmount: number;
  }[];
  totals: { subtotal: number; taxAmount: number; total: number; discountTotal: number };
  lookupCode?: string | undefined;
  authorityCode?: string | undefined;
}

/** What the receipt says beyond the invoice. */
export interface ReceiptContext {
  /** The store's time zone: the receipt prints the local time of the sale. */
  timeZone: string;
  /** The shop's name as customers know it (config `storeName`) and its phone (the seller's). */
  shopName?: string | undefined;
  shopPhone?: string | undefined;
  /** Who sold (the user who issued the invoice). */
  cashier?: string | undefined;
  /** The lookup portal's page of a code (docs/delivery.md, src/delivery/portal-address.ts). */
  lookupLink?: ((code: string) => string | undefined) | undefined;
  /** A cash sale: what the customer gave, and the till's rounding of the total (0 without one). */
  cash?: { given: number; rounding?: number | undefined } | undefined;
  /** The demo mark of a demo invoice. */
  demoMark?: string | undefined;
  /** What a replacement replaces, that an original was replaced, …: printed under the number. */
  notes?: readonly string[] | undefined;
}

export const PAYMENT_NAMES: Record<string, string> = {
  TM: 'Tiền mặt',
  CK: 'Chuyển khoản',
  'TM/CK': 'Tiền mặt/Chuyển khoản',
  THE: 'Thẻ',
  KHAC: 'Khác',
};

/** The one-character minus sign (U+2212) every printed negative figure carries, as the console's do. */
export const MINUS = '\u2212';

/** 118800 → "118.800", −5500 → "−5.500" (Vietnamese grouping with dots, docs/invoices.md "Printed figures"). */
export function formatMoney(amount: number): string {
  const digits = String(Math.abs(Math.round(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return amount < 0 ? `${MINUS}${digits}` : digits;
}

/** 2 → "2", 1.5 → "1,5", 1234.25 → "1.234,25" (up to 3 decimals). */
export function formatQuantity(quantity: number): string {
  const [whole = '0', decimals] = String(Number(Math.abs(quantity).toFixed(3))).split('.');
  const text = `${formatMoney(Number(whole))}${decimals ? `,${decimals}` : ''}`;
  return quantity < 0 ? `${MINUS}${text}` : text;
}

/**
 * Without a portal the QR code carries what identifies the invoice (not a payment request): seller MST,
 * template and symbol, number, date, total and, once known, the tax authority's code, separated by "|".
 */
export const invoiceQrPayload = (invoice: ReceiptInvoice) =>
  [
    invoice.seller.mst,
    `${invoice.mauSo}${invoice.kyHieu}`,
    invoice.number,
    invoice.issueDate,
    invoice.totals.total,
    invoice.authorityCode ?? '',
  ].join('|');

/** "2026-11-27T03:05:09Z" in Hanoi → "10:05 27/11/2026". */
function saleTime(createdAt: string, timeZone: string): string {
  const t = localDateTime(new Date(createdAt), timeZone);
  return `${t.slice(11, 16)} ${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)}`;
}

type Item = ReceiptInvoice['items'][number];

/**
 * A line's rows: its name, then quantity × price and what it costs. A line sold at a shelf price shows that
 * price and its total with tax (what the customer saw on the shelf); another, its price and amount before tax.
 */
function itemRows(line: Item): ReceiptRow[] {
  const promotion = line.kind === 'promotion' ? ' (khuyến mại)' : '';
  const rows: ReceiptRow[] = [{ kind: 'text', text: `${line.name}${promotion}`, strong: true, typed: true }];
  if (line.kind === 'note') return rows;
  const rate = line.taxGroup ? ` (${taxGroupLabel(line.taxGroup)})` : '';
  const shelf = line.shelfPrice !== undefined;
  const price = shelf ? (line.shelfPrice as number) : line.unitPrice;
  const amount = shelf ? line.total + line.taxAmount : line.total;
  const unit = line.unit ? ` ${line.unit}` : '';
  const label =
    line.kind === 'tradeDiscount'
      ? `Chiết khấu thương mại${rate}`
      : `${formatQuantity(line.quantity)}${unit} × ${formatMoney(price)}${rate}`;
  rows.push({ kind: 'pair', label, value: formatMoney(amount) });
  const discount = shelf && line.discount !== 0 ? roundProduct(line.quantity, price) - amount : line.discount;
  if (discount !== 0) rows.push({ kind: 'pair', label: '  Chiết khấu', value: `${MINUS}${formatMoney(discount)}` });
  return rows;
}

const demoTitle = (mark: string) => mark.toLocaleUpperCase('vi');

/** The receipt's rows, top to bottom. */
export function receiptContent(invoice: ReceiptInvoice, context: ReceiptContext): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  const push = (...more: (ReceiptRow | false | undefined)[]) =>
    rows.push(...more.filter((row): row is ReceiptRow => Boolean(row)));
  const shop = context.shopName && context.shopName !== invoice.seller.name ? context.shopName : undefined;
  const demo = invoice.demo ? context.demoMark : undefined;

  push(
    { kind: 'heading', text: shop ?? invoice.seller.name, typed: true },
    shop !== undefined && { kind: 'centre', text: invoice.seller.name, typed: true },
    invoice.seller.address !== undefined &&
      invoice.seller.address !== '' && { kind: 'centre', text: invoice.seller.address, typed: true },
    context.shopPhone ? { kind: 'centre', text: `Điện thoại: ${context.shopPhone}` } : undefined,
    { kind: 'centre', text: `MST: ${invoice.seller.mst || '—'}` },
    { kind: 'rule' },
    // A demo document is titled as one, so that it cannot pass for an invoice (docs/decisions.md, demo mode).
    {
      kind: 'heading',
      text: demo ? demoTitle(demo) : invoice.mauSo === '2' ? 'HÓA ĐƠN BÁN HÀNG' : 'HÓA ĐƠN GIÁ TRỊ GIA TĂNG',
    },
    { kind: 'centre', text: 'Khởi tạo từ máy tính tiền' },
    {
      kind: 'centre',
      text: `Mẫu số ${invoice.mauSo} - Ký hiệu ${invoice.kyHieu} - Số ${String(invoice.number).padStart(8, '0')}`,
    },
    { kind: 'centre', text: `Thời gian: ${saleTime(invoice.createdAt, context.timeZone)}` },
    context.cashier ? { kind: 'centre', text: `Thu ngân: ${context.cashier}`, typed: true } : undefined,
    ...(context.notes ?? []).map((text): ReceiptRow => ({ kind: 'centre', text, strong: true })),
    { kind: 'rule' },
    { kind: 'text', text: `Khách hàng: ${invoice.buyer.name}`, typed: true },
    invoice.buyer.mst ? { kind: 'text', text: `MST: ${invoice.buyer.mst}` } : undefined,
    invoice.buyer.cccd ? { kind: 'text', text: `Số CCCD: ${invoice.buyer.cccd}` } : undefined,
    invoice.buyer.passport ? { kind: 'text', text: `Số hộ chiếu: ${invoice.buyer.passport}` } : undefined,
    invoice.buyer.email ? { kind: 'text', text: `Email: ${invoice.buyer.email}` } : undefined,
    invoice.buyer.phone ? { kind: 'text', text: `Điện thoại: ${invoice.buyer.phone}` } : undefined,
    { kind: 'rule' },
  );
  for (const line of invoice.items) push(...itemRows(line));

  const { subtotal, taxAmount, total, discountTotal } = invoice.totals;
  push(
    { kind: 'rule' },
    // Printed to add up: goods − discounts + tax = the total.
    { kind: 'pair', label: 'Tổng tiền hàng', value: formatMoney(subtotal + discountTotal) },
    { kind: 'pair', label: 'Chiết khấu', value: discountTotal === 0 ? '0' : `${MINUS}${formatMoney(discountTotal)}` },
    { kind: 'pair', label: 'Tiền thuế', value: formatMoney(taxAmount) },
    { kind: 'pair', label: 'Tổng thanh toán', value: formatMoney(total), strong: true },
    invoice.items.some((line) => line.shelfPrice !== undefined) && {
      kind: 'text',
      text: 'Giá bán đã gồm thuế GTGT.',
    },
    { kind: 'text', text: `Bằng chữ: ${amountInWords(total)}` },
    { kind: 'pair', label: 'Thanh toán', value: PAYMENT_NAMES[invoice.paymentMethod] ?? invoice.paymentMethod },
  );
  const cash = context.cash;
  if (cash) {
    const rounding = cash.rounding ?? 0;
    const due = total + rounding;
    push(
      rounding !== 0 && { kind: 'pair', label: 'Làm tròn', value: formatMoney(rounding) },
      rounding !== 0 && { kind: 'pair', label: 'Khách cần trả', value: formatMoney(due) },
      { kind: 'pair', label: 'Tiền khách đưa', value: formatMoney(cash.given) },
      { kind: 'pair', label: 'Tiền thừa', value: formatMoney(Math.max(0, cash.given - due)) },
    );
  }

  const code = invoice.lookupCode;
  const link = code ? context.lookupLink?.(code) : undefined;
  push(
    { kind: 'rule' },
    { kind: 'centre', text: `Mã CQT: ${invoice.authorityCode ?? '(chưa cấp)'}` },
    { kind: 'qr', payload: link ?? invoiceQrPayload(invoice) },
    code !== undefined && { kind: 'centre', text: `Mã tra cứu: ${code}`, strong: true, code: true },
    link !== undefined && { kind: 'centre', text: `Tra cứu hóa đơn tại: ${link}` },
    link !== undefined && { kind: 'centre', text: 'Quét mã QR để tra cứu hóa đơn.' },
    context.demoMark !== undefined && invoice.demo && { kind: 'centre', text: context.demoMark },
    { kind: 'centre', text: 'Cảm ơn quý khách!' },
  );
  return rows;
}
