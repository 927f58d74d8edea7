/** What the buyer's e-mail says and how its files are named (docs/delivery.md): pure. */
import { formatDate, formatMoney } from '../pdf/printable.js';

export interface MailInvoice {
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
  seller: { name: string; mst: string };
  buyer: { name: string };
  totals: { total: number };
  lookupCode?: string | undefined;
}

/** `<MST>_<KHMSHDon><KHHDon>_<số>`, the name of both attachments without the extension. */
export const attachmentBaseName = (invoice: MailInvoice) =>
  `${invoice.seller.mst}_${invoice.mauSo}${invoice.kyHieu}_${invoice.number}`;

export const mailSubject = (invoice: MailInvoice) =>
  `Hóa đơn điện tử ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number} – ${invoice.seller.name}`;

/** The plain-text body: who sends what, the total, and where the invoice can be looked up again. */
export function mailBody(invoice: MailInvoice, link: string | undefined): string {
  return [
    `Kính gửi ${invoice.buyer.name},`,
    '',
    `${invoice.seller.name} (mã số thuế ${invoice.seller.mst}) gửi Quý khách hóa đơn điện tử ký hiệu ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number} ngày ${formatDate(invoice.issueDate)}.`,
    `Tổng tiền thanh toán: ${formatMoney(invoice.totals.total)} ₫.`,
    ...(invoice.lookupCode ? [`Mã tra cứu: ${invoice.lookupCode}`] : []),
    ...(link ? [`Tra cứu và tải hóa đơn tại: ${link}`] : []),
    '',
    'Tệp đính kèm: hóa đơn dạng PDF để xem và in, và tệp XML là hóa đơn điện tử có giá trị pháp lý.',
    '',
    'Trân trọng,',
    invoice.seller.name,
  ].join('\n');
}
