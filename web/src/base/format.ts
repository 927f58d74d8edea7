/**
 * vi-VN formatting: money as `1.234.567 ₫`, dates as dd/MM/yyyy and times in the store's time zone (from
 * GET /config; Asia/Ho_Chi_Minh, the node's default, until it is known or for a role that may not read it).
 */
let storeTimeZone = 'Asia/Ho_Chi_Minh';

export function setStoreTimeZone(timeZone: string): void {
  storeTimeZone = timeZone;
}

export function timeZone(): string {
  return storeTimeZone;
}

const MONEY = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' });
const NUMBER = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 3 });
const INTEGER = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

/** A negative figure's sign is the one-character minus (U+2212), not the hyphen Intl writes. */
const minus = (text: string): string => text.replace('-', '\u2212');

export const money = (amount: number): string => minus(MONEY.format(amount));
/** Whole đồng without the sign, as a money field holds it: `25.000`. */
export const amountText = (amount: number): string => INTEGER.format(amount);
/** A figure in the Vietnamese format: `1.250,5`, `0,77`. */
export const quantity = (value: number): string => minus(NUMBER.format(value));
/** A tax rate as the invoice prints it: `8 %` (a non-breaking space keeps it on one line). */
export const percent = (rate: number): string => `${minus(NUMBER.format(rate * 100))}\u00a0%`;

const dateParts = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: storeTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** An instant (ISO 8601) as dd/MM/yyyy HH:mm in the store's zone. */
export function dateTime(iso: string): string {
  return new Intl.DateTimeFormat('vi-VN', {
    timeZone: storeTimeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
    .format(new Date(iso))
    .replace(/^(\d{2}:\d{2}) (.*)$/, '$2 $1');
}

/** A store-local date `yyyy-MM-dd` (or an instant) as dd/MM/yyyy. */
export function date(value: string): string {
  const local = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dateParts().format(new Date(value));
  const [year, month, day] = local.split('-');
  return `${day}/${month}/${year}`;
}

/** Today in the store's zone, `yyyy-MM-dd` (what the API's date filters take). */
export function today(): string {
  return dateParts().format(new Date());
}

/** `yyyy-MM` of today in the store's zone. */
export function thisMonth(): string {
  return today().slice(0, 7);
}

/** A duration in seconds as Vietnamese words: `3 giờ 5 phút`, `45 giây`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} giây`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} phút`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} giờ ${minutes % 60} phút`;
  return `${Math.floor(hours / 24)} ngày ${hours % 24} giờ`;
}

export const PAYMENT_METHODS = {
  TM: 'Tiền mặt',
  CK: 'Chuyển khoản',
  'TM/CK': 'Tiền mặt/Chuyển khoản',
  THE: 'Thẻ',
  KHAC: 'Khác',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

export const INVOICE_STATUSES = {
  pending: 'Chờ phát hành',
  issued: 'Đã phát hành',
  adjusted: 'Hóa đơn điều chỉnh',
  replaced: 'Đã bị thay thế',
  error: 'Bị từ chối',
} as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUSES;

export const TRANSMISSION_STATES = {
  queued: 'Đang chờ gửi',
  sent: 'Đã gửi',
  accepted: 'Cơ quan thuế đã nhận',
  rejected: 'Bị từ chối',
  attention: 'Cần kiểm tra',
} as const;
