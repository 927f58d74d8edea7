/**
 * "In thử": a receipt with no invoice behind it, laid out like one, so that the shop sees at once whether
 * the printer takes the raster, prints every tone mark and cuts at its paper width.
 */
import type { Printer } from './printers.schemas.js';
import type { ReceiptContent } from './receipt-raster.js';

export function testPageContent(printer: Printer, now: Date): ReceiptContent {
  const date = now.toISOString().slice(0, 10);
  const where = printer.connection === 'tcp' ? `Máy in mạng ${printer.address}` : `Hàng đợi ${printer.address}`;
  return [
    { kind: 'heading', text: printer.name, typed: true },
    { kind: 'centre', text: where },
    { kind: 'rule' },
    { kind: 'heading', text: 'TRANG IN THỬ' },
    { kind: 'centre', text: `Khổ giấy ${printer.paperWidthMm} mm` },
    { kind: 'centre', text: `Ngày ${date.slice(8, 10)} tháng ${date.slice(5, 7)} năm ${date.slice(0, 4)}` },
    { kind: 'rule' },
    { kind: 'text', text: 'Tiếng Việt: ă â đ ê ô ơ ư — á à ả ã ạ ế ề ể ễ ệ ố ồ ổ ỗ ộ ớ ờ ở ỡ ợ ứ ừ ử ữ ự ý ỳ ỷ ỹ ỵ' },
    { kind: 'text', text: '1. Dòng hàng mẫu', strong: true },
    { kind: 'pair', label: '1 cái × 10.000 (8%)', value: '10.000' },
    { kind: 'pair', label: 'Tổng thanh toán', value: '10.800', strong: true },
    { kind: 'text', text: 'Bằng chữ: Mười nghìn tám trăm đồng.' },
    { kind: 'rule' },
    { kind: 'qr', payload: 'hoadon in thu' },
    { kind: 'centre', text: 'Không phải hóa đơn.', strong: true },
  ];
}
