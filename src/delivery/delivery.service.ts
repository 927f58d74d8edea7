/**
 * Sending the invoice to its buyer (docs/delivery.md): an outbox row written in the invoice's own
 * transaction when it is issued with the buyer's e-mail (or phone, when the shop has a delivery webhook),
 * sent by the `deliver-invoices` job, retried with backoff across restarts, settled once.
 */
import type { Clock } from '../clock.js';
import { becomesIssued } from '../domain/revenue.js';
import { AppError, conflict, validationError } from '../errors.js';
import type { InvoiceListener } from '../invoices/invoice-events.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { retryDelayMs } from '../transmission/backoff.js';
import type { DeliveryRepository, DeliveryRow } from './delivery.repository.js';
import { attachmentBaseName, mailBody, mailSubject } from './mail-message.js';
import {
  type MailServerInput,
  type MailServerSettings,
  mailServerOf,
  passwordOf,
  publicSettings,
  type SmtpConfig,
  type StoredServer,
  smtpUrlOf,
} from './mail-settings.js';
import { callWebhook, type OutgoingMail, type SendOutcome, sendMail } from './senders.js';

/** Rows tried per pass of the job. */
const PASS_SIZE = 10;
/** How long after an invoice's commit its e-mail is tried: the XML is signed first (src/xml). */
const SEND_AFTER_MS = 500;

export interface DeliveryDeps {
  deliveries: DeliveryRepository;
  invoices: Pick<InvoicesService, 'get' | 'find'>;
  /** The invoice's stored XML, byte for byte what GET /invoices/:id/xml answers (409 while it waits for its signature). */
  xmlOf: (invoiceId: string) => Promise<string>;
  /** The A4 PDF (src/pdf). */
  pdfOf: (invoiceId: string) => Promise<Buffer>;
  /** The portal's page of a lookup code, when a portal answers for this node. */
  linkOf: (lookupCode: string) => string | undefined;
  /** HOADON_SMTP_URL / HOADON_MAIL_FROM, and the seller's own address as the last sender. */
  environment: () => SmtpConfig;
  webhookUrl?: string | undefined;
  write: <T>(work: () => T) => Promise<T>;
  clock: Clock;
  retryBaseMs?: number | undefined;
  random?: () => number;
}

export function createDeliveryService(deps: DeliveryDeps) {
  const { deliveries, invoices, clock, write } = deps;
  const random = deps.random ?? Math.random;
  const now = () => clock.now().toISOString();

  const stored = (): StoredServer | undefined => deliveries.settings();
  /** The SMTP server in force: the console's, else the environment's; undefined when none is set. */
  const mailServer = (): MailServerSettings | undefined => mailServerOf(stored(), deps.environment());

  let pass: Promise<number> | undefined;
  let soon: NodeJS.Timeout | undefined;
  let closed = false;

  function build(row: DeliveryRow, xml: string, pdf: Buffer, from: string): OutgoingMail {
    const invoice = invoices.get(row.invoiceId);
    const name = attachmentBaseName(invoice);
    return {
      from,
      to: row.recipient,
      subject: mailSubject(invoice),
      text: mailBody(invoice, invoice.lookupCode ? deps.linkOf(invoice.lookupCode) : undefined),
      attachments: [
        { filename: `${name}.pdf`, content: pdf, contentType: 'application/pdf' },
        { filename: `${name}.xml`, content: Buffer.from(xml, 'utf8'), contentType: 'application/xml' },
      ],
    };
  }

  async function attempt(row: DeliveryRow): Promise<SendOutcome> {
    try {
      if (row.channel === 'webhook') {
        if (!deps.webhookUrl)
          return { ok: false, permanent: true, error: 'Chưa cấu hình HOADON_DELIVERY_WEBHOOK_URL.' };
        const { lookupCode } = invoices.find(row.invoiceId);
        return await callWebhook(deps.webhookUrl, {
          invoiceId: row.invoiceId,
          phone: row.recipient,
          link: lookupCode ? deps.linkOf(lookupCode) : undefined,
          lookupCode: lookupCode ?? undefined,
        });
      }
      const server = mailServer();
      if (!server) return { ok: false, permanent: false, error: 'Chưa cấu hình máy chủ gửi thư (SMTP).' };
      const [xml, pdf] = await Promise.all([deps.xmlOf(row.invoiceId), deps.pdfOf(row.invoiceId)]);
      return await sendMail(server, build(row, xml, pdf, server.from));
    } catch (error) {
      // The XML still waiting for its signature (409) or any other local trouble: tried again later.
      return { ok: false, permanent: false, error: (error as Error).message };
    }
  }

  function settle(row: DeliveryRow, outcome: SendOutcome): void {
    const at = now();
    if (outcome.ok) {
      deliveries.settle({ id: row.id, state: 'sent', error: null, at, next: at });
      return;
    }
    const delay = retryDelayMs(row.attempts + 1, random(), deps.retryBaseMs);
    deliveries.settle({
      id: row.id,
      state: outcome.permanent ? 'failed' : 'queued',
      error: outcome.error.slice(0, 500),
      at,
      next: new Date(clock.now().getTime() + delay).toISOString(),
    });
  }

  /** One pass over the due rows, one attempt each; how many were sent. One pass at a time. */
  function tick(): Promise<number> {
    clearTimeout(soon);
    soon = undefined;
    if (closed) return Promise.resolve(0);
    pass ??= (async () => {
      let sent = 0;
      for (const row of deliveries.due(now(), PASS_SIZE)) {
        if (closed) break;
        const outcome = await attempt(row);
        await write(() => settle(row, outcome));
        if (outcome.ok) sent += 1;
      }
      return sent;
    })().finally(() => {
      pass = undefined;
    });
    return pass;
  }

  /** A pass shortly after the current transaction commits, not waiting for the job's next turn. */
  function sendSoon(): void {
    if (soon || closed) return;
    soon = setTimeout(() => void tick().catch(() => undefined), SEND_AFTER_MS).unref();
  }

  return {
    tick,
    /** Starts no more attempts and waits for the one in progress. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(soon);
      await pass?.catch(() => undefined);
    },
    /** Whether a row is due now (the job skips its pass otherwise). */
    hasDue: (): boolean => {
      const next = deliveries.nextDue();
      return next !== undefined && next <= now();
    },

    /** Queues the buyer's e-mail (and the webhook call for a phone) in the transaction that issues the invoice. */
    issueListener: (({ before, after, actor }) => {
      if (!becomesIssued(before, after)) return;
      const at = now();
      if (after.buyerEmail && mailServer()) {
        deliveries.enqueue({
          invoiceId: after.id,
          channel: 'email',
          recipient: after.buyerEmail,
          requestedBy: actor,
          at,
        });
        sendSoon();
      }
      if (after.buyerPhone && deps.webhookUrl) {
        deliveries.enqueue({
          invoiceId: after.id,
          channel: 'webhook',
          recipient: after.buyerPhone,
          requestedBy: actor,
          at,
        });
        sendSoon();
      }
    }) satisfies InvoiceListener,

    /**
     * Queues the invoice's e-mail once more, to `to` or to the buyer's address (POST /invoices/:id/send).
     * Call inside a transaction.
     */
    resend(invoiceId: string, to: string | undefined, actor: string) {
      const invoice = invoices.find(invoiceId);
      if (invoice.status === 'pending') throw conflict('Hóa đơn chưa được xuất nên chưa thể gửi cho người mua.');
      const recipient = to ?? invoice.buyerEmail;
      if (!recipient)
        throw validationError('Hóa đơn không có thư điện tử của người mua: hãy nhập địa chỉ nhận.', [
          { path: 'body.to', message: 'Cần địa chỉ thư điện tử nhận hóa đơn.' },
        ]);
      if (!mailServer())
        throw new AppError(
          'INVALID_STATE',
          409,
          'Chưa cấu hình máy chủ gửi thư (SMTP): hãy cài đặt trong mục Thư điện tử.',
        );
      deliveries.enqueue({ invoiceId, channel: 'email', recipient, requestedBy: actor, at: now() });
      sendSoon();
      return deliveries.history(invoiceId);
    },

    history: deliveries.history,

    /** The invoice's lookup code and its page on the portal the store prints (docs/delivery.md); null without. */
    lookup(invoiceId: string): { code: string | null; link: string | null } {
      const { lookupCode } = invoices.find(invoiceId);
      return { code: lookupCode ?? null, link: (lookupCode && deps.linkOf(lookupCode)) || null };
    },

    /** The SMTP settings as the console sees them: never the password. */
    settings: () => publicSettings(stored(), deps.environment()),

    /** Stores the console's SMTP server (an empty host: back to the environment's). Call inside a transaction. */
    saveSettings(input: MailServerInput, actor: string) {
      const previous = stored();
      deliveries.saveSettings({
        smtpUrl: input.host ? smtpUrlOf(input, passwordOf(previous)) : null,
        mailFrom: input.from || null,
        updatedAt: now(),
        updatedBy: actor,
      });
      return publicSettings(stored(), deps.environment());
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
