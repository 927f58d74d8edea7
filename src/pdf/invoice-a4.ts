/**
 * The A4 invoice: seller and symbol, title and date, buyer, lines with their discounts, per-rate and category
 * breakdown, totals, words, look-up code and QR.
 */
import { drawQr, withLinkBreaks } from './pdf-document.js';
import { buyerLines, lookupLines, type Printable, totalLines } from './printable.js';

const MARGIN = 36;
const WIDTH = 523;
const PAGE_BOTTOM = 841.89 - MARGIN;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  value: (line: Printable['lines'][number]) => string;
}

const COLUMNS: Column[] = [
  { title: 'STT', width: 24, align: 'center', value: (l) => l.no },
  { title: 'Tên hàng hóa, dịch vụ', width: 140, align: 'left', value: (l) => l.name },
  { title: 'ĐVT', width: 30, align: 'center', value: (l) => l.unit },
  { title: 'Số lượng', width: 40, align: 'right', value: (l) => l.quantity },
  { title: 'Đơn giá', width: 58, align: 'right', value: (l) => l.unitPrice },
  { title: 'Chiết khấu', width: 52, align: 'right', value: (l) => l.discount },
  { title: 'Thành tiền', width: 66, align: 'right', value: (l) => l.amount },
  { title: 'Thuế suất', width: 40, align: 'center', value: (l) => l.rate },
  { title: 'Tiền thuế', width: 73, align: 'right', value: (l) => l.tax },
];
const NAME_WIDTH = (COLUMNS[1]?.width ?? 0) - 6;

/** Draws one table row of cells; returns its height. */
function row(
  doc: PDFKit.PDFDocument,
  y: number,
  cells: { text: string; width: number; align: Column['align'] }[],
  bold = false,
): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
  const height = Math.max(...cells.map((c) => doc.heightOfString(c.text, { width: c.width - 6 }))) + 6;
  let x = MARGIN;
  for (const cell of cells) {
    doc.rect(x, y, cell.width, height).stroke();
    doc.text(cell.text, x + 3, y + 3, { width: cell.width - 6, align: cell.align });
    x += cell.width;
  }
  return height;
}

export function layoutA4(doc: PDFKit.PDFDocument, p: Printable): void {
  doc.lineWidth(0.5).strokeColor('#555555');
  // Seller on the left, template/symbol/number top right.
  doc.font('bold').fontSize(11).text(p.seller.name, MARGIN, MARGIN, { width: 340 });
  doc
    .font('regular')
    .fontSize(9)
    .text(`Mã số thuế: ${p.seller.mst || '—'}`, { width: 340 });
  if (p.seller.address) doc.text(`Địa chỉ: ${p.seller.address}`, { width: 340 });
  const sellerBottom = doc.y;
  const boxX = MARGIN + WIDTH - 160;
  doc.fontSize(9).text(`Mẫu số: ${p.symbol.mauSo}`, boxX, MARGIN, { width: 160 });
  doc.text(`Ký hiệu: ${p.symbol.kyHieu}`, { width: 160 });
  doc.font('bold').fillColor('#b00000').text(`Số: ${p.symbol.number}`, { width: 160 }).fillColor('black');
  let y = Math.max(sellerBottom, doc.y) + 14;

  doc.font('bold').fontSize(16).text(p.title, MARGIN, y, { width: WIDTH, align: 'center' });
  if (p.demoMark) doc.fontSize(13).fillColor('#b00000').text(p.demoMark, { width: WIDTH, align: 'center' });
  doc.fillColor('black').font('regular').fontSize(9);
  if (p.subtitle) doc.text(p.subtitle, { width: WIDTH, align: 'center' });
  doc.text(p.date, { width: WIDTH, align: 'center' });
  for (const note of p.notes) doc.font('bold').text(note, MARGIN, doc.y + 2, { width: WIDTH, align: 'center' });
  y = doc.y + 12;

  doc.font('regular').fontSize(9.5);
  const [firstBuyerLine, ...otherBuyerLines] = buyerLines(p);
  doc.text(firstBuyerLine ?? '', MARGIN, y, { width: WIDTH });
  for (const line of otherBuyerLines) doc.text(line, { width: WIDTH });
  y = doc.y + 10;

  const header = () =>
    row(
      doc,
      y,
      COLUMNS.map((c) => ({ text: c.title, width: c.width, align: 'center' as const })),
      true,
    );
  y += header();
  for (const line of p.lines) {
    doc.font('regular').fontSize(8.5);
    const needed = doc.heightOfString(line.name, { width: NAME_WIDTH }) + 6;
    if (y + needed > PAGE_BOTTOM) {
      doc.addPage();
      y = MARGIN;
      y += header();
    }
    y += row(
      doc,
      y,
      COLUMNS.map((c) => ({ text: c.value(line), width: c.width, align: c.align })),
    );
  }

  // Breakdown, totals, words, code and QR stay together on one page.
  const footerHeight = 180 + p.breakdown.length * 16;
  if (y + footerHeight > PAGE_BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  y += 10;
  const breakdownColumns = [
    { title: 'Thuế suất', width: 80 },
    { title: 'Thành tiền chưa thuế', width: 110 },
    { title: 'Tiền thuế', width: 90 },
    { title: 'Cộng', width: 100 },
  ];
  y += row(
    doc,
    y,
    breakdownColumns.map((c) => ({ text: c.title, width: c.width, align: 'center' as const })),
    true,
  );
  for (const g of p.breakdown) {
    y += row(
      doc,
      y,
      [g.rate, g.amount, g.tax, g.total].map((text, i) => ({
        text,
        width: breakdownColumns[i]?.width ?? 0,
        align: i === 0 ? 'center' : 'right',
      })),
    );
  }

  y += 10;
  for (const [label, value] of totalLines(p)) {
    doc.font(label.startsWith('Tổng') ? 'bold' : 'regular').fontSize(9.5);
    doc.text(label, MARGIN + 280, y, { width: 140 });
    doc.text(value, MARGIN + 420, y, { width: 103, align: 'right' });
    y = doc.y + 2;
  }
  doc
    .font('regular')
    .fontSize(9.5)
    .text(`Số tiền viết bằng chữ: ${p.amountInWords}`, MARGIN, y + 6, { width: WIDTH });
  y = doc.y + 14;

  drawQr(doc, p.qrPayload, MARGIN, y, 72);
  doc.fontSize(8.5).text(`Mã của cơ quan thuế: ${p.authorityCode}`, MARGIN + 84, y, { width: 220 });
  for (const line of lookupLines(p)) doc.text(withLinkBreaks(doc, line, 220), { width: 220 });
  doc.font('bold').text('NGƯỜI BÁN HÀNG', MARGIN + WIDTH - 180, y, { width: 180, align: 'center' });
  doc.font('regular').text('(Chữ ký số)', { width: 180, align: 'center' });
  if (p.signer) {
    doc.text(`Ký bởi: ${p.signer.subject}`, { width: 180, align: 'center' });
    doc.text(`Ký ngày: ${p.signer.signedAt}`, { width: 180, align: 'center' });
  } else doc.text('Chờ ký', { width: 180, align: 'center' });
}
