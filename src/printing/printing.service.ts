/**
 * Printing receipts on the shop's thermal printers (docs/printing.md): the list of printers (a settings row
 * of the store, never synced: printers belong to the shop's LAN), a receipt rendered and sent at once or
 * refused at once (503, never queued), the drawer opened on a cash sale or on demand.
 */
import type { AuditRepository } from '../audit/audit.repository.js';
import type { Clock } from '../clock.js';
import { AppError, notFound, validationError } from '../errors.js';
import type { InvoiceDetail } from '../invoices/invoices.schemas.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import { drawerKickJob, receiptJob } from './escpos.js';
import { type SendOutcome, sendToPrinter } from './printer-transport.js';
import { type Printer, printersDocument } from './printers.schemas.js';
import { type ReceiptContent, renderReceipt } from './receipt-raster.js';
import { testPageContent } from './test-page.js';

const DOCUMENT = 'printers';

/** Payments that put cash in the drawer. */
const CASH_METHODS = new Set(['TM', 'TM/CK']);

function refused(printer: Printer, outcome: Exclude<SendOutcome, { ok: true }>): AppError {
  const message =
    outcome.reason === 'no-paper'
      ? `Máy in hết giấy (${printer.name}). Hãy thay cuộn giấy rồi in lại, hoặc in qua trình duyệt.`
      : `Máy in ${printer.name} không phản hồi. Hãy kiểm tra máy in rồi in lại, hoặc in qua trình duyệt.`;
  return new AppError('SERVICE_UNAVAILABLE', 503, message);
}

export function createPrintingService(deps: {
  settings: SettingsRepository;
  audit: AuditRepository;
  clock: Clock;
  invoices: { get(id: string): Pick<InvoiceDetail, 'paymentMethod'> };
  /** The receipt's rows, the 80 mm PDF's (src/pdf/invoice-pdf.service.ts `receipt`). */
  receipt: (invoiceId: string) => ReceiptContent;
  /** Records an action in a subject's audit trail, in its own transaction (src/audit/audit.service.ts). */
  record: (subject: string, actor: string, action: string, details: Record<string, unknown>) => void;
}) {
  const list = (): Printer[] => deps.settings.read(DOCUMENT, printersDocument, () => ({ printers: [] })).printers;

  const printer = (id: string): Printer => {
    const found = list().find((p) => p.id === id);
    if (!found) throw notFound('máy in', id);
    return found;
  };

  /** The printer a print body names: an unknown one is the body's mistake. */
  const chosen = (id: string): Printer => {
    const found = list().find((p) => p.id === id);
    if (!found)
      throw validationError(`Không có máy in "${id}" trong thiết lập máy in.`, [
        { path: 'body.printerId', message: 'Máy in chưa được thiết lập.' },
      ]);
    return found;
  };

  async function send(target: Printer, job: Buffer): Promise<void> {
    const outcome = await sendToPrinter(target, job);
    if (!outcome.ok) throw refused(target, outcome);
  }

  async function printContent(target: Printer, content: ReceiptContent, copy: boolean, kick: boolean) {
    const raster = await renderReceipt(content, target.paperWidthMm, copy);
    const job = await receiptJob(raster, { kickDrawer: kick });
    await send(target, job);
    return { printerId: target.id, bytes: job.length, drawerOpened: kick };
  }

  return {
    list,

    /** Replaces the list; call inside a transaction. Audited under `settings:printers`. */
    replace(printers: Printer[], actor: string): Printer[] {
      const parsed = printersDocument.safeParse({ printers });
      if (!parsed.success) throw validationError('Danh sách máy in không hợp lệ.');
      const before = list();
      const at = deps.clock.now().toISOString();
      deps.settings.write(DOCUMENT, parsed.data, at, actor);
      deps.audit.append({
        invoiceId: `settings:${DOCUMENT}`,
        at,
        actor,
        action: 'settings-updated',
        details: { changed: ['printers'], before: { printers: before }, after: { printers: parsed.data.printers } },
      });
      return parsed.data.printers;
    },

    /** Prints an invoice's receipt; a cash sale's first print opens the drawer when the printer says so. */
    async printInvoice(invoiceId: string, printerId: string, copy: boolean, actor: string) {
      const target = chosen(printerId);
      const { paymentMethod } = deps.invoices.get(invoiceId);
      const kick = !copy && target.openDrawerOnCash && CASH_METHODS.has(paymentMethod);
      const result = await printContent(target, deps.receipt(invoiceId), copy, kick);
      deps.record(invoiceId, actor, 'receipt-printed', { printerId: target.id, copy, drawerOpened: kick });
      return result;
    },

    /** "In thử": a page that shows the printer prints Vietnamese, at its paper width; never opens the drawer. */
    async printTestPage(printerId: string) {
      const target = printer(printerId);
      return printContent(target, testPageContent(target, deps.clock.now()), false, false);
    },

    /** "Mở két": the drawer kick alone, audited under `printer:<id>`. */
    async openDrawer(printerId: string, actor: string) {
      const target = printer(printerId);
      const job = await drawerKickJob();
      await send(target, job);
      deps.record(`printer:${target.id}`, actor, 'drawer-opened', { printerId: target.id });
      return { printerId: target.id, bytes: job.length, drawerOpened: true };
    },
  };
}

export type PrintingService = ReturnType<typeof createPrintingService>;
