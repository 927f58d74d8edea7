/**
 * What the lookup portal shows of one invoice (docs/delivery.md): the invoice, its status and the invoice
 * that replaced or adjusted it, the tax authority's code and acceptance, and the check of its signature.
 */
import { AppError } from '../errors.js';
import type { InvoiceDetail } from '../invoices/invoices.schemas.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { certificateOfSignature } from '../xml/invoice-xml.service.js';
import { verifyInvoiceXml } from '../xml/xml-verify.js';
import type { PortalRepository } from './portal.repository.js';

export type SignatureCheck =
  | { kind: 'valid'; subject: string; serial: string }
  | { kind: 'invalid'; problem: string }
  | { kind: 'unsigned' }
  | { kind: 'waiting' };

export interface RelatedLink {
  label: string;
  code: string | undefined;
}

export interface PortalView {
  code: string;
  invoice: InvoiceDetail;
  replacedBy?: RelatedLink | undefined;
  adjustedBy?: RelatedLink | undefined;
  original?: RelatedLink | undefined;
  signature: SignatureCheck;
  /**
   * False where the portal does not know where the invoice stands with the tax authority (HQ: a store sends
   * its invoices' documents, not its transmission queue); the page then says nothing of it.
   */
  transmissionKnown?: boolean;
}

/** What the portal's routes need of an invoice source: the store's database, or HQ's (sync/hq/hq-portal.ts). */
export interface Portal {
  view(code: string): Promise<PortalView | undefined>;
  xml(code: string): Promise<{ xml: string; invoice: InvoiceDetail } | undefined>;
  pdf(code: string): Promise<{ pdf: Buffer; invoice: InvoiceDetail } | undefined>;
  codeOf(query: {
    mauSo?: string;
    kyHieu: string;
    number: number;
    mst: string;
    total: number;
  }): Promise<string | undefined> | string | undefined;
}

/** The check of a stored document's signature, as the page shows it. */
export function signatureCheckOf(xml: string): SignatureCheck {
  if (!xml.includes('<X509Certificate>')) return { kind: 'unsigned' };
  const problems = verifyInvoiceXml(xml);
  const signer = certificateOfSignature(xml);
  if (problems.length > 0 || !signer) return { kind: 'invalid', problem: problems[0] ?? 'Không đọc được chứng thư số' };
  return { kind: 'valid', ...signer };
}

export function createPortalService(deps: {
  portal: PortalRepository;
  invoices: Pick<InvoicesService, 'get'>;
  xmlOf: (invoiceId: string) => Promise<string>;
  pdfOf: (invoiceId: string) => Promise<Buffer>;
}): Portal {
  const { portal, invoices } = deps;

  const related = (id: string | undefined): RelatedLink | undefined => {
    if (!id) return undefined;
    const other = invoices.get(id);
    return { label: `${other.mauSo}${other.kyHieu} số ${other.number}`, code: portal.codeOfInvoice(id) };
  };

  async function signatureOf(invoiceId: string): Promise<SignatureCheck> {
    let xml: string;
    try {
      xml = await deps.xmlOf(invoiceId);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return { kind: 'waiting' };
      throw error;
    }
    return signatureCheckOf(xml);
  }

  return {
    /** The invoice of a lookup code, or undefined for a code no invoice has. */
    async view(code: string): Promise<PortalView | undefined> {
      const id = portal.idOf(code);
      if (!id) return undefined;
      const invoice = invoices.get(id);
      return {
        code,
        invoice,
        replacedBy: related(invoice.replacedBy),
        adjustedBy: related(invoice.adjustedBy),
        original: related(invoice.replaces ?? invoice.adjusts),
        signature: await signatureOf(id),
      };
    },
    /** The stored XML, byte for byte, of a lookup code's invoice. */
    async xml(code: string): Promise<{ xml: string; invoice: InvoiceDetail } | undefined> {
      const id = portal.idOf(code);
      return id ? { xml: await deps.xmlOf(id), invoice: invoices.get(id) } : undefined;
    },
    async pdf(code: string): Promise<{ pdf: Buffer; invoice: InvoiceDetail } | undefined> {
      const id = portal.idOf(code);
      return id ? { pdf: await deps.pdfOf(id), invoice: invoices.get(id) } : undefined;
    },
    codeOf: portal.codeOf,
  };
}

export type PortalService = Portal;
