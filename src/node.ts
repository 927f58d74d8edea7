/**
 * Opening a store node's data dir: database, migrations, first-run admin, services. Shared by
 * `hoadon serve`, the CLI commands and the tests so that they all see the same node.
 */
import { type Clock, type IdGenerator, systemClock } from './clock.js';
import type { NodeConfig } from './config.js';
import { openDatabase, type OpenedDatabase } from './db/open.js';
import { backupDatabase, backupPath } from './db/backup.js';
import { migrate, planMigrations } from './db/migrate.js';
import { createServices, type Services } from './services.js';
import type { ThrottleLimits } from './auth/login-throttle.js';

export interface OpenNodeOptions {
  clock?: Clock;
  newId?: IdGenerator;
  throttle?: ThrottleLimits;
}

export interface OpenedNode {
  database: OpenedDatabase;
  services: Services;
  /** Set on the very first run when no admin password was configured. */
  generatedPasswordFile?: string;
  close(): void;
}

export async function openNode(config: NodeConfig, options: OpenNodeOptions = {}): Promise<OpenedNode> {
  const database = openDatabase(config.dataDir);
  try {
    // An upgrade (pending migrations on a database that has data) first keeps a copy to roll back to.
    const plan = planMigrations(database.sqlite);
    if (plan.applied.length > 0 && plan.pending.length > 0) {
      const label = `before-${plan.pending.at(-1)?.tag ?? 'upgrade'}`;
      await backupDatabase(database.sqlite, backupPath(config.dataDir, label, (options.clock ?? systemClock).now()));
    }
    migrate(database.sqlite);
    const services = createServices({ config, database, clock: options.clock, newId: options.newId, throttle: options.throttle });
    const firstRun = await services.users.ensureInitialAdmin(config.dataDir, config.adminPassword);
    return {
      database,
      services,
      ...(firstRun?.generatedPasswordFile ? { generatedPasswordFile: firstRun.generatedPasswordFile } : {}),
      close: () => database.close(),
    };
  } catch (error) {
    database.close();
    throw error;
  }
}
