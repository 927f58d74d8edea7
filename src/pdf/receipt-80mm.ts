/**
 * The 80 mm till receipt: the same facts as the A4 invoice, one column, for a thermal printer. The page is
 * exactly as long as its content (measured by a first layout pass).
 */
import { drawQr } from './pdf-document.js';
import type { Printable } from './printable.js';

export const RECEIPT_WIDTH = (80 / 25.4) * 72;
export const RECEIPT_MARGIN = 10;
const WIDTH = RECEIPT_WIDTH - 2 * RECEIPT_MARGIN;
const X = RECEIPT_MARGIN;

function rule(doc: PDFKit.PDFDocument): void {
  const y = doc.y + 3;
  doc
    .moveTo(X, y)
    .lineTo(X + WIDTH, y)
    .dash(2, { space: 2 })
    .stroke()
    .undash();
  doc.y = y + 4;
}

/** Left text and right-aligned value on one line. */
function pair(doc: PDFKit.PDFDocument, left: string, right: string): void {
  const y = doc.y;
  doc.text(left, X, y, { width: WIDTH * 0.55 });
  const leftBottom = doc.y;
  doc.text(right, X + WIDTH * 0.45, y, { width: WIDTH * 0.55, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y);
}

/** Lays the receipt out from the top; returns where its content ends. */
export function layoutReceipt(doc: PDFKit.PDFDocument, p: Printable): number {
  const centre = { width: WIDTH, align: 'center' as const };
  doc.lineWidth(0.5);
  doc.font('bold').fontSize(9).text(p.seller.name, X, RECEIPT_MARGIN, centre);
  doc
    .font('regular')
    .fontSize(7.5)
    .text(`MST: ${p.seller.mst || '—'}`, centre);
  if (p.seller.address) doc.text(p.seller.address, centre);
  rule(doc);
  doc.font('bold').fontSize(9).text(p.title, X, doc.y, centre);
  if (p.demoMark) doc.text(p.demoMark, centre);
  doc.font('regular').fontSize(7.5);
  if (p.subtitle) doc.text(p.subtitle, centre);
  doc.text(`Mẫu số ${p.symbol.mauSo} - Ký hiệu ${p.symbol.kyHieu} - Số ${p.symbol.number}`, centre);
  doc.text(p.date, centre);
  for (const note of p.notes) doc.font('bold').text(note, centre).font('regular');
  rule(doc);
  doc.text(`${p.buyer.label}: ${p.buyer.name}`, X, doc.y, { width: WIDTH });
  if (p.buyer.mst) doc.text(`MST: ${p.buyer.mst}`, { width: WIDTH });
  if (p.buyer.address) doc.text(`Địa chỉ: ${p.buyer.address}`, { width: WIDTH });
  doc.text(`Thanh toán: ${p.paymentMethod}`, { width: WIDTH });
  rule(doc);
  for (const line of p.lines) {
    doc.font('bold').text(`${line.no}. ${line.name}`, X, doc.y, { width: WIDTH });
    doc.font('regular');
    pair(doc, `${line.quantity}${line.unit ? ` ${line.unit}` : ''} × ${line.unitPrice} (${line.rate})`, line.amount);
  }
  rule(doc);
  for (const g of p.breakdown) pair(doc, `Thuế ${g.rate} trên ${g.amount}`, g.tax);
  pair(doc, 'Cộng tiền hàng', p.totals.subtotal);
  pair(doc, 'Tiền thuế GTGT', p.totals.tax);
  doc.font('bold').fontSize(9);
  pair(doc, 'TỔNG CỘNG', p.totals.total);
  doc
    .font('regular')
    .fontSize(7.5)
    .text(`Bằng chữ: ${p.amountInWords}`, X, doc.y + 2, { width: WIDTH });
  rule(doc);
  doc.text(`Mã CQT: ${p.authorityCode}`, X, doc.y, centre);
  const qrSize = 96;
  const qrY = doc.y + 4;
  drawQr(doc, p.qrPayload, X + (WIDTH - qrSize) / 2, qrY, qrSize);
  doc.text('Quét mã QR để tra cứu hóa đơn.', X, qrY + qrSize + 4, centre);
  return doc.y;
}
