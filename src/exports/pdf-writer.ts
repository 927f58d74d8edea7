/**
 * The ledger as the printed form: A4 landscape, the store's header and the title on the first page, the
 * column header on every page, a section heading and a "Tổng cộng" per section, the footer totals, the
 * VAT return figures, the signature block, and "Trang n" at the foot of each page. pdfkit writes each page
 * out when the next begins, so memory does not grow with the period; rows are one line (long names and
 * notes end in "…"), which keeps the cost of a row small. Fonts: the project's DejaVu (src/pdf).
 */
import type { Writable } from 'node:stream';
import { createPdf } from '../pdf/pdf-document.js';
import type { LedgerEvent } from './ledger-events.js';
import {
  LEDGER_SUBTITLE,
  LEDGER_TITLE,
  type LedgerHeader,
  periodLine,
  SIGNER,
  SIGNER_HINT,
  sellerLines,
  signatureDate,
  TOTAL_LABEL,
  VAT_TITLE,
} from './ledger-header.js';
import { FOOTER_LABELS, LEDGER_COLUMNS, type LedgerRow } from './sales-ledger.js';
import { vatTableRows } from './vat-figures.js';
import { whenWritable } from './writable.js';

const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = 28;
const BOTTOM = PAGE[1] - MARGIN - 14;
const ROW = 12;
const FONT = 7;
type Align = 'left' | 'right' | 'center';
/**
 * Fonts by the names pdfkit keeps them under. createPdf opens DejaVuSans as the default font, under its
 * PostScript name; asking for the registered 'regular' then parses the whole font file again at every
 * switch (pdfkit finds the open font by name and does not remember the registered one), 1 ms a row.
 */
const REGULAR = 'DejaVuSans';
const BOLD = 'bold';
/** Widths of columns (1)–(11), 786 points in all, and how each is aligned. */
const COLUMNS: { width: number; align: Align }[] = [
  { width: 26, align: 'center' },
  { width: 88, align: 'left' },
  { width: 34, align: 'center' },
  { width: 42, align: 'center' },
  { width: 44, align: 'right' },
  { width: 48, align: 'center' },
  { width: 134, align: 'left' },
  { width: 62, align: 'center' },
  { width: 74, align: 'right' },
  { width: 62, align: 'right' },
  { width: 172, align: 'left' },
];
const WIDTH = COLUMNS.reduce((sum, c) => sum + c.width, 0);
const LABEL_WIDTH = COLUMNS.slice(0, 8).reduce((sum, c) => sum + c.width, 0);
/** Columns whose text can be longer than the cell: a row takes two lines then, and ends in "…" past them. */
const FREE_TEXT = [6, 10] as const;
/** Shorter texts surely fit their cell: only longer ones are measured (measuring costs as much as drawing). */
const SURE_FIT_CHARS = (width: number) => Math.floor(width / (FONT * 0.62));
const TWO_LINES = ROW + 8;

/** 1234567 → "1.234.567", negative with a minus: the Vietnamese grouping, the same on every machine. */
export const viMoney = (n: number) => `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

const rowCells = (row: LedgerRow) => [
  String(row.stt),
  row.kind,
  row.mauSo,
  row.kyHieu,
  String(row.number),
  row.issueDate,
  row.buyerName,
  row.buyerMst,
  viMoney(row.amount),
  viMoney(row.taxAmount),
  row.note,
];

/**
 * pdfkit keeps the shaped glyphs of every word it has drawn, for ever: amounts, numbers and names are
 * mostly new words, and a year's ledger grew the node by 400 MB. The cache is emptied at each page.
 */
function forgetLayouts(doc: PDFKit.PDFDocument) {
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null);
}

function createPageWriter(doc: PDFKit.PDFDocument, header: LedgerHeader) {
  let y = MARGIN;
  let page = 1;

  const pageFoot = () => {
    // Text below the bottom margin would make pdfkit start a page of its own.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(7).fillColor('#444444');
    doc.text(`${LEDGER_TITLE} – ${header.period.title}`, MARGIN, PAGE[1] - MARGIN, {
      width: WIDTH / 2,
      lineBreak: false,
    });
    doc.text(`Trang ${page}`, MARGIN + WIDTH / 2, PAGE[1] - MARGIN, {
      width: WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
    doc.page.margins.bottom = bottom;
  };

  /** One line, or two when a name or a note is wider than its cell. */
  const heightOf = (texts: string[]) => {
    doc.font(REGULAR).fontSize(FONT);
    for (const i of FREE_TEXT) {
      const text = texts[i] ?? '';
      const width = COLUMNS[i]!.width - 4;
      if (text.length > SURE_FIT_CHARS(width) && doc.widthOfString(text) > width) return TWO_LINES;
    }
    return ROW;
  };

  const cells = (texts: string[], bold: boolean, height = ROW, align?: Align) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(FONT);
    let x = MARGIN;
    doc.rect(MARGIN, y, WIDTH, height);
    for (const [i, column] of COLUMNS.entries()) {
      if (i > 0) doc.moveTo(x, y).lineTo(x, y + height);
      const text = texts[i] ?? '';
      if (text !== '') {
        const options =
          height > ROW && (FREE_TEXT as readonly number[]).includes(i)
            ? { width: column.width - 4, height: height - 2, ellipsis: true, align: column.align }
            : {
                width: column.width - 4,
                height: ROW - 2,
                ellipsis: true,
                lineBreak: false,
                align: align ?? column.align,
              };
        doc.text(text, x + 2, y + 2.5, options);
      }
      x += column.width;
    }
    doc.stroke();
    y += height;
  };

  const tableHeader = () => {
    doc.font(BOLD).fontSize(FONT);
    let x = MARGIN;
    const height = 28;
    for (const [i, column] of COLUMNS.entries()) {
      doc.rect(x, y, column.width, height).stroke();
      doc.text(LEDGER_COLUMNS[i]!, x + 2, y + 3, { width: column.width - 4, align: 'center' });
      x += column.width;
    }
    y += height;
    cells(
      LEDGER_COLUMNS.map((_, i) => `(${i + 1})`),
      false,
      10,
      'center',
    );
  };

  const newPage = () => {
    forgetLayouts(doc);
    doc.addPage({ size: PAGE, margin: MARGIN });
    page++;
    y = MARGIN;
    pageFoot();
  };

  /** Room for `height` more points on this page, or a new page; `table` repeats the column header there. */
  const ensure = (height: number, table: boolean) => {
    if (y + height <= BOTTOM) return;
    newPage();
    if (table) tableHeader();
  };

  /** A label over columns (1)–(8), amounts in (9) and (10). */
  const labelled = (label: string, amount: number | null, taxAmount: number | null, bold: boolean) => {
    ensure(ROW, true);
    doc.font(bold ? BOLD : REGULAR).fontSize(FONT);
    doc.rect(MARGIN, y, WIDTH, ROW).stroke();
    doc.text(label, MARGIN + 2, y + 2.5, { width: LABEL_WIDTH - 4, lineBreak: false });
    let x = MARGIN + LABEL_WIDTH;
    for (const [value, column] of [
      [amount, COLUMNS[8]!],
      [taxAmount, COLUMNS[9]!],
    ] as const) {
      if (value !== null)
        doc.text(viMoney(value), x + 2, y + 2.5, { width: column.width - 4, align: 'right', lineBreak: false });
      x += column.width;
    }
    y += ROW;
  };

  return {
    firstPage() {
      pageFoot();
      doc.font(REGULAR).fontSize(9);
      doc.text(sellerLines(header).join('\n'), MARGIN, y, { width: WIDTH });
      y = doc.y + 8;
      doc.font(BOLD).fontSize(13).text(LEDGER_TITLE, MARGIN, y, { width: WIDTH, align: 'center' });
      doc.font(REGULAR).fontSize(9).text(periodLine(header), { width: WIDTH, align: 'center' });
      doc.fontSize(7.5).text(LEDGER_SUBTITLE, { width: WIDTH, align: 'center' });
      y = doc.y + 8;
      tableHeader();
    },
    section(title: string) {
      ensure(ROW * 2, true);
      doc.save().rect(MARGIN, y, WIDTH, ROW).fill('#eeeeee').restore();
      doc.rect(MARGIN, y, WIDTH, ROW).stroke();
      doc
        .font(BOLD)
        .fontSize(FONT)
        .text(title, MARGIN + 2, y + 2.5, { width: WIDTH - 4, lineBreak: false });
      y += ROW;
    },
    row(row: LedgerRow) {
      const texts = rowCells(row);
      const height = heightOf(texts);
      ensure(height, true);
      cells(texts, false, height);
    },
    labelled,
    gap(points: number) {
      y += points;
    },
    vatTable(rows: ReturnType<typeof vatTableRows>) {
      ensure(ROW * 3, false);
      doc.font(BOLD).fontSize(9).text(VAT_TITLE, MARGIN, y, { width: WIDTH });
      y = doc.y + 4;
      for (const indicator of rows) {
        ensure(ROW, false);
        doc.font(REGULAR).fontSize(FONT);
        doc
          .rect(MARGIN, y, 60, ROW)
          .rect(MARGIN + 60, y, 520, ROW)
          .rect(MARGIN + 580, y, 120, ROW)
          .stroke();
        doc.text(indicator.code, MARGIN + 2, y + 2.5, { width: 56, align: 'center', lineBreak: false });
        doc.text(indicator.label, MARGIN + 62, y + 2.5, { width: 516, lineBreak: false });
        doc.text(viMoney(indicator.value), MARGIN + 582, y + 2.5, { width: 116, align: 'right', lineBreak: false });
        y += ROW;
      }
    },
    signature() {
      ensure(70, false);
      const x = MARGIN + WIDTH - 320;
      doc
        .font(REGULAR)
        .fontSize(8)
        .text(signatureDate(header.madeOn), x, y + 10, { width: 320, align: 'center' });
      doc.font(BOLD).text(SIGNER, { width: 320, align: 'center' });
      doc.font(REGULAR).fontSize(7.5).text(SIGNER_HINT, { width: 320, align: 'center' });
    },
  };
}

export async function writePdf(events: AsyncIterable<LedgerEvent>, out: Writable, header: LedgerHeader): Promise<void> {
  const doc = await createPdf({
    size: PAGE,
    margin: MARGIN,
    title: `${LEDGER_TITLE} – ${header.period.title}`,
    author: header.seller.name,
    createdAt: new Date(`${header.madeOn}T00:00:00Z`),
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
    doc.once('error', reject);
  });
  doc.pipe(out);
  doc.lineWidth(0.4).strokeColor('#555555');
  const pages = createPageWriter(doc, header);
  pages.firstPage();
  for await (const event of events) {
    if (event.type === 'section') pages.section(`${event.number}. ${event.title}`);
    else if (event.type === 'rows') {
      for (const row of event.rows) pages.row(row);
      await whenWritable(out);
    } else if (event.type === 'total') pages.labelled(TOTAL_LABEL, event.total.amount, event.total.taxAmount, true);
    else {
      pages.gap(6);
      pages.labelled(FOOTER_LABELS.revenue, event.footer.revenue, null, true);
      pages.labelled(FOOTER_LABELS.taxableRevenue, event.footer.taxableRevenue, null, true);
      pages.labelled(FOOTER_LABELS.taxAmount, null, event.footer.taxAmount, true);
      pages.gap(12);
      pages.vatTable(vatTableRows(event.vat));
      const { supplementary } = event;
      if (supplementary.rows.length > 0) {
        // Corrections of declared months, in the ledger's columns: the differences in (9) and (10).
        pages.gap(12);
        pages.section(`${supplementary.title} (kê khai bổ sung, mẫu 01/KHBS)`);
        for (const r of supplementary.rows) {
          pages.row({ ...r, note: r.rate ? `Thuế suất ${r.rate}; ${r.note}` : r.note });
        }
        pages.labelled(TOTAL_LABEL, supplementary.total.amount, supplementary.total.taxAmount, true);
      }
      pages.signature();
    }
  }
  doc.end();
  await finished;
}
