/**
 * Settings and audit, with what stands on them alone: the users and the login, the notifications, the
 * clock watch, the VAT reduction warning and the idempotency keys.
 */

import { createAuditRepository } from '../audit/audit.repository.js';
import { createAuthService } from '../auth/auth.service.js';
import { createIssuingRate } from '../auth/issuing-rate.js';
import { createLoginThrottle, type ThrottleLimits } from '../auth/login-throttle.js';
import { createRevokedTokens } from '../auth/revoked-tokens.js';
import { createTokenService, loadOrCreateSigningKey } from '../auth/tokens.js';
import { createUsersRepository } from '../auth/users.repository.js';
import { createUsersService } from '../auth/users.service.js';
import { rememberedUntilChanged, tableGeneration } from '../db/data-generation.js';
import { createIdempotencyRepository } from '../idempotency/idempotency.repository.js';
import { createClockWatch } from '../notifications/clock-skew.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createNotify } from '../notifications/notify.js';
import { catalogueAtRate, createVatReductionWarning } from '../notifications/vat-reduction-warning.js';
import { createSettingsRepository } from '../settings/settings.repository.js';
import { createSettingsService } from '../settings/settings.service.js';
import type { NodeContext } from './context.js';
import type { EventChannels } from './events.js';
import type { Storage } from './storage.js';

export interface SettingsAndAuditDeps {
  storage: Pick<Storage, 'db' | 'sqlite' | 'writes'>;
  channels: Pick<EventChannels, 'audit' | 'settings'>;
  throttle?: ThrottleLimits | undefined;
}

export function createSettingsAndAudit(ctx: NodeContext, { storage, channels, throttle }: SettingsAndAuditDeps) {
  const { config, clock, newId, now, timeZone } = ctx;
  const { db, sqlite, writes } = storage;
  const audit = createAuditRepository(db, channels.audit);
  const settingsRepository = createSettingsRepository(db);
  // invoices_demo_status holds the demo invoices only (a node's trial before it goes live).
  const demoUnder = sqlite.prepare(
    'SELECT 1 FROM invoices INDEXED BY invoices_demo_status WHERE demo = 1 AND mau_so = ? AND ky_hieu = ? LIMIT 1',
  );
  const settings = createSettingsService({
    settings: settingsRepository,
    audit,
    clock,
    timeZone,
    listeners: channels.settings,
    holdsDemoInvoices: (mauSo: string, kyHieu: string) => demoUnder.get(mauSo, kyHieu) !== undefined,
  });
  const notificationsRepository = createNotificationsRepository(db);
  const notify = createNotify({ notifications: notificationsRepository, clock, newId });
  const tokens = createTokenService(loadOrCreateSigningKey(config.dataDir), config.tokenTtlSeconds, now);
  const usersRepository = createUsersRepository(db);
  return {
    audit,
    settingsRepository,
    settings,
    notify,
    clockWatch: createClockWatch({ clock, notify, write: writes.run }),
    notifications: createNotificationsService({ notifications: notificationsRepository, notify, settings, clock }),
    vatReductionWarning: createVatReductionWarning({
      settings,
      clock,
      timeZone,
      notify,
      productsAtRate: catalogueAtRate(sqlite),
    }),
    tokens,
    users: createUsersService({ users: usersRepository, clock, newId }),
    auth: createAuthService({
      users: {
        ...usersRepository,
        findById: rememberedUntilChanged(tableGeneration(sqlite, ['users']), usersRepository.findById),
      },
      tokens,
      throttle: createLoginThrottle(clock, throttle),
      revoked: createRevokedTokens(db, clock),
      issuing: createIssuingRate({
        clock,
        limits: { perHour: config.issueRatePerHour, burst: config.issueBurst },
        notify: (notice) => void writes.run(() => notify({ type: 'system', ...notice })),
      }),
    }),
    idempotencyKeys: createIdempotencyRepository(db),
  };
}

export type SettingsAndAudit = ReturnType<typeof createSettingsAndAudit>;
