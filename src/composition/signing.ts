/**
 * Signing: the seller's signing identity, the built-in demo one, the XML thread that signs, and node mode
 * (demo or live), which follows the identity, the seller and the store's registration.
 */

import { join } from 'node:path';
import { tableGeneration } from '../db/data-generation.js';
import { createNodeMode, DEMO_SELLER, issuingSeller } from '../settings/node-mode.js';
import { createCertificatesRepository } from '../signing/certificates.repository.js';
import { createSigningStore } from '../signing/signing.store.js';
import { tokenThreadPort } from '../signing/token-thread.js';
import { createXmlThread } from '../xml/xml-thread.js';
import type { NodeContext } from './context.js';
import type { Records } from './records.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Storage } from './storage.js';

export interface SigningDeps {
  storage: Pick<Storage, 'sqlite' | 'writes'>;
  settings: Pick<SettingsAndAudit, 'settings' | 'notify'>;
  records: Pick<Records, 'taxMessages'>;
}

export function createSigning(ctx: NodeContext, { storage, settings: bundle, records }: SigningDeps) {
  const { config, now } = ctx;
  const { settings, notify } = bundle;
  const signing = createSigningStore({
    dataDir: config.dataDir,
    seller: () => issuingSeller(settings.storeConfig().seller),
    sellerMst: () => settings.storeConfig().seller.mst.trim(),
    now,
    trustedCaFile: config.trustedCaFile,
    allowUntrusted: config.allowUntrustedCert,
    history: createCertificatesRepository(storage.sqlite),
    onProblem: ({ title, message, key }) =>
      void storage.writes.run(() =>
        notify({ type: 'system', title, message, dedupeKey: `signing:${key}:${now().toISOString().slice(0, 10)}` }),
      ),
  });
  return {
    signing,
    // The built-in demo key (docs/decisions.md §7): demo invoices never carry the seller's signature.
    demoSigning: createSigningStore({ dataDir: join(config.dataDir, 'demo'), seller: () => DEMO_SELLER, now }),
    xmlThread: createXmlThread({ tokenPort: tokenThreadPort }),
    mode: createNodeMode({
      seller: () => settings.storeConfig().seller,
      certificate: signing.source,
      adapter: () => settings.storeConfig().transmission.adapter,
      registration: () => records.taxMessages.registration(),
      // The facts are read from the settings and the registration (the config's audit entries are written with it).
      generation: tableGeneration(storage.sqlite, ['settings', 'tax_registration']),
      adapterChangedAt: () => settings.adapterChangedAt(),
    }),
  };
}

export type Signing = ReturnType<typeof createSigning>;
