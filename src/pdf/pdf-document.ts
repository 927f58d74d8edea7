/**
 * pdfkit set up for deterministic Vietnamese documents: the DejaVu fonts shipped from npm (full Vietnamese
 * glyphs, no system font assumed), document dates taken from the invoice (pdfkit derives the file ID from
 * them), so the same invoice always gives the same bytes.
 */
import type QRCodeModule from 'qrcode';
import { readAssetBuffer } from '../assets.js';
import { wrapText } from '../domain/text-wrap.js';

const FONT_DIR = 'node_modules/dejavu-fonts-ttf/ttf';
/** `code`: the monospaced face of codes a buyer types, whose zero is barred (src/domain/receipt.ts). */
export const FONT_FILES = {
  regular: `${FONT_DIR}/DejaVuSans.ttf`,
  bold: `${FONT_DIR}/DejaVuSans-Bold.ttf`,
  code: `${FONT_DIR}/DejaVuSansMono-Bold.ttf`,
} as const;

let fonts: Record<keyof typeof FONT_FILES, Buffer> | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readAssetBuffer(FONT_FILES.regular),
    bold: readAssetBuffer(FONT_FILES.bold),
    code: readAssetBuffer(FONT_FILES.code),
  });

/**
 * pdfkit and qrcode load at the first PDF, not at start: together they are the heaviest modules of the node
 * (about 160 ms and 15 MB), and most shops print receipts from the POS, not from here.
 */
let qrCode: typeof QRCodeModule | undefined;
const importModules = () =>
  Promise.all([import('pdfkit'), import('qrcode')]).then(([pdfkit, qrcode]) => {
    qrCode = qrcode.default;
    return { PDFDocument: pdfkit.default };
  });
let modules: ReturnType<typeof importModules> | undefined;
const loadModules = () => (modules ??= importModules());

export interface DocumentOptions {
  size: [number, number] | 'A4';
  margin: number;
  title: string;
  author: string;
  /** The invoice's creation time: the document's dates. */
  createdAt: Date;
}

export async function createPdf(options: DocumentOptions): Promise<PDFKit.PDFDocument> {
  const { PDFDocument } = await loadModules();
  const { regular, bold, code } = loadFonts();
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin,
    // A Buffer default font: pdfkit then never reads its own Helvetica metrics from disk.
    font: regular as unknown as string,
    info: {
      Title: options.title,
      Author: options.author,
      Creator: 'hoadon',
      Producer: 'hoadon',
      CreationDate: options.createdAt,
      ModDate: options.createdAt,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.registerFont('code', code);
  return doc.font('regular');
}

/** Ends the document and resolves with its bytes. */
export function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * Draws `payload` as a QR code of `size` points at (x, y) in vectors (sharp at any zoom, no image): each
 * run of dark modules in a row is one rectangle, so no hairline shows between neighbours.
 */
export function drawQr(doc: PDFKit.PDFDocument, payload: string, x: number, y: number, size: number): void {
  // Loaded with pdfkit by createPdf, which made `doc`.
  const { modules } = qrCode!.create(payload, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  doc.save().fillColor('black');
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      doc.rect(x + start * cell, y + row * cell, (column - start) * cell, cell);
    }
  }
  doc.fill().restore();
}

/**
 * `text` with its line breaks chosen here when it holds a link: pdfkit breaks lines at hyphens only inside a
 * link ("…/tra-" then "cuu/…"), where src/domain/text-wrap.ts cuts after a '/'. Measured in the current font.
 */
export function withLinkBreaks(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (!text.includes('://')) return text;
  // A hair narrower than the box, so that pdfkit's own measure never wraps a line this one let through.
  return wrapText(text, (line) => doc.widthOfString(line) <= width - 1).join('\n');
}
