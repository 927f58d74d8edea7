/**
 * Opening headquarters' data dir: its own SQLite file with the node's pragmas, its own migrations (with the
 * store's upgrade rules: a copy before migrating, a newer schema refused), and the services over them. The
 * composition root of HQ, shared by `hoadon hq`, its CLI commands and the tests.
 */

import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { readPackageVersion } from '../../src/assets.js';
import { createLoginThrottle } from '../../src/auth/login-throttle.js';
import { type Clock, type IdGenerator, systemClock, timeOrderedId } from '../../src/clock.js';
import { upgradeDatabase } from '../../src/db/migrate.js';
import { ensureDataDir, openDatabaseFile } from '../../src/db/open.js';
import { createStorageHealth, type StorageHealth } from '../../src/db/storage-health.js';
import { createHqAdminService, type HqAdminService } from './hq-admin.service.js';
import { createHqClock } from './hq-clock.js';
import { createHqStatusService, type HqStatusService } from './hq-status.service.js';
import type { HqStore } from './hq-store.js';
import { createHqSyncService, type HqSyncService } from './hq-sync.service.js';
import { createHqUsersService, type HqUsersService } from './hq-users.service.js';
import { createSqliteHqStore } from './sqlite-hq-store.js';

export const HQ_DATABASE_FILE = 'hoadon-hq.sqlite';
export const HQ_MIGRATIONS = 'migrations/hq';

export interface HqServices {
  store: HqStore;
  sync: HqSyncService;
  admin: HqAdminService;
  users: HqUsersService;
  status: HqStatusService;
  storageHealth: StorageHealth;
  clock: Clock;
  version: string;
}

export interface OpenedHq {
  sqlite: Database.Database;
  services: HqServices;
  close(): void;
}

/** The services over a store, whichever database holds it. */
export function createHqServices(
  store: HqStore,
  storageHealth: StorageHealth,
  options: { clock?: Clock; newId?: IdGenerator } = {},
): HqServices {
  const clock = options.clock ?? systemClock;
  const hlc = createHqClock(clock);
  const newId = options.newId ?? timeOrderedId;
  return {
    store,
    sync: createHqSyncService({ store, clock, hlc }),
    admin: createHqAdminService({ store, clock, newId, hlc }),
    // Counters in memory, per process, as on the store node: several HQ processes each throttle their own share.
    users: createHqUsersService({ store, clock, newId, throttle: createLoginThrottle(clock) }),
    status: createHqStatusService({ store, clock }),
    storageHealth,
    clock,
    version: readPackageVersion(),
  };
}

export async function openHq(dataDir: string, options: { clock?: Clock; newId?: IdGenerator } = {}): Promise<OpenedHq> {
  ensureDataDir(dataDir);
  const clock = options.clock ?? systemClock;
  const sqlite = openDatabaseFile(join(dataDir, HQ_DATABASE_FILE));
  try {
    await upgradeDatabase(sqlite, dataDir, { folder: HQ_MIGRATIONS, now: () => clock.now() });
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const storageHealth = createStorageHealth(clock);
  const store = createSqliteHqStore(sqlite, () => storageHealth.succeeded());
  return {
    sqlite,
    services: createHqServices(store, storageHealth, { clock, newId: options.newId }),
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}
