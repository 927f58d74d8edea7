/**
 * An invoice in the tax authority's XML data format (PBan 2.1.0, shared/domain/vn-einvoice.md), before
 * signing. Pure: the same invoice always gives the same text.
 */
import { amountInWords } from '../domain/vn-number-words.js';
import { taxBreakdown, taxRateText } from '../domain/tax-breakdown.js';
import type { InvoiceDetail } from '../invoices/invoices.schemas.js';
import { DEMO_MARK } from '../settings/node-mode.js';
import { el, renderXml, type XmlElement } from './xml-writer.js';

/** The TTKhac/TTin field (TTruong) that carries the demo mark in a demo invoice's XML. */
export const DEMO_XML_FIELD = 'HoaDonDungThu';

export const FORMAT_VERSION = '2.1.0';

/** What the XML carries beyond the invoice: the software provider (MSTTCGP) and the store (MCHang, TCHang). */
export interface InvoiceXmlProfile {
  /** MST of the invoicing software's provider; the seller's own MST when none is configured (chosen). */
  softwareProviderMst?: string;
  store?: { code: string; name: string };
}

/** The invoice a replacement or an adjustment refers to (TTHDLQuan). */
export interface RelatedInvoice {
  mauSo: string;
  kyHieu: string;
  number: number;
  issueDate: string;
}

export const INVOICE_TITLES: Record<string, string> = {
  '1': 'Hóa đơn giá trị gia tăng',
  '2': 'Hóa đơn bán hàng',
};

/** Line nature (TChat): 1 goods or service; 4 note, for the lines of an information-only adjustment. */
const lineNature = (invoice: InvoiceDetail) => (invoice.adjustmentType === 'info' ? 4 : 1);

/** At most 6 decimals, never an exponent (the format's number rule). */
export const xmlNumber = (n: number): string => {
  const text = String(Number(n.toFixed(6)));
  return text === '-0' ? '0' : text;
};

/** TSuat: another rate is written `KHAC:5.26`, without a `%` (the format's example). */
export const xmlTaxRate = (rate: number): string => taxRateText(rate).replace(/^(KHAC:.*)%$/, '$1');

/** The XML Id of the signed part; an NCName, unique per invoice. */
export const dataId = (invoiceId: string) => `DLHDon-${invoiceId.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

function relatedBlock(invoice: InvoiceDetail, related: RelatedInvoice | undefined): XmlElement | undefined {
  if (!related) return undefined;
  return el('TTHDLQuan', [
    // Nature: 1 replacement, 2 adjustment. Related invoice kind 1: an e-invoice under Decree 123.
    el('TCHDon', invoice.replaces ? 1 : 2),
    el('LHDCLQuan', 1),
    el('KHMSHDCLQuan', related.mauSo),
    el('KHHDCLQuan', related.kyHieu),
    el('SHDCLQuan', related.number),
    el('NLHDCLQuan', related.issueDate),
    el('GChu', invoice.reason),
  ]);
}

const otherInfo = (field: string, value: string | undefined) =>
  value === undefined ? undefined : el('TTin', [el('TTruong', field), el('KDLieu', 'string'), el('DLieu', value)]);

/** HDon with DLHDon filled in, MCCQT when known, and an empty DSCKS/NBan for the seller's signature. */
export function buildInvoiceXml(
  invoice: InvoiceDetail,
  related?: RelatedInvoice,
  profile: InvoiceXmlProfile = {},
): string {
  const consumer = !invoice.buyer.mst;
  const data = el(
    'DLHDon',
    [
      el('TTChung', [
        el('PBan', FORMAT_VERSION),
        el('THDon', INVOICE_TITLES[invoice.mauSo] ?? 'Hóa đơn'),
        el('KHMSHDon', invoice.mauSo),
        el('KHHDon', invoice.kyHieu),
        el('SHDon', invoice.number),
        el('NLap', invoice.issueDate),
        // Not an invoice of a financial lease (required in 2.1.0).
        el('HDCTTChinh', 0),
        el('DVTTe', 'VND'),
        el('TGia', 1),
        el('HTTToan', invoice.paymentMethod),
        el('MSTTCGP', profile.softwareProviderMst ?? invoice.seller.mst),
        relatedBlock(invoice, related),
      ]),
      el('NDHDon', [
        el('NBan', [
          el('Ten', invoice.seller.name),
          el('MST', invoice.seller.mst),
          el('DChi', invoice.seller.address),
          el('MCHang', profile.store?.code),
          el('TCHang', profile.store?.name),
        ]),
        el('NMua', [
          el('Ten', invoice.buyer.name),
          el('MST', invoice.buyer.mst),
          el('MDVQHNSach', invoice.buyer.budgetUnitCode),
          el('DChi', invoice.buyer.address),
          el('MKHang', invoice.customerId),
          el('SDThoai', invoice.buyer.phone),
          el('CCCDan', invoice.buyer.cccd),
          el('SHChieu', invoice.buyer.passport),
          el('DCTDTu', invoice.buyer.email),
          consumer && el('HVTNMHang', invoice.buyer.name),
        ]),
        el(
          'DSHHDVu',
          invoice.items.map((item) =>
            el('HHDVu', [
              el('TChat', lineNature(invoice)),
              el('STT', item.lineNo),
              el('MHHDVu', item.sku),
              el('THHDVu', item.name),
              el('DVTinh', item.unit),
              el('SLuong', xmlNumber(item.quantity)),
              el('DGia', xmlNumber(item.unitPrice)),
              el('ThTien', item.total),
              el('TSuat', xmlTaxRate(item.taxRate)),
            ]),
          ),
        ),
        el('TToan', [
          el(
            'THTTLTSuat',
            taxBreakdown(invoice.items).map((group) =>
              el('LTSuat', [
                el('TSuat', xmlTaxRate(group.taxRate)),
                el('ThTien', group.amount),
                el('TThue', group.taxAmount),
              ]),
            ),
          ),
          el('TgTCThue', invoice.totals.subtotal),
          el('TgTThue', invoice.totals.taxAmount),
          el('TTCKTMai', 0),
          el('TgTTTBSo', invoice.totals.total),
          el('TgTTTBChu', amountInWords(invoice.totals.total)),
        ]),
      ]),
      el('TTKhac', [
        otherInfo('MaHoaDon', invoice.id),
        otherInfo('MaNenTang', invoice.platformId),
        otherInfo('LoaiDieuChinh', invoice.adjustmentType),
        // The demo mark (decisions §7): a demo invoice says in its own signed data that it has no legal value.
        otherInfo(DEMO_XML_FIELD, invoice.demo ? DEMO_MARK : undefined),
      ]),
    ],
    { Id: dataId(invoice.id) },
  );
  return renderXml(el('HDon', [data, el('MCCQT', invoice.authorityCode), el('DSCKS', [el('NBan', [])])]));
}
