/**
 * Transmission to the tax authority: the authority and TDiep transports the config and node mode select
 * (the embedded simulator in demo mode), the T-VAN credentials, the queue's worker, its overdue check, the
 * queue as its screen shows it, and what /health says of it.
 */

import { issuingSeller } from '../settings/node-mode.js';
import { validateInvoice } from '../tax-messages/schemas.js';
import { createEmbeddedTdiepTransport } from '../tax-sim/tax-sim.embedded.js';
import { createOverdueCheck } from '../transmission/overdue.js';
import { createEmbeddedTaxAuthority } from '../transmission/tax-authority.js';
import { createTaxAuthoritySelector } from '../transmission/tax-authority-selector.js';
import { createTdiepTransportSelector, senderParty } from '../transmission/tdiep-transport-selector.js';
import { createTransmissionService } from '../transmission/transmission.service.js';
import { createTransmissionQueue } from '../transmission/transmission-queue.js';
import { createTvanConnection } from '../transmission/tvan-connection.js';
import { tvanCredentials } from '../transmission/tvan-credentials.js';
import type { NodeContext } from './context.js';
import type { InvoiceXml } from './invoice-xml.js';
import type { Invoicing } from './invoicing.js';
import type { Records } from './records.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Signing } from './signing.js';
import type { Storage } from './storage.js';

const DEMO_TRANSMISSION = { adapter: 'embedded', url: null } as const;

export interface TransmissionDeps {
  storage: Pick<Storage, 'sqlite' | 'writes' | 'foreground'>;
  settings: Pick<SettingsAndAudit, 'settings' | 'audit' | 'notifications' | 'clockWatch'>;
  signing: Pick<Signing, 'signing' | 'demoSigning' | 'xmlThread' | 'mode'>;
  invoicing: Pick<Invoicing, 'invoices'>;
  invoiceXml: Pick<InvoiceXml, 'invoiceXml'>;
  records: Pick<Records, 'transmissionQueue' | 'taxMessages'>;
}

export function createTransmission(ctx: NodeContext, deps: TransmissionDeps) {
  const { config, clock, now, timeZone } = ctx;
  const { sqlite, writes, foreground } = deps.storage;
  const { settings, audit, notifications, clockWatch } = deps.settings;
  const { signing, demoSigning, xmlThread, mode } = deps.signing;
  const { transmissionQueue, taxMessages } = deps.records;
  // Without the seller and the seller's certificate the node sends to the embedded simulator only, whatever
  // the config says; with them its registration goes to the adapter configured (docs/decisions.md §7).
  const selected = () => (mode.canSend() ? settings.storeConfig().transmission : DEMO_TRANSMISSION);
  const taxAuthority = createTaxAuthoritySelector({
    config: selected,
    embedded: createEmbeddedTaxAuthority({ verify: xmlThread.verify, now }),
  });
  const embeddedTdiep = createEmbeddedTdiepTransport({ clock });
  // The configuration's T-VAN credentials, else those the owner saved in the console (tvan-connection.ts).
  const tvanConnection = createTvanConnection({ dataDir: config.dataDir, environment: tvanCredentials(config) });
  const tdiepTransports = createTdiepTransportSelector({
    config: selected,
    embedded: embeddedTdiep,
    credentials: tvanConnection.credentialsFor,
    onServerTime: (ms) => clockWatch(ms, 'máy chủ nhận hóa đơn (T-VAN)'),
    // Told once when the T-VAN starts refusing the credentials, not at every retry.
    onAuthentication: (problem) => {
      if (problem)
        void writes.run(() =>
          notifications.notifyError('T-VAN từ chối xác thực', problem, `tvan-auth:${clock.now().toISOString()}`),
        );
    },
  });
  const invoiceBySymbol = sqlite.prepare<[string, string, number], { id: string }>(
    'SELECT id FROM invoices WHERE mau_so = ? AND ky_hieu = ? AND number = ?',
  );
  const transmission = createTransmissionService({
    invoiceIdOf: (mauSo, kyHieu, number) => invoiceBySymbol.get(mauSo, kyHieu, number)?.id,
    write: writes.run,
    queue: transmissionQueue,
    messages: taxMessages,
    transport: tdiepTransports.current,
    legacy: taxAuthority.authority,
    // The signing identity is read when a message is signed, not when an invoice is queued (the queue's
    // placeholder id needs the sender code only): an unavailable key never stops a till.
    party: () =>
      Object.defineProperty(
        senderParty(issuingSeller(settings.storeConfig().seller).mst, { privateKeyPem: '', certificatePem: '' }),
        'identity',
        { get: signing.identity, enumerable: true },
      ),
    cashRegisterPrefix: (prefix) => settings.update('config', { authorityCodePrefix: prefix }, 'tax-authority'),
    mode: mode.mode,
    render: deps.invoiceXml.invoiceXml.renderSignedInvoiceXml,
    validateInvoice,
    packages: { sign: xmlThread.signPackage },
    demoIdentity: demoSigning.identity,
    invoices: deps.invoicing.invoices,
    audit,
    notifications,
    clock,
    timeZone,
    timing: { retryBaseMs: config.transmitRetryBaseMs, concurrency: config.transmitConcurrency },
    foreground,
  });
  return {
    taxAuthority,
    embeddedTdiep,
    tvanConnection,
    transmission,
    transmissionQueue,
    transmissionOverdue: createOverdueCheck({ sqlite, clock, timeZone, notifications }),
    /** The queue as its screen shows it (routes get it, never the database). */
    transmissionQueueView: createTransmissionQueue(sqlite, timeZone, () => clock.now()),
    /** What /health says of the transmission. */
    health: () => {
      const status = transmission.worker.status();
      const offline = taxAuthority.problem() ?? tdiepTransports.problem();
      if (offline) return { ...status, state: 'offline' as const, problem: offline };
      // A reply the node could not read (docs/transmission.md, "Unreadable replies").
      const unreadable = taxMessages.attention();
      return unreadable.n > 0
        ? { ...status, problem: `${unreadable.n} thông điệp chờ kiểm tra: ${unreadable.lastError}` }
        : status;
    },
  };
}

export type Transmission = ReturnType<typeof createTransmission>;
