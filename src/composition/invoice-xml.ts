/**
 * The invoices' signed XML: signed on the XML thread once an invoice is committed (or later, while the key
 * is unavailable), stored for HQ too, and frozen into the message it left in.
 */

import { createInvoiceDocumentsRepository } from '../invoices/invoice-documents.repository.js';
import { unpackText } from '../transmission/message-text.js';
import { createInvoiceXmlService } from '../xml/invoice-xml.service.js';
import type { NodeContext } from './context.js';
import type { InvoiceListener } from './events.js';
import type { Invoicing } from './invoicing.js';
import type { Records } from './records.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Signing } from './signing.js';
import type { Storage } from './storage.js';
import type { StoreSync } from './store-sync.js';

export interface InvoiceXmlDeps {
  storage: Pick<Storage, 'sqlite' | 'writes'>;
  settings: Pick<SettingsAndAudit, 'settings'>;
  signing: Pick<Signing, 'signing' | 'demoSigning' | 'xmlThread'>;
  invoicing: Pick<Invoicing, 'invoices' | 'auditService'>;
  records: Pick<Records, 'transmissionQueue' | 'taxMessages'>;
  storeSync: Pick<StoreSync, 'documentSync'>;
}

export function createInvoiceXml(ctx: NodeContext, deps: InvoiceXmlDeps) {
  const { config, clock } = ctx;
  const { settings } = deps.settings;
  const { transmissionQueue, taxMessages } = deps.records;
  // The invoices of a package are frozen one after another: its text is inflated once for them all.
  let lastSent: { messageId: string; text: Promise<string | undefined> } | undefined;
  const sentMessage = (invoiceId: string): Promise<string | undefined> => {
    const messageId = transmissionQueue.find(invoiceId)?.messageId;
    if (!messageId) return Promise.resolve(undefined);
    if (lastSent?.messageId !== messageId) {
      const stored = taxMessages.xmlOf(messageId);
      lastSent = { messageId, text: stored === undefined ? Promise.resolve(undefined) : unpackText(stored) };
    }
    return lastSent.text;
  };
  const invoiceXml = createInvoiceXmlService({
    invoices: deps.invoicing.invoices,
    documents: deps.storeSync.documentSync.capture(createInvoiceDocumentsRepository(deps.storage.sqlite)),
    identity: deps.signing.signing.identity,
    demoIdentity: deps.signing.demoSigning.identity,
    document: deps.signing.xmlThread.document,
    write: deps.storage.writes.run,
    clock,
    record: deps.invoicing.auditService.record,
    signEach: () => settings.storeConfig().signEachInvoice,
    profile: () => {
      const { storeId, storeName } = settings.storeConfig();
      return {
        store: { code: storeId, name: storeName },
        ...(config.providerMst ? { softwareProviderMst: config.providerMst } : {}),
      };
    },
    sentMessage,
  });
  return {
    invoiceXml,
    /** A new invoice is signed on the XML thread as soon as its transaction is committed. */
    signNewInvoice: (({ before }) => {
      if (!before) invoiceXml.signSoon();
    }) satisfies InvoiceListener,
  };
}

export type InvoiceXml = ReturnType<typeof createInvoiceXml>;
