/**
 * The 80 mm till receipt: the same facts as the A4 invoice, one column, for a thermal printer. The page is
 * exactly as long as its content (measured by a first layout pass).
 */
import { drawQr } from './pdf-document.js';
import { buyerLines, lookupLines, type Printable, totalLines } from './printable.js';

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
  const [firstBuyerLine, ...otherBuyerLines] = buyerLines(p);
  doc.text(firstBuyerLine ?? '', X, doc.y, { width: WIDTH });
  for (const line of otherBuyerLines) doc.text(line, { width: WIDTH });
  rule(doc);
  for (const line of p.lines) {
    doc.font('bold').text(`${line.no}. ${line.name}`, X, doc.y, { width: WIDTH });
    doc.font('regular');
    if (line.quantity === '') continue;
    pair(doc, `${line.quantity}${line.unit ? ` ${line.unit}` : ''} × ${line.unitPrice} (${line.rate})`, line.amount);
    if (line.discount) pair(doc, '  Chiết khấu', line.discount);
  }
  rule(doc);
  for (const g of p.breakdown) pair(doc, `Thuế ${g.rate} trên ${g.amount}`, g.tax);
  const totals = totalLines(p);
  for (const [label, value] of totals.slice(0, -1)) pair(doc, label.replace(/:$/, ''), value);
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
  doc.y = qrY + qrSize + 4;
  for (const line of lookupLines(p)) doc.text(line, X, doc.y, centre);
  return doc.y;
}
