/**
 * The signed XML of an issued invoice, made once (docs/invoices.md "Signed once"). The invoice row is
 * committed with its number first, so a cashier never waits for a key and numbering never has gaps; its
 * XML is then signed on the XML thread and stored at once (`invoice_documents`). From then on the stored
 * bytes are what the download, the PDF's signer block and the tax authority get, whatever certificate is
 * imported later. An invoice whose signing failed (the key unavailable) waits "chờ ký" and is signed at the
 * next attempt; until then it is neither downloadable nor sent.
 *
 * Demo invoices (docs/decisions.md §7) are signed with the node's built-in demo key only, never the seller's.
 */
import { X509Certificate } from 'node:crypto';
import type { Clock } from '../clock.js';
import { localDateTime } from '../domain/calendar.js';
import { AppError } from '../errors.js';
import type { InvoiceDocumentsRepository, SignedDocument } from '../invoices/invoice-documents.repository.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { SigningIdentity } from '../signing/signing.store.js';
import { dataId, type InvoiceXmlProfile, type RelatedInvoice } from './invoice-xml.js';
import { invoiceInMessage, XML_DECLARATION } from './signed-package.js';
import type { XmlThread } from './xml-thread.js';

/** The tax format's date-times are in GMT+7 whatever the store's time zone. */
const FORMAT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/**
 * How long after an invoice's commit the background pass starts: the invoices a busy till issues meanwhile
 * are signed together and stored in one write, instead of a group commit of their own each.
 */
const SIGN_AFTER_MS = 100;

/** Waiting documents signed per write job by the background pass. */
const PASS_CHUNK = 50;

export const waitingForSignature = (invoiceId: string, reason: string | null) =>
  new AppError(
    'INVALID_STATE',
    409,
    `Hóa đơn ${invoiceId} đang chờ ký: chưa có bản XML đã ký${reason ? ` (${reason})` : ''}. Hóa đơn sẽ được ký khi khóa ký sẵn sàng.`,
  );

/** The signer's subject and serial from a signature's embedded certificate (X509Certificate, base64 DER). */
export function certificateOfSignature(xml: string): { subject: string; serial: string } | undefined {
  const base64 = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)?.[1];
  if (!base64) return undefined;
  const certificate = new X509Certificate(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
  return { subject: certificate.subject.split('\n').join(', '), serial: certificate.serialNumber };
}

export function createInvoiceXmlService(deps: {
  invoices: Pick<InvoicesService, 'get' | 'find'>;
  documents: InvoiceDocumentsRepository;
  /** The seller's signing identity (src/signing); throws when the key is unavailable. */
  identity: () => SigningIdentity;
  /** The built-in demo key, the only one that signs demo invoices. */
  demoIdentity: () => SigningIdentity;
  /**
   * Builds (and signs) an invoice's XML off the event loop from its committed data (xml-thread.ts): the
   * loop reads the invoice, the XML thread writes and signs its document.
   */
  document: XmlThread['document'];
  /** The write queue every write goes through (src/db/write-queue.ts). */
  write: <T>(work: () => T) => Promise<T>;
  clock: Clock;
  /** Leaves the trace of a download in the invoice's audit trail. */
  record: (invoiceId: string, actor: string, action: string, details: Record<string, unknown>) => void;
  /** The store and software provider the XML names (MCHang/TCHang, MSTTCGP), read at each signing. */
  profile?: () => InvoiceXmlProfile;
  /**
   * The text of the message that last carried the invoice to the tax authority, if one was stored: an
   * invoice issued before signed documents were stored is frozen as it was sent (migration 0008).
   */
  sentMessage?: (invoiceId: string) => Promise<string | undefined>;
  /** The store's `signEachInvoice`, read at each invoice: off, a live invoice is stored unsigned. */
  signEach?: () => boolean;
}) {
  const { invoices, documents, write, record } = deps;
  /** Signings on demand in progress, by invoice: the requests that need the same waiting invoice share one. */
  const inProgress = new Map<string, Promise<void>>();

  function relatedOf(relatedId: string | undefined): RelatedInvoice | undefined {
    if (!relatedId) return undefined;
    const { mauSo, kyHieu, number, issueDate } = invoices.find(relatedId);
    return { mauSo, kyHieu, number, issueDate };
  }

  /** Signs the invoice's XML now (the signing time is now) with the key its kind calls for. */
  async function signNow(invoiceId: string): Promise<SignedDocument> {
    const invoice = invoices.get(invoiceId);
    const source = { invoice, related: relatedOf(invoice.replaces ?? invoice.adjusts), profile: deps.profile?.() };
    const signedAt = localDateTime(deps.clock.now(), FORMAT_TIME_ZONE);
    // A cash-register invoice needs no signature of its own (docs/delivery.md): stored once as it is, with
    // its empty DSCKS/NBan, and only its 206 package is signed.
    if (!invoice.demo && deps.signEach?.() === false)
      return {
        xml: `${XML_DECLARATION}${await deps.document(source)}`,
        signedAt,
        certificateSubject: null,
        certificateSerial: null,
        origin: 'issue',
      };
    const identity = invoice.demo ? deps.demoIdentity() : deps.identity();
    const signed = await deps.document(source, { dataId: dataId(invoice.id), signingTime: signedAt, identity });
    return {
      xml: `${XML_DECLARATION}${signed}`,
      signedAt,
      certificateSubject: identity.subject,
      certificateSerial: identity.serial,
      origin: 'issue',
    };
  }

  /** The invoice as the stored message that carried it holds it, if there is one. */
  async function fromMessage(invoiceId: string): Promise<SignedDocument | undefined> {
    const text = await deps.sentMessage?.(invoiceId);
    const xml = text === undefined ? undefined : invoiceInMessage(text, dataId(invoiceId));
    const signer = xml && certificateOfSignature(xml);
    const signedAt = xml && /<SigningTime>([^<]+)<\/SigningTime>/.exec(xml)?.[1];
    if (!xml || !signer || !signedAt) return undefined;
    return {
      xml: `${XML_DECLARATION}${xml}`,
      signedAt,
      certificateSubject: signer.subject,
      certificateSerial: signer.serial,
      origin: 'message',
    };
  }

  /** A waiting invoice's document (taken from its message, or signed now), or why it cannot be made now. */
  async function documentOf(invoiceId: string): Promise<SignedDocument | { error: string }> {
    try {
      return (await fromMessage(invoiceId)) ?? (await signNow(invoiceId));
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  /** Stores what `documentOf` made, in the caller's write: the signed document, or why it still waits. */
  function save(invoiceId: string, made: SignedDocument | { error: string }): void {
    if ('error' in made) documents.failed(invoiceId, made.error);
    else documents.store(invoiceId, made);
  }

  /** One waiting invoice signed (or taken from its message) and stored; a failure is noted and it waits. */
  async function signOne(invoiceId: string): Promise<void> {
    const made = await documentOf(invoiceId);
    await write(() => {
      documents.ensure(invoiceId);
      save(invoiceId, made);
    });
  }

  function signOnce(invoiceId: string): Promise<void> {
    let running = inProgress.get(invoiceId);
    if (!running) {
      running = signOne(invoiceId).finally(() => inProgress.delete(invoiceId));
      inProgress.set(invoiceId, running);
    }
    return running;
  }

  /**
   * The invoice's stored signed XML, signing it first if it waits; 409 "chờ ký" when it cannot be signed
   * now, 404 for an unknown invoice.
   */
  async function signedXml(invoiceId: string): Promise<string> {
    invoices.find(invoiceId);
    let document = documents.find(invoiceId);
    // No row: an invoice written around the services (a bulk load); it waits like any other.
    if (!document || document.xml === null) {
      await signOnce(invoiceId);
      document = documents.find(invoiceId);
    }
    if (!document?.xml) throw waitingForSignature(invoiceId, document?.lastError ?? null);
    return document.xml;
  }

  let pass: Promise<number> | undefined;
  /** The pass `signSoon` scheduled, if any. */
  let soon: NodeJS.Timeout | undefined;
  let closed = false;
  /**
   * Signs every waiting document, a batch at a time (signed on the XML thread, stored in one write); how
   * many it signed. One pass at a time; it stops when a whole batch stays waiting (the key unavailable), and
   * the next pass tries again.
   */
  function signWaiting(): Promise<number> {
    // Every invoice that asked for a pass is committed (writes run whole on this loop): this pass signs it.
    clearTimeout(soon);
    soon = undefined;
    if (closed) return Promise.resolve(0);
    pass ??= (async () => {
      let signed = 0;
      while (!closed) {
        const batch = documents.waiting(PASS_CHUNK);
        const made = await Promise.all(
          batch.map(async (invoiceId) => ({ invoiceId, made: await documentOf(invoiceId) })),
        );
        const progress = await write(() => {
          for (const one of made) save(one.invoiceId, one.made);
          return made.filter((one) => !('error' in one.made)).length;
        });
        signed += progress;
        if (progress === 0) break;
      }
      return signed;
    })().finally(() => {
      pass = undefined;
    });
    return pass;
  }

  return {
    /** The invoice's signed XML as stored, signed now if it was waiting (409 while it cannot be). */
    renderSignedInvoiceXml: signedXml,
    /** Who signed the invoice and when (the PDF's "Ký bởi" block), signing it first if it waits; undefined while it cannot be. */
    async signature(invoiceId: string) {
      await signedXml(invoiceId).catch((error: unknown) => {
        if (!(error instanceof AppError && error.status === 409)) throw error;
      });
      return documents.signature(invoiceId);
    },
    signWaiting,
    /** Starts no more signing and waits for the pass in progress (the node closes after it). */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(soon);
      await pass?.catch(() => undefined);
      await Promise.allSettled(inProgress.values());
    },
    /**
     * Starts a pass once the current transaction has committed (an invoice listener calls it at issue);
     * its failures leave documents waiting for the next pass.
     */
    signSoon(): void {
      if (soon || closed) return;
      soon = setTimeout(() => void signWaiting().catch(() => undefined), SIGN_AFTER_MS).unref();
    },
    waitingCount: documents.waitingCount,

    /** The signed XML handed to a user, with a file name; the download is audited. */
    async download(invoiceId: string, actor: string): Promise<{ fileName: string; xml: string }> {
      const xml = await signedXml(invoiceId);
      const { mauSo, kyHieu, number } = invoices.find(invoiceId);
      record(invoiceId, actor, 'xml-rendered', { signedBy: documents.signature(invoiceId)?.certificateSubject });
      return { fileName: `${mauSo}${kyHieu}-${String(number).padStart(8, '0')}.xml`, xml };
    },
  };
}

export type InvoiceXmlService = ReturnType<typeof createInvoiceXmlService>;
