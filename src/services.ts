/**
 * The composition root: wires repositories and services over one opened database, a clock and an id
 * generator. HTTP, the CLI and tests all take their services from here.
 */
import { createAuditRepository } from './audit/audit.repository.js';
import { createAuthService } from './auth/auth.service.js';
import { createLoginThrottle, type ThrottleLimits } from './auth/login-throttle.js';
import { createTokenService, loadOrCreateSigningKey } from './auth/tokens.js';
import { createUsersRepository } from './auth/users.repository.js';
import { createUsersService } from './auth/users.service.js';
import { readPackageVersion } from './assets.js';
import { type Clock, type IdGenerator, randomId, systemClock } from './clock.js';
import type { NodeConfig } from './config.js';
import { createCustomersRepository } from './customers/customers.repository.js';
import { createCustomersService } from './customers/customers.service.js';
import type { OpenedDatabase } from './db/open.js';
import { createStorageHealth } from './db/storage-health.js';
import { createHealthService } from './health/health.service.js';
import { createIdempotencyRepository } from './idempotency/idempotency.repository.js';
import { createNotificationsRepository } from './notifications/notifications.repository.js';
import { createNotify } from './notifications/notify.js';
import { createInvoicesRepository } from './invoices/invoices.repository.js';
import type { InvoiceListener } from './invoices/invoice-events.js';
import { createInvoicesService } from './invoices/invoices.service.js';
import { createSettingsRepository } from './settings/settings.repository.js';
import { createSettingsService } from './settings/settings.service.js';

export interface ServiceDeps {
  config: NodeConfig;
  database: OpenedDatabase;
  clock?: Clock;
  newId?: IdGenerator;
  throttle?: ThrottleLimits;
}

export function createServices(deps: ServiceDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const newId = deps.newId ?? randomId;
  const { db, sqlite } = database;
  const now = () => clock.now();
  const timeZone = config.timeZone;
  const version = readPackageVersion();

  const usersRepository = createUsersRepository(db);
  const settings = createSettingsService({ settings: createSettingsRepository(db), clock, timeZone });
  const customers = createCustomersService({ customers: createCustomersRepository(db), newId });
  const invoiceListeners: InvoiceListener[] = [];
  const storageHealth = createStorageHealth(clock);
  const notify = createNotify({ notifications: createNotificationsRepository(db), clock, newId });
  const tokens = createTokenService(loadOrCreateSigningKey(config.dataDir), config.tokenTtlSeconds, now);

  return {
    config,
    sqlite,
    db,
    clock,
    version,
    settings,
    customers,
    tokens,
    notify,
    users: createUsersService({ users: usersRepository, clock, newId }),
    auth: createAuthService({ users: usersRepository, tokens, throttle: createLoginThrottle(clock, deps.throttle) }),
    idempotencyKeys: createIdempotencyRepository(db),
    invoices: createInvoicesService({
      invoices: createInvoicesRepository(db),
      audit: createAuditRepository(db),
      customers,
      settings,
      clock,
      newId,
      timeZone,
      listeners: invoiceListeners,
    }),
    storageHealth,
    health: createHealthService({ sqlite, clock, version, storage: storageHealth }),
  };
}

export type Services = ReturnType<typeof createServices>;
