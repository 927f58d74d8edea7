/**
 * The till receipt as a picture for a thermal printer: the rows of the 80 mm PDF (src/pdf/receipt-80mm.ts)
 * laid out one column wide at the printer's dots (576 on 80 mm paper, 384 on 58 mm), drawn with the DejaVu
 * fonts, every Vietnamese letter part of the image (docs/printing.md). A first pass lays the receipt out
 * and measures it; the second draws it on a canvas exactly as long.
 */
import type QRCodeModule from 'qrcode';
import type { ReceiptRow } from '../domain/receipt.js';
import { wrapText } from '../domain/text-wrap.js';
import {
  type CanvasContext,
  createCanvasContext,
  RECEIPT_FONT,
  RECEIPT_FONT_BOLD,
  RECEIPT_FONT_CODE,
} from './canvas.js';

/** The rows of a receipt (src/domain/receipt.ts): what the 80 mm PDF and the till's page print. */
export type ReceiptContent = readonly ReceiptRow[];

export const PAPER_DOTS = { 80: 576, 58: 384 } as const;
export type PaperWidthMm = keyof typeof PAPER_DOTS;

export interface ReceiptRaster {
  width: number;
  height: number;
  /** RGBA, as a canvas gives it: white paper, black ink. */
  data: Uint8ClampedArray;
}

type Op =
  | { kind: 'text'; x: number; y: number; text: string; font: string }
  | { kind: 'rect'; x: number; y: number; w: number; h: number };

interface Style {
  size: number;
  bold?: boolean;
  code?: boolean;
}

/** Sizes in dots (8 dots a millimetre): 58 mm paper takes smaller type so that a line still holds the same. */
function sizesFor(width: number) {
  const narrow = width < PAPER_DOTS[80];
  return {
    margin: narrow ? 6 : 10,
    body: narrow ? 20 : 24,
    heading: narrow ? 24 : 28,
    total: narrow ? 26 : 30,
    copy: 36,
    qrModule: narrow ? 4 : 5,
  };
}

const fontOf = (style: Style) =>
  `${style.size}px ${style.code ? RECEIPT_FONT_CODE : style.bold ? RECEIPT_FONT_BOLD : RECEIPT_FONT}`;

class Layout {
  readonly ops: Op[] = [];
  y: number;
  readonly sizes: ReturnType<typeof sizesFor>;
  readonly left: number;
  readonly inner: number;

  constructor(
    private readonly ctx: CanvasContext,
    readonly width: number,
  ) {
    this.sizes = sizesFor(width);
    this.left = this.sizes.margin;
    this.inner = width - 2 * this.sizes.margin;
    this.y = this.sizes.margin;
  }

  measure(text: string, style: Style): number {
    this.ctx.font = fontOf(style);
    return this.ctx.measureText(text).width;
  }

  /** The printed lines of `text` at `width` (src/domain/text-wrap.ts: a link is cut after a '/'). */
  wrap(text: string, style: Style, width: number): string[] {
    return wrapText(text, (line) => this.measure(line, style) <= width);
  }

  private lineHeight = (style: Style) => Math.round(style.size * 1.3);

  private put(text: string, x: number, style: Style): void {
    this.ops.push({ kind: 'text', x, y: this.y, text, font: fontOf(style) });
  }

  text(text: string, style: Style, align: 'left' | 'center' = 'left'): void {
    for (const line of this.wrap(text, style, this.inner)) {
      const x = align === 'center' ? this.left + (this.inner - this.measure(line, style)) / 2 : this.left;
      this.put(line, Math.round(x), style);
      this.y += this.lineHeight(style);
    }
  }

  centre(text: string, style: Style): void {
    this.text(text, style, 'center');
  }

  /** A label on the left (wrapped) and its value right-aligned on the label's first line. */
  pair(label: string, value: string, style: Style): void {
    const valueWidth = this.measure(value, style);
    const gap = style.size;
    const labels = this.wrap(label, style, Math.max(this.inner - valueWidth - gap, this.inner / 3));
    this.put(value, Math.round(this.left + this.inner - valueWidth), style);
    for (const line of labels) {
      this.put(line, this.left, style);
      this.y += this.lineHeight(style);
    }
  }

  rule(): void {
    const y = this.y + 6;
    for (let x = this.left; x < this.left + this.inner; x += 12) {
      this.ops.push({ kind: 'rect', x, y, w: Math.min(6, this.left + this.inner - x), h: 2 });
    }
    this.y = y + 12;
  }

  qr(qrCode: typeof QRCodeModule, payload: string): void {
    const { modules } = qrCode.create(payload, { errorCorrectionLevel: 'M' });
    const cell = this.sizes.qrModule;
    const size = modules.size * cell;
    const x0 = Math.round(this.left + (this.inner - size) / 2);
    const y0 = this.y + 8;
    for (let row = 0; row < modules.size; row++) {
      let column = 0;
      while (column < modules.size) {
        if (!modules.get(row, column)) {
          column++;
          continue;
        }
        const start = column;
        while (column < modules.size && modules.get(row, column)) column++;
        this.ops.push({ kind: 'rect', x: x0 + start * cell, y: y0 + row * cell, w: (column - start) * cell, h: cell });
      }
    }
    this.y = y0 + size + 8;
  }
}

function layOut(layout: Layout, rows: ReceiptContent, copy: boolean, qrCode: typeof QRCodeModule): void {
  const { sizes } = layout;
  const body: Style = { size: sizes.body };
  const bold: Style = { size: sizes.body, bold: true };
  const heading: Style = { size: sizes.heading, bold: true };
  if (copy) {
    // A reprint says so first, in the largest type, so that it is never taken for the sale's own receipt.
    layout.y += sizes.body;
    layout.centre('BẢN SAO', { size: sizes.copy, bold: true });
    layout.rule();
  }
  for (const row of rows) {
    switch (row.kind) {
      case 'heading':
        layout.centre(row.text, heading);
        break;
      case 'centre':
        layout.centre(row.text, row.code ? { size: sizes.body, code: true } : row.strong ? bold : body);
        break;
      case 'text':
        layout.text(row.text, row.strong ? bold : body);
        break;
      case 'pair':
        if (row.strong) layout.y += 4;
        layout.pair(row.label, row.value, row.strong ? { size: sizes.total, bold: true } : body);
        break;
      case 'rule':
        layout.rule();
        break;
      case 'qr':
        layout.qr(qrCode, row.payload);
        break;
    }
  }
  layout.y += sizes.margin * 2;
}

/** The receipt drawn at `paperWidthMm`; `copy` marks a reprint "BẢN SAO". */
export async function renderReceipt(
  content: ReceiptContent,
  paperWidthMm: PaperWidthMm,
  copy = false,
): Promise<ReceiptRaster> {
  // Loaded at the first print, as the PDFs load it (a node that never prints never pays for it).
  const qrCode = (await import('qrcode')).default;
  const width = PAPER_DOTS[paperWidthMm];
  const layout = new Layout(createCanvasContext(8, 8), width);
  layOut(layout, content, copy, qrCode);
  // The encoder sends whole bytes of 8 dots; the height is kept a multiple of 8 too, blank at the foot.
  const height = Math.ceil(layout.y / 8) * 8;
  const ctx = createCanvasContext(width, height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.textBaseline = 'top';
  for (const op of layout.ops) {
    if (op.kind === 'rect') ctx.fillRect(op.x, op.y, op.w, op.h);
    else {
      ctx.font = op.font;
      ctx.fillText(op.text, op.x, op.y);
    }
  }
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}
