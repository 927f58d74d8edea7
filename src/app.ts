/**
 * buildApp(deps) creates the HTTP service of a store node and never listens: `hoadon serve` and the tests
 * both call it. Infrastructure (validation, envelope, auth, idempotency, OpenAPI) first, then one plugin per
 * endpoint group under /api/v1.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditRoutes } from './audit/audit.routes.js';
import { registerAuthGuard } from './auth/auth.guard.js';
import { authRoutes } from './auth/auth.routes.js';
import { userRoutes } from './auth/users.routes.js';
import { backupRoutes } from './backup/backups.routes.js';
import { customerRoutes } from './customers/customers.routes.js';
import { deliveryRoutes } from './delivery/delivery.routes.js';
import { localDateOfNow } from './domain/calendar.js';
import { exportRoutes } from './exports/exports.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { registerAnswerCache } from './http/answer-cache.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerConsole } from './http/console.js';
import { BODY_LIMIT_BYTES, type ConnectionLimits, createJsonApp } from './http/json-app.js';
import { registerSecurity } from './http/security.js';
import { registerIdempotency } from './idempotency/idempotency.plugin.js';
import { invoiceRoutes } from './invoices/invoices.routes.js';
import { lifecycleRoutes } from './invoices/lifecycle/lifecycle.routes.js';
import { mstRoutes } from './mst/mst.routes.js';
import { notificationRoutes } from './notifications/notifications.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { pdfRoutes } from './pdf/pdf.routes.js';
import { registerPortal } from './portal/portal.routes.js';
import { printingRoutes } from './printing/printing.routes.js';
import { productWriteRoutes } from './products/product-write.routes.js';
import { productRoutes } from './products/products.routes.js';
import { dayBreakdownRoutes } from './reports/day-breakdown.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import type { RouteServices } from './services.js';
import { MODE_HEADER } from './settings/node-mode.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { shiftRoutes } from './shifts/shifts.routes.js';
import { certificateRoutes } from './signing/certificate.routes.js';
import { goingLiveRoutes } from './transmission/going-live.routes.js';
import { transmissionNoticesRoutes } from './transmission/transmission-notices.routes.js';
import { transmissionQueueRoutes } from './transmission/transmission-queue.routes.js';
import { transmissionRegistrationRoutes } from './transmission/transmission-registration.routes.js';
import { xmlRoutes } from './xml/xml.routes.js';

z.config(z.locales.vi());

export const API_PREFIX = '/api/v1';
/** About 500 list pages: enough for every terminal's and dashboard's questions between two invoices. */
const ANSWER_CACHE_BYTES = 4 * 1024 * 1024;

export interface AppOptions {
  logLevel?: string;
  /** Over the store's own (tests shorten the timeouts). */
  connections?: Partial<ConnectionLimits>;
}

export async function buildApp(services: RouteServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = createJsonApp({
    logLevel: options.logLevel,
    redact: ['req.body.password', 'req.body.pin'],
    bodyLimit: BODY_LIMIT_BYTES,
    storage: services.storageHealth,
    // The store's requests all answer in well under a second: a connection silent for 2 minutes is abandoned.
    connections: { idleTimeoutMs: 120_000, ...options.connections },
  });
  // Background work yields to the till while requests come in (src/foreground.ts).
  // Hooks that never wait are written with `done`: an async hook costs every request a promise and a turn.
  app.addHook('onRequest', (_request, _reply, done) => {
    services.foreground.touch();
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    services.foreground.touch();
    done();
  });
  // A read answers only what is on disk: what the group commit wrote waits, about 2 ms, for its fsync
  // (src/db/write-queue.ts). A write's own answer already waited for it.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET') return done(null, payload);
    void services.writes.durable().then(() => done(null, payload));
  });
  registerAuthGuard(app, services.auth, API_PREFIX);
  await registerSecurity(app, {
    corsOrigins: services.config.corsOrigins,
    rateLimitPerMinute: services.config.rateLimitPerMinute,
  });
  registerIdempotency(app, { writes: services.writes, keys: services.idempotencyKeys, clock: services.clock });
  const localDate = localDateOfNow(services.config.timeZone);
  registerAnswerCache(app, {
    generation: services.generation,
    localDate: () => localDate(services.clock.now()),
    maxBytes: ANSWER_CACHE_BYTES,
  });

  await registerApiDocs(app, { prefix: API_PREFIX, version: services.version, storage: services.storageHealth });

  await app.register(
    async (api) => {
      // Every answer says whether the node is in demo mode, its figures then the trial's (docs/decisions.md §7).
      api.addHook('onSend', (_request, reply, payload, done) => {
        try {
          reply.header(MODE_HEADER, services.mode.mode());
        } catch {
          // The mode is read from the database: a failing one still gets its enveloped 500, without the header.
        }
        done(null, payload);
      });
      await api.register(healthRoutes(services.health));
      await api.register(authRoutes(services.auth));
      await api.register(userRoutes(services.users));
      await api.register(invoiceRoutes(services.invoices));
      await api.register(lifecycleRoutes(services.lifecycle));
      await api.register(auditRoutes(services.audit));
      await api.register(xmlRoutes(services.invoiceXml));
      await api.register(pdfRoutes(services.invoicePdf));
      await api.register(deliveryRoutes(services.delivery));
      await api.register(printingRoutes(services.printing));
      await api.register(customerRoutes(services.customers));
      await api.register(orderRoutes(services.orders, services.oneClick));
      await api.register(settingsRoutes(services.settings, services.plan, services.config.timeZone, services.mode));
      await api.register(notificationRoutes(services.notifications));
      await api.register(productRoutes(services.products));
      await api.register(productWriteRoutes(services.products));
      await api.register(reportsRoutes(services.reports));
      await api.register(exportRoutes(services.exports, services.periodLocks));
      await api.register(
        dayBreakdownRoutes(services.dayBreakdown, services.config.timeZone, () => services.clock.now()),
      );
      await api.register(mstRoutes(services.mst));
      await api.register(certificateRoutes(services.signing));
      await api.register(backupRoutes({ dir: services.backups.dir, makeBackup: services.backups.makeNow }));
      await api.register(
        transmissionQueueRoutes(services.transmissionQueueView, services.transmission, services.transmissionOverdue),
      );
      await api.register(transmissionRegistrationRoutes(services.transmission, () => services.mode.issuer().seller));
      await api.register(transmissionNoticesRoutes(services.transmission));
      await api.register(shiftRoutes(services.shifts));
      await api.register(
        goingLiveRoutes({
          storeConfig: services.settings.storeConfig,
          setTransmission: (transmission, actor) => services.settings.update('config', { transmission }, actor),
          mode: services.mode,
          certificate: () => services.signing.summary(),
          transmission: services.transmission,
          connection: services.tvanConnection,
        }),
      );
    },
    { prefix: API_PREFIX },
  );
  // The buyers' lookup portal, without login (docs/delivery.md), before the console's catch-all.
  registerPortal(app, services.portal, () => services.clock.now().getTime());
  registerConsole(app, API_PREFIX);
  return app;
}
