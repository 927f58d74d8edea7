/**
 * The 80 mm till receipt as a PDF, for a thermal printer: the rows of `receiptContent` (src/domain/receipt.ts),
 * the same the console's till prints, laid out in one column. The page is exactly as long as its content
 * (measured by a first layout pass).
 */
import type { ReceiptRow } from '../domain/receipt.js';
import { drawQr, withLinkBreaks } from './pdf-document.js';

export const RECEIPT_WIDTH = (80 / 25.4) * 72;
export const RECEIPT_MARGIN = 10;
const WIDTH = RECEIPT_WIDTH - 2 * RECEIPT_MARGIN;
const X = RECEIPT_MARGIN;
const QR_SIZE = 96;

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
  doc.text(left, X, y, { width: WIDTH * 0.6 });
  const leftBottom = doc.y;
  doc.text(right, X + WIDTH * 0.4, y, { width: WIDTH * 0.6, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y);
}

function drawRow(doc: PDFKit.PDFDocument, row: ReceiptRow): void {
  const centre = { width: WIDTH, align: 'center' as const };
  switch (row.kind) {
    case 'heading':
      doc.font('bold').fontSize(9).text(row.text, X, doc.y, centre).font('regular').fontSize(7.5);
      return;
    case 'centre':
    case 'text':
      doc.font(row.kind === 'centre' && row.code ? 'code' : row.strong ? 'bold' : 'regular');
      doc.text(withLinkBreaks(doc, row.text, WIDTH), X, doc.y, row.kind === 'centre' ? centre : { width: WIDTH });
      doc.font('regular');
      return;
    case 'pair':
      if (row.strong) doc.font('bold').fontSize(9);
      pair(doc, row.label, row.value);
      doc.font('regular').fontSize(7.5);
      return;
    case 'rule':
      rule(doc);
      return;
    case 'qr': {
      const y = doc.y + 4;
      drawQr(doc, row.payload, X + (WIDTH - QR_SIZE) / 2, y, QR_SIZE);
      doc.y = y + QR_SIZE + 4;
      return;
    }
  }
}

/** Lays the receipt out from the top; returns where its content ends. */
export function layoutReceipt(doc: PDFKit.PDFDocument, rows: readonly ReceiptRow[]): number {
  doc.lineWidth(0.5);
  doc.font('regular').fontSize(7.5);
  doc.y = RECEIPT_MARGIN;
  for (const row of rows) drawRow(doc, row);
  return doc.y;
}
