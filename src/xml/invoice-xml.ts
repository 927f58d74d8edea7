/**
 * An invoice in the tax authority's XML data format (PBan 2.1.0, docs/tax-format.md), before
 * signing. Pure: the same invoice always gives the same text.
 */

import { LINE_NATURE } from '../domain/lines.js';
import { mstWithBranchDash } from '../domain/mst.js';
import { isDemoSeries } from '../domain/numbering.js';
import { taxBreakdown, taxGroupOf } from '../domain/tax-breakdown.js';
import { amountInWords } from '../domain/vn-number-words.js';
import type { InvoiceDetail } from '../invoices/invoices.schemas.js';
import { DEMO_MARK, DEMO_TITLE } from '../settings/node-mode.js';
import { el, renderXml, type XmlElement } from './xml-writer.js';

/** The TTKhac/TTin field (TTruong) that carries the demo mark in a demo invoice's XML. */
export const DEMO_XML_FIELD = 'HoaDonDungThu';

export const FORMAT_VERSION = '2.1.0';

/** What the XML carries beyond the invoice: the software provider (MSTTCGP) and the store (MCHang, TCHang). */
export interface InvoiceXmlProfile {
  /** MST of the e-invoice solution provider (HOADON_PROVIDER_MST); MSTTCGP is omitted when none is configured. */
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

/**
 * The title a document's XML carries. A demo invoice of the `00` demo series is titled as a demo document;
 * one issued before that series existed keeps the title it was signed with.
 */
const xmlTitle = (invoice: { demo?: boolean; kyHieu: string; mauSo: string }) =>
  invoice.demo && isDemoSeries(invoice.kyHieu) ? DEMO_TITLE : (INVOICE_TITLES[invoice.mauSo] ?? 'Hóa đơn');

export const INVOICE_TITLES: Record<string, string> = {
  '1': 'Hóa đơn giá trị gia tăng',
  '2': 'Hóa đơn bán hàng',
};

type Line = InvoiceDetail['items'][number];

/** Line nature (TChat) of the line's kind; 4 (note) for every line of an information-only adjustment. */
const lineNature = (invoice: InvoiceDetail, line: Line) =>
  invoice.adjustmentType === 'info' ? 4 : LINE_NATURE[line.kind];

/** ThTien of a line: its amount as written, positive for a trade discount (whose total subtracts it). */
const lineAmount = (line: Line) => (line.kind === 'tradeDiscount' ? -line.total : line.total);

/** TTCKTMai: the invoice's trade discounts (TChat 3), which TgTCThue already has subtracted. */
const tradeDiscounts = (invoice: InvoiceDetail) =>
  invoice.items.reduce((sum, line) => (line.kind === 'tradeDiscount' ? sum - line.total : sum), 0);

function lineElement(invoice: InvoiceDetail, item: Line): XmlElement {
  const note = item.kind === 'note';
  return el('HHDVu', [
    el('TChat', lineNature(invoice, item)),
    el('STT', item.lineNo),
    el('MHHDVu', item.sku),
    el('THHDVu', item.name),
    el('DVTinh', item.unit),
    !note && el('SLuong', xmlNumber(item.quantity)),
    !note && el('DGia', xmlNumber(item.unitPrice)),
    item.discountRate !== undefined && el('TLCKhau', xmlNumber(item.discountRate * 100)),
    item.discount !== 0 && el('STCKhau', item.discount),
    !note && el('ThTien', lineAmount(item)),
    !note && el('TSuat', item.taxGroup ?? taxGroupOf(item.taxRate, item.taxCategory)),
  ]);
}

/** At most 6 decimals, never an exponent (the format's number rule). */
export const xmlNumber = (n: number): string => {
  const text = String(Number(n.toFixed(6)));
  return text === '-0' ? '0' : text;
};

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

/** What `buildInvoiceXml` is built from, as handed to the XML thread (plain data, structured-cloned). */
export interface InvoiceDocumentSource {
  invoice: InvoiceDetail;
  related?: RelatedInvoice | undefined;
  profile?: InvoiceXmlProfile | undefined;
}

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
        el('THDon', xmlTitle(invoice)),
        el('KHMSHDon', invoice.mauSo),
        el('KHHDon', invoice.kyHieu),
        el('SHDon', invoice.number),
        el('NLap', invoice.issueDate),
        // Not an invoice of a financial lease (required in 2.1.0).
        el('HDCTTChinh', 0),
        el('DVTTe', 'VND'),
        el('TGia', 1),
        el('HTTToan', invoice.paymentMethod),
        // Never the seller's MST: the provider's, from the node's config, or nothing (issue 30, part 5).
        el('MSTTCGP', profile.softwareProviderMst),
        relatedBlock(invoice, related),
      ]),
      el('NDHDon', [
        el('NBan', [
          el('Ten', invoice.seller.name),
          el('MST', mstWithBranchDash(invoice.seller.mst)),
          el('DChi', invoice.seller.address),
          el('MCHang', profile.store?.code),
          el('TCHang', profile.store?.name),
        ]),
        el('NMua', [
          el('Ten', invoice.buyer.name),
          el('MST', invoice.buyer.mst && mstWithBranchDash(invoice.buyer.mst)),
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
          invoice.items.map((item) => lineElement(invoice, item)),
        ),
        el('TToan', [
          el(
            'THTTLTSuat',
            taxBreakdown(invoice.items).map((group) =>
              el('LTSuat', [el('TSuat', group.taxGroup), el('ThTien', group.amount), el('TThue', group.taxAmount)]),
            ),
          ),
          el('TgTCThue', invoice.totals.subtotal),
          el('TgTThue', invoice.totals.taxAmount),
          el('TTCKTMai', tradeDiscounts(invoice)),
          el('TgTTTBSo', invoice.totals.total),
          el('TgTTTBChu', amountInWords(invoice.totals.total)),
        ]),
      ]),
      el('TTKhac', [
        otherInfo('MaHoaDon', invoice.id),
        otherInfo('MaNenTang', invoice.platformId),
        otherInfo('LoaiDieuChinh', invoice.adjustmentType),
        // The demo mark (docs/decisions.md §7): a demo invoice says in its own signed data that it has no legal value.
        otherInfo(DEMO_XML_FIELD, invoice.demo ? DEMO_MARK : undefined),
      ]),
    ],
    { Id: dataId(invoice.id) },
  );
  return renderXml(el('HDon', [data, el('MCCQT', invoice.authorityCode), el('DSCKS', [el('NBan', [])])]));
}
