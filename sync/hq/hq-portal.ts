/**
 * The chain's lookup portal (docs/delivery.md): the store's portal pages and routes (src/portal) over what HQ
 * holds of every store, its invoices as their newest synced version and their XML as the synced document.
 * The PDF is the store's own code (src/pdf) run on those: the same invoice, the same signer, the same note
 * and the same link give the same bytes as the store's download.
 */
import { AppError, notFound } from '../../src/errors.js';
import type { InvoiceDetail } from '../../src/invoices/invoices.schemas.js';
import { createInvoicePdfService } from '../../src/pdf/invoice-pdf.service.js';
import type { InvoiceReference } from '../../src/pdf/printable.js';
import { type Portal, type RelatedLink, signatureCheckOf } from '../../src/portal/portal.service.js';
import { unpackDocument } from '../document-codec.js';
import { type DocumentPayload, documentPayload } from '../protocol.js';
import type { InvoiceKey } from './hq-lookups.js';
import type { HqStore } from './hq-store.js';

interface HeldDocument extends DocumentPayload {
  xml: string;
}

const notYet = (invoice: InvoiceDetail) =>
  new AppError(
    'INVALID_STATE',
    409,
    `Trụ sở chưa nhận bản XML của hóa đơn ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number}: cửa hàng sẽ gửi ở lần đồng bộ tới.`,
  );

export function createHqPortal(deps: { store: HqStore; publicUrl?: string | undefined }) {
  const { store } = deps;

  async function invoiceOf(key: InvoiceKey): Promise<InvoiceDetail | undefined> {
    const text = await store.latestInvoice(key);
    return text === undefined ? undefined : (JSON.parse(text) as InvoiceDetail);
  }

  async function documentOf(key: InvoiceKey): Promise<HeldDocument | undefined> {
    const text = await store.documentOf(key);
    if (text === undefined) return undefined;
    const parsed = documentPayload.safeParse(JSON.parse(text));
    const xml = parsed.success ? unpackDocument(parsed.data) : undefined;
    return parsed.success && xml !== undefined ? { ...parsed.data, xml } : undefined;
  }

  const related = async (storeId: string, invoiceId: string | undefined): Promise<RelatedLink | undefined> => {
    if (!invoiceId) return undefined;
    const other = await invoiceOf({ storeId, invoiceId });
    if (!other) return undefined;
    return {
      label: `${other.mauSo}${other.kyHieu} số ${other.number}`,
      code: await store.codeOfInvoice({ storeId, invoiceId }),
    };
  };

  const linkOf = (code: string) =>
    deps.publicUrl ? `${deps.publicUrl.replace(/\/+$/, '')}/tra-cuu/${encodeURIComponent(code)}` : undefined;

  /** The A4 PDF the store prints, from the synced invoice, the invoices it names and its document. */
  async function pdfOf(key: InvoiceKey, invoice: InvoiceDetail): Promise<Buffer> {
    const document = await documentOf(key);
    if (!document) throw notYet(invoice);
    const references = new Map<string, InvoiceReference>();
    for (const id of [invoice.replaces, invoice.adjusts, invoice.replacedBy, invoice.adjustedBy]) {
      const other = id ? await invoiceOf({ storeId: key.storeId, invoiceId: id }) : undefined;
      if (id && other) references.set(id, other);
    }
    // An invoice named but not synced yet is left out of the notes rather than failing the download.
    const known = (id: string | undefined) => (id && references.has(id) ? id : undefined);
    const printed: InvoiceDetail = {
      ...invoice,
      replaces: known(invoice.replaces),
      adjusts: known(invoice.adjusts),
      replacedBy: known(invoice.replacedBy),
      adjustedBy: known(invoice.adjustedBy),
    };
    const pdf = createInvoicePdfService({
      invoices: {
        get: () => printed,
        find: (id) => {
          const found = id === invoice.id ? invoice : references.get(id);
          if (!found) throw notFound('hóa đơn', id);
          return found;
        },
      },
      record: () => {},
      signature: async () => document.signature,
      lookupLink: (code) => document.link ?? linkOf(code),
      signatureNote: () => document.signatureNote,
    });
    return pdf.render(invoice.id, 'a4');
  }

  async function xmlOf(key: InvoiceKey, invoice: InvoiceDetail): Promise<string> {
    const document = await documentOf(key);
    if (!document) throw notYet(invoice);
    return document.xml;
  }

  const portal: Portal = {
    async view(code) {
      const key = await store.findByCode(code);
      const invoice = key && (await invoiceOf(key));
      if (!key || !invoice) return undefined;
      const document = await documentOf(key);
      return {
        code,
        invoice,
        replacedBy: await related(key.storeId, invoice.replacedBy),
        adjustedBy: await related(key.storeId, invoice.adjustedBy),
        original: await related(key.storeId, invoice.replaces ?? invoice.adjusts),
        signature: document ? signatureCheckOf(document.xml) : { kind: 'waiting' },
        transmissionKnown: false,
      };
    },
    async xml(code) {
      const key = await store.findByCode(code);
      const invoice = key && (await invoiceOf(key));
      return key && invoice ? { xml: await xmlOf(key, invoice), invoice } : undefined;
    },
    async pdf(code) {
      const key = await store.findByCode(code);
      const invoice = key && (await invoiceOf(key));
      return key && invoice ? { pdf: await pdfOf(key, invoice), invoice } : undefined;
    },
    codeOf: (query) => store.codeBySymbol(query),
  };

  return {
    portal,
    /** A synced invoice's XML and PDF for the admin API; undefined for an invoice HQ does not hold. */
    async files(key: InvoiceKey) {
      const invoice = await invoiceOf(key);
      if (!invoice) return undefined;
      return {
        invoice,
        xml: () => xmlOf(key, invoice),
        pdf: () => pdfOf(key, invoice),
      };
    },
  };
}

export type HqPortal = ReturnType<typeof createHqPortal>;
