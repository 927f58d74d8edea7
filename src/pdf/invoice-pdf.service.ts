/**
 * The printable invoice of a stored invoice: A4, or the 80 mm receipt. Same invoice, same bytes; each
 * download is recorded in the invoice's audit trail.
 */
import type { InvoicesService } from '../invoices/invoices.service.js';
import { layoutA4 } from './invoice-a4.js';
import { createPdf, finish } from './pdf-document.js';
import { printableOf, type InvoiceReference, type Printable, type StoredSignature } from './printable.js';
import { layoutReceipt, RECEIPT_MARGIN, RECEIPT_WIDTH } from './receipt-80mm.js';

export const PDF_FORMATS = ['a4', 'receipt'] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];

export function createInvoicePdfService(deps: {
  invoices: Pick<InvoicesService, 'get' | 'find'>;
  record: (invoiceId: string, actor: string, action: string, details: Record<string, unknown>) => void;
  /** The invoice's stored signature (src/xml/invoice-xml.service.ts), for the "Ký bởi" block. */
  signature?: (invoiceId: string) => Promise<StoredSignature | undefined>;
  /** The seller's lookup portal (config `lookupUrl`), read at each print. */
  lookupUrl?: () => string | null;
  /** A line under the title when the invoice was signed with an untrusted certificate (src/signing). */
  signatureNote?: (createdAt: string) => string | undefined;
}) {
  const { invoices, record } = deps;

  const reference = (id: string | undefined): InvoiceReference | undefined => {
    if (!id) return undefined;
    const { mauSo, kyHieu, number, issueDate } = invoices.find(id);
    return { mauSo, kyHieu, number, issueDate };
  };

  /** What the invoice's print says: the PDFs' content, and the thermal printer's (src/printing). */
  async function printable(invoiceId: string): Promise<Printable> {
    const invoice = invoices.get(invoiceId);
    const content = printableOf(
      invoice,
      {
        original: reference(invoice.replaces ?? invoice.adjusts),
        replacedBy: reference(invoice.replacedBy),
        adjustedBy: reference(invoice.adjustedBy),
        signature: await deps.signature?.(invoiceId),
      },
      { lookupUrl: deps.lookupUrl?.() },
    );
    const signatureNote = deps.signatureNote?.(invoice.createdAt);
    if (signatureNote) content.notes.push(signatureNote);
    return content;
  }

  async function render(invoiceId: string, format: PdfFormat): Promise<Buffer> {
    const invoice = invoices.get(invoiceId);
    const content = await printable(invoiceId);
    const options = {
      title: `${content.title} ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number}`,
      author: invoice.seller.name,
      createdAt: new Date(invoice.createdAt),
    };
    if (format === 'a4') {
      const doc = await createPdf({ ...options, size: 'A4', margin: 36 });
      layoutA4(doc, content);
      return finish(doc);
    }
    const doc = await createPdf({
      ...options,
      size: [RECEIPT_WIDTH, await receiptHeight(content, options)],
      margin: RECEIPT_MARGIN,
    });
    layoutReceipt(doc, content);
    return finish(doc);
  }

  /** A first pass on a very long page tells how long the receipt is. */
  async function receiptHeight(
    printable: Printable,
    options: { title: string; author: string; createdAt: Date },
  ): Promise<number> {
    const measuring = await createPdf({ ...options, size: [RECEIPT_WIDTH, 100_000], margin: RECEIPT_MARGIN });
    return Math.ceil(layoutReceipt(measuring, printable) + RECEIPT_MARGIN);
  }

  return {
    render,
    printable,

    /** The PDF handed to a user, with a file name; the download is audited. */
    async download(invoiceId: string, format: PdfFormat, actor: string): Promise<{ fileName: string; pdf: Buffer }> {
      const pdf = await render(invoiceId, format);
      const { mauSo, kyHieu, number } = invoices.find(invoiceId);
      record(invoiceId, actor, 'pdf-rendered', { format });
      return {
        fileName: `hoa-don-${mauSo}${kyHieu}-${String(number).padStart(8, '0')}${format === 'receipt' ? '-80mm' : ''}.pdf`,
        pdf,
      };
    },
  };
}

export type InvoicePdfService = ReturnType<typeof createInvoicePdfService>;
