/**
 * Opening a store node's data dir: database, migrations, first-run admin, services. Shared by
 * `hoadon serve`, the CLI commands and the tests so that they all see the same node.
 */

import type { ThrottleLimits } from './auth/login-throttle.js';
import { type Clock, type IdGenerator, systemClock } from './clock.js';
import type { NodeConfig } from './config.js';
import { upgradeDatabase } from './db/migrate.js';
import { type OpenedDatabase, openDatabase } from './db/open.js';
import { createServices, type Services, type SubsystemOverrides } from './services.js';
import { seedSeller, sellerFromEnvironment } from './settings/seller-seed.js';

export interface OpenNodeOptions {
  clock?: Clock;
  newId?: IdGenerator;
  throttle?: ThrottleLimits;
  /** Subsystems built by the caller instead of the root (tests: src/services.ts, SubsystemOverrides). */
  overrides?: SubsystemOverrides;
}

export interface OpenedNode {
  database: OpenedDatabase;
  services: Services;
  /** Set on the very first run when no admin password was configured. */
  generatedPasswordFile?: string;
  /** Stops the node's threads, then closes the database: nothing opens the data dir's files after it. */
  close(): Promise<void>;
}

export async function openNode(config: NodeConfig, options: OpenNodeOptions = {}): Promise<OpenedNode> {
  const seller = sellerFromEnvironment(config);
  const database = openDatabase(config.dataDir);
  try {
    const clock = options.clock ?? systemClock;
    await upgradeDatabase(database.sqlite, config.dataDir, { now: () => clock.now() });
    const services = createServices(
      { config, database, clock: options.clock, newId: options.newId, throttle: options.throttle },
      options.overrides,
    );
    const firstRun = await services.users.ensureInitialAdmin(config.dataDir, config.adminPassword);
    seedSeller(seller, { sqlite: database.sqlite, settings: services.settings });
    return {
      database,
      services,
      ...(firstRun?.generatedPasswordFile ? { generatedPasswordFile: firstRun.generatedPasswordFile } : {}),
      close: async () => {
        // A checkpoint running when the node closes opens the database from its thread, and the group
        // commit's last fsync may still run: closing the connection first would leave them a WAL to recreate.
        // The signing in progress writes through the group commit: it ends first.
        await Promise.all([services.invoiceXml.close(), services.delivery.close()]);
        await Promise.all([
          services.xmlThread.close(),
          services.embeddedTdiep.close(),
          services.checkpoints.close(),
          services.writes.close(),
        ]);
        database.close();
      },
    };
  } catch (error) {
    database.close();
    throw error;
  }
}
