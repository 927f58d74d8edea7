/**
 * "In thử": a receipt with no invoice behind it, laid out like one, so that the shop sees at once whether
 * the printer takes the raster, prints every tone mark and cuts at its paper width.
 */
import type { Printer } from './printers.schemas.js';
import type { ReceiptContent } from './receipt-raster.js';

export function testPageContent(printer: Printer, now: Date): ReceiptContent {
  const date = now.toISOString().slice(0, 10);
  return {
    title: 'TRANG IN THỬ',
    subtitle: `Khổ giấy ${printer.paperWidthMm} mm`,
    date: `Ngày ${date.slice(8, 10)} tháng ${date.slice(5, 7)} năm ${date.slice(0, 4)}`,
    symbol: { mauSo: '-', kyHieu: '-', number: '-' },
    seller: {
      name: printer.name,
      mst: '',
      address: 'Tiếng Việt: ă â đ ê ô ơ ư — á à ả ã ạ ế ề ể ễ ệ ố ồ ổ ỗ ộ ớ ờ ở ỡ ợ ứ ừ ử ữ ự ý ỳ ỷ ỹ ỵ',
    },
    buyer: { label: 'Máy in', name: printer.name },
    paymentMethod: printer.connection === 'tcp' ? `Máy in mạng ${printer.address}` : `Hàng đợi ${printer.address}`,
    lines: [
      {
        no: '1',
        name: 'Dòng hàng mẫu',
        unit: 'cái',
        quantity: '1',
        unitPrice: '10.000',
        discount: '',
        amount: '10.000',
        rate: '8%',
        tax: '800',
      },
    ],
    breakdown: [{ rate: '8%', amount: '10.000', tax: '800', total: '10.800' }],
    totals: { subtotal: '10.000', tax: '800', total: '10.800' },
    amountInWords: 'Mười nghìn tám trăm đồng.',
    notes: ['Không phải hóa đơn.'],
    authorityCode: '-',
    lookup: {},
    qrPayload: 'hoadon in thu',
    signer: undefined,
  };
}
