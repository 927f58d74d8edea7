import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import type { StorageHealth } from '../db/storage-health.js';
import type { HealthReport } from './health.routes.js';

export function createHealthService(deps: {
  sqlite: Database.Database;
  clock: Clock;
  version: string;
  storage: StorageHealth;
  signing?: () => HealthReport['signing'];
  transmission: () => HealthReport['transmissionQueue'];
  mode: () => HealthReport['mode'];
  /** What the node still needs to go live (src/settings/node-mode.ts). */
  missing?: () => string[];
  sync: () => HealthReport['sync'];
  vatReduction?: () => HealthReport['vatReduction'];
}) {
  const { sqlite, clock, version, storage } = deps;
  const signing = () => {
    try {
      return deps.signing?.();
    } catch {
      return undefined;
    }
  };
  const startedAt = clock.now().getTime();
  const ping = sqlite.prepare('SELECT 1');
  return (): HealthReport => {
    let db: HealthReport['db'] = 'ok';
    try {
      ping.get();
    } catch {
      db = 'error';
    }
    const storageFailure = storage.failure();
    return {
      status: db === 'ok' && !storageFailure ? 'ok' : 'degraded',
      version,
      mode: deps.mode(),
      missing: deps.missing?.() ?? [],
      uptimeSeconds: Math.floor((clock.now().getTime() - startedAt) / 1000),
      db,
      storage: storageFailure ? { writable: false, lastError: storageFailure } : { writable: true },
      transmissionQueue: deps.transmission(),
      sync: deps.sync(),
      signing: signing(),
      ...(deps.vatReduction?.() ? { vatReduction: deps.vatReduction() } : {}),
    };
  };
}
