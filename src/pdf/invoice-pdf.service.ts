/**
 * The printable invoice of a stored invoice: A4, or the 80 mm receipt. Same invoice, same bytes; each
 * download is recorded in the invoice's audit trail.
 */
import { cashRounding } from '../domain/cash-rounding.js';
import { type ReceiptContext, type ReceiptRow, receiptContent } from '../domain/receipt.js';
import type { InvoiceDetail } from '../invoices/invoices.schemas.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { DEMO_MARK } from '../settings/node-mode.js';
import { layoutA4 } from './invoice-a4.js';
import { createPdf, finish } from './pdf-document.js';
import { type InvoiceReference, type Printable, printableOf, type StoredSignature } from './printable.js';
import { layoutReceipt, RECEIPT_MARGIN, RECEIPT_WIDTH } from './receipt-80mm.js';

export const PDF_FORMATS = ['a4', 'receipt'] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];

export function createInvoicePdfService(deps: {
  /** `find`: what another invoice's reference prints of it (HQ hands over only that, sync/hq/hq-portal.ts). */
  invoices: Pick<InvoicesService, 'get'> & { find(id: string): InvoiceReference };
  record: (invoiceId: string, actor: string, action: string, details: Record<string, unknown>) => void;
  /** The invoice's stored signature (src/xml/invoice-xml.service.ts), for the "Ký bởi" block. */
  signature?: (invoiceId: string) => Promise<StoredSignature | undefined>;
  /** The lookup portal's page of a code, read at each print (docs/delivery.md). */
  lookupLink?: (code: string) => string | undefined;
  /** A line under the title when the invoice was signed with an untrusted certificate (src/signing). */
  signatureNote?: (createdAt: string) => string | undefined;
  /** What the receipt says beyond the invoice: the time zone, the shop, the cashier, the cash rounding step. */
  receiptContext?: (
    invoice: InvoiceDetail,
  ) => Pick<ReceiptContext, 'timeZone' | 'shopName' | 'shopPhone' | 'cashier'> & { cashRounding: number };
}) {
  const { invoices, record } = deps;

  const reference = (id: string | undefined): InvoiceReference | undefined => {
    if (!id) return undefined;
    const { mauSo, kyHieu, number, issueDate } = invoices.find(id);
    return { mauSo, kyHieu, number, issueDate };
  };

  /** The receipt's rows (src/domain/receipt.ts); `cashGiven` for a cash sale printed at the till. */
  function receiptRows(invoice: InvoiceDetail, printable: Printable, cashGiven: number | undefined) {
    const context = deps.receiptContext?.(invoice) ?? { timeZone: 'Asia/Ho_Chi_Minh', cashRounding: 0 };
    const { cashRounding: step, ...shop } = context;
    const cash =
      cashGiven === undefined
        ? undefined
        : {
            given: cashGiven,
            rounding: invoice.paymentMethod === 'TM' ? cashRounding(invoice.totals.total, step).rounding : 0,
          };
    return receiptContent(invoice, {
      ...shop,
      lookupLink: deps.lookupLink,
      demoMark: DEMO_MARK,
      notes: printable.notes,
      cash,
    });
  }

  function printableFor(invoice: InvoiceDetail, signature: StoredSignature | undefined): Printable {
    const printable = printableOf(
      invoice,
      {
        original: reference(invoice.replaces ?? invoice.adjusts),
        replacedBy: reference(invoice.replacedBy),
        adjustedBy: reference(invoice.adjustedBy),
        signature,
      },
      { lookupLink: deps.lookupLink },
    );
    const signatureNote = deps.signatureNote?.(invoice.createdAt);
    if (signatureNote) printable.notes.push(signatureNote);
    return printable;
  }

  async function render(invoiceId: string, format: PdfFormat, cashGiven?: number): Promise<Buffer> {
    const invoice = invoices.get(invoiceId);
    const printable = printableFor(invoice, await deps.signature?.(invoiceId));
    const options = {
      title: `${printable.title} ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number}`,
      author: invoice.seller.name,
      createdAt: new Date(invoice.createdAt),
    };
    if (format === 'a4') {
      const doc = await createPdf({ ...options, size: 'A4', margin: 36 });
      layoutA4(doc, printable);
      return finish(doc);
    }
    const rows = receiptRows(invoice, printable, cashGiven);
    const doc = await createPdf({
      ...options,
      size: [RECEIPT_WIDTH, await receiptHeight(rows, options)],
      margin: RECEIPT_MARGIN,
    });
    layoutReceipt(doc, rows);
    return finish(doc);
  }

  /** A first pass on a very long page tells how long the receipt is. */
  async function receiptHeight(
    rows: readonly ReceiptRow[],
    options: { title: string; author: string; createdAt: Date },
  ): Promise<number> {
    const measuring = await createPdf({ ...options, size: [RECEIPT_WIDTH, 100_000], margin: RECEIPT_MARGIN });
    return Math.ceil(layoutReceipt(measuring, rows) + RECEIPT_MARGIN);
  }

  return {
    render,

    /** The receipt's rows, which the console's till and the thermal printers print (the same as the PDF's). */
    receipt(invoiceId: string, cashGiven?: number): ReceiptRow[] {
      const invoice = invoices.get(invoiceId);
      return receiptRows(invoice, printableFor(invoice, undefined), cashGiven);
    },

    /** The PDF handed to a user, with a file name; the download is audited. */
    async download(
      invoiceId: string,
      format: PdfFormat,
      actor: string,
      cashGiven?: number,
    ): Promise<{ fileName: string; pdf: Buffer }> {
      const pdf = await render(invoiceId, format, format === 'receipt' ? cashGiven : undefined);
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
