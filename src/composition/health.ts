/** /health: the storage, sync, signing, mode, VAT reduction and transmission each subsystem reports. */

import { createHealthService } from '../health/health.service.js';
import type { NodeContext } from './context.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Signing } from './signing.js';
import type { Storage } from './storage.js';
import type { StoreSync } from './store-sync.js';
import type { Transmission } from './transmission.js';

export interface HealthDeps {
  storage: Pick<Storage, 'sqlite' | 'storageHealth'>;
  settings: Pick<SettingsAndAudit, 'vatReductionWarning'>;
  signing: Pick<Signing, 'signing' | 'mode'>;
  storeSync: Pick<StoreSync, 'sync'>;
  transmission: Pick<Transmission, 'health'>;
}

export function createHealth(ctx: NodeContext, deps: HealthDeps) {
  const { mode, signing } = deps.signing;
  return createHealthService({
    sqlite: deps.storage.sqlite,
    clock: ctx.clock,
    version: ctx.version,
    storage: deps.storage.storageHealth,
    sync: deps.storeSync.sync.health,
    signing: signing.health,
    mode: mode.mode,
    missing: mode.missing,
    vatReduction: deps.settings.vatReductionWarning.current,
    transmission: deps.transmission.health,
  });
}

export type Health = ReturnType<typeof createHealth>;
