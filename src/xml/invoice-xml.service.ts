/**
 * The signed XML of a stored invoice. `renderSignedInvoiceXml` is what transmission sends to the tax
 * authority; it is deterministic for the same invoice and certificate (the signing time is the invoice's
 * creation time, and RSA PKCS#1 v1.5 signatures are deterministic).
 */
import { localDateTime } from '../domain/calendar.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { SigningStore } from '../signing/signing.store.js';
import { buildInvoiceXml, dataId, type InvoiceXmlProfile, type RelatedInvoice } from './invoice-xml.js';
import { type UnsignedInvoice, XML_DECLARATION } from './signed-package.js';
import type { XmlThread } from './xml-thread.js';

/** The tax format's date-times are in GMT+7 whatever the store's time zone. */
const FORMAT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

export function createInvoiceXmlService(deps: {
  invoices: Pick<InvoicesService, 'get' | 'find'>;
  signing: SigningStore;
  /** Signs off the event loop (xml-thread.ts). */
  sign: XmlThread['sign'];
  /** Leaves the trace of a download in the invoice's audit trail. */
  record: (invoiceId: string, actor: string, action: string, details: Record<string, unknown>) => void;
  /** The store and software provider the XML names (MCHang/TCHang, MSTTCGP), read at each rendering. */
  profile?: () => InvoiceXmlProfile;
}) {
  const { invoices, signing, sign, record } = deps;

  function relatedOf(relatedId: string | undefined): RelatedInvoice | undefined {
    if (!relatedId) return undefined;
    const { mauSo, kyHieu, number, issueDate } = invoices.find(relatedId);
    return { mauSo, kyHieu, number, issueDate };
  }

  /** The invoice's XML before its signature, and what the signature names. */
  function unsignedInvoiceXml(invoiceId: string): UnsignedInvoice {
    const invoice = invoices.get(invoiceId);
    return {
      xml: buildInvoiceXml(invoice, relatedOf(invoice.replaces ?? invoice.adjusts), deps.profile?.()),
      dataId: dataId(invoice.id),
      signingTime: localDateTime(new Date(invoice.createdAt), FORMAT_TIME_ZONE),
    };
  }

  async function renderSignedInvoiceXml(invoiceId: string): Promise<string> {
    const { xml, ...options } = unsignedInvoiceXml(invoiceId);
    return `${XML_DECLARATION}${await sign(xml, { ...options, identity: signing.identity() })}`;
  }

  return {
    /** The invoice as the tax authority's XML, signed by the seller (404 for an unknown invoice). */
    renderSignedInvoiceXml,
    /** What a package's invoice is signed from on the XML thread (signed-package.ts). */
    unsignedInvoiceXml,

    /** The signed XML handed to a user, with a file name; the download is audited. */
    async download(invoiceId: string, actor: string): Promise<{ fileName: string; xml: string }> {
      const xml = await renderSignedInvoiceXml(invoiceId);
      const { mauSo, kyHieu, number } = invoices.find(invoiceId);
      record(invoiceId, actor, 'xml-rendered', { certificate: signing.identity().source });
      return { fileName: `${mauSo}${kyHieu}-${String(number).padStart(8, '0')}.xml`, xml };
    },
  };
}

export type InvoiceXmlService = ReturnType<typeof createInvoiceXmlService>;
