/** What every format prints above and below the ledger: who declares, for which period, and the form's words. */
import type { Period } from './period.js';
import type { SectionKey } from './sales-ledger.js';

export interface LedgerHeader {
  period: Period;
  seller: { name: string; mst: string; address: string };
  storeName: string;
  /** The store-local date the file was made (the signature block's date), YYYY-MM-DD. */
  madeOn: string;
}

export const LEDGER_TITLE = 'BẢNG KÊ HÓA ĐƠN, CHỨNG TỪ HÀNG HÓA, DỊCH VỤ BÁN RA';
export const LEDGER_SUBTITLE = '(Kèm theo tờ khai thuế GTGT mẫu số 01/GTGT; bố cục mẫu 03/DL-HĐĐT, PL 01-1/GTGT)';
export const VAT_TITLE = 'CHỈ TIÊU TỜ KHAI THUẾ GTGT (MẪU 01/GTGT) TỪ HÀNG HÓA, DỊCH VỤ BÁN RA';
export const TOTAL_LABEL = 'Tổng cộng';
export const SIGNER = 'NGƯỜI NỘP THUẾ hoặc ĐẠI DIỆN HỢP PHÁP CỦA NGƯỜI NỘP THUẾ';
export const SIGNER_HINT = '(Ký, ghi rõ họ tên; chức vụ và đóng dấu (nếu có))';

/** The rate column of the flat formats (CSV, JSON): the section's name as the tax format writes rates. */
export const SECTION_RATE_TEXT: Record<SectionKey, string> = {
  KCT: 'KCT',
  '0': '0%',
  '5': '5%',
  '8': '8%',
  '10': '10%',
  KKKNT: 'KKKNT',
  KHAC: 'KHAC',
};

export const signatureDate = (date: string) =>
  `Ngày ${date.slice(8, 10)} tháng ${date.slice(5, 7)} năm ${date.slice(0, 4)}`;

export const periodLine = (header: LedgerHeader) => `Kỳ tính thuế: ${header.period.title}`;
export const sellerLines = (header: LedgerHeader) => [
  `Tên người nộp thuế: ${header.seller.name}`,
  `Mã số thuế: ${header.seller.mst || '(chưa khai báo)'}`,
  ...(header.seller.address ? [`Địa chỉ: ${header.seller.address}`] : []),
];
