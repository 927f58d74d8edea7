/**
 * Getting an invoice to its buyer: the PDF and the receipt, e-mail and webhook delivery, the lookup portal
 * and its address, and the shop's receipt printers.
 */

import { createDeliveryService } from '../delivery/delivery.service.js';
import { nodeAddress, type PortalSources, portalLink } from '../delivery/portal-address.js';
import { createInvoicePdfService } from '../pdf/invoice-pdf.service.js';
import { createPortalRepository } from '../portal/portal.repository.js';
import { createPortalService } from '../portal/portal.service.js';
import { createPrintingService } from '../printing/printing.service.js';
import type { NodeContext } from './context.js';
import type { InvoiceXml } from './invoice-xml.js';
import type { Invoicing } from './invoicing.js';
import type { Records } from './records.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Signing } from './signing.js';
import type { Storage } from './storage.js';
import type { StoreSync } from './store-sync.js';

export interface DeliveryDeps {
  storage: Pick<Storage, 'sqlite' | 'writes'>;
  settings: Pick<SettingsAndAudit, 'settings' | 'settingsRepository' | 'audit'>;
  signing: Pick<Signing, 'signing'>;
  invoicing: Pick<Invoicing, 'invoices' | 'auditService'>;
  invoiceXml: Pick<InvoiceXml, 'invoiceXml'>;
  records: Pick<Records, 'deliveries'>;
  storeSync: Pick<StoreSync, 'documentSync'>;
}

export function createDelivery(ctx: NodeContext, deps: DeliveryDeps) {
  const { config, clock, timeZone } = ctx;
  const { settings, settingsRepository, audit } = deps.settings;
  const { invoices, auditService } = deps.invoicing;
  const { invoiceXml } = deps.invoiceXml;
  // The lookup portal's address (docs/delivery.md): the store's lookupUrl, HQ's public address, or the node's.
  let listeningAt: string | undefined;
  const portalSources = (): PortalSources => ({
    lookupUrl: settings.storeConfig().lookupUrl,
    hqPublicUrl: deps.storeSync.documentSync.publicUrl(),
    nodeUrl: config.publicUrl ?? listeningAt,
  });
  const lookupLink = (code: string) => portalLink(portalSources(), code);
  const invoicePdf = createInvoicePdfService({
    invoices,
    record: auditService.record,
    signature: invoiceXml.signature,
    lookupLink,
    signatureNote: deps.signing.signing.untrustedNote,
    receiptContext: (invoice) => {
      const storeConfig = settings.storeConfig();
      return {
        timeZone,
        shopName: storeConfig.storeName,
        shopPhone: storeConfig.seller.phone || undefined,
        cashier: auditService.trail(invoice.id)[0]?.actor,
        cashRounding: settings.till().cashRounding,
      };
    },
  });
  return {
    invoicePdf,
    portalSources,
    lookupLink,
    /**
     * The address `hoadon serve` listens on, once it does: the portal's address of last resort. A node on
     * loopback only answers no buyer's phone, so it prints no link of its own.
     */
    listening(address: string): void {
      const url = new URL(address);
      if (config.host === 'localhost' || /^(127\.|::1$|\[::1\]$)/.test(config.host)) return;
      listeningAt = nodeAddress({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) });
    },
    delivery: createDeliveryService({
      deliveries: deps.records.deliveries,
      invoices,
      xmlOf: invoiceXml.renderSignedInvoiceXml,
      pdfOf: (invoiceId) => invoicePdf.render(invoiceId, 'a4'),
      linkOf: lookupLink,
      environment: () => ({
        smtpUrl: config.smtpUrl,
        mailFrom: config.mailFrom,
        sellerEmail: settings.storeConfig().seller.email || undefined,
      }),
      webhookUrl: config.deliveryWebhookUrl,
      write: deps.storage.writes.run,
      clock,
      retryBaseMs: config.deliveryRetryBaseMs,
    }),
    portal: createPortalService({
      portal: createPortalRepository(deps.storage.sqlite),
      invoices,
      xmlOf: invoiceXml.renderSignedInvoiceXml,
      pdfOf: (invoiceId) => invoicePdf.render(invoiceId, 'a4'),
    }),
    printing: createPrintingService({
      settings: settingsRepository,
      audit,
      clock,
      invoices,
      receipt: (invoiceId) => invoicePdf.receipt(invoiceId),
      record: auditService.record,
    }),
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
