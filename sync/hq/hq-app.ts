/**
 * buildHqApp(services) creates headquarters' HTTP service and never listens: `hoadon hq` and the tests
 * both call it. Same validation, envelope, error handler and security headers as the store node; /sync/v1
 * for stores and /hq/v1 for the chain's administrators, each behind its own guard.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerApiDocs } from '../../src/http/api-docs.js';
import { registerConsole } from '../../src/http/console.js';
import { BODY_LIMIT_BYTES, createJsonApp } from '../../src/http/json-app.js';
import { registerSecurity } from '../../src/http/security.js';
import { registerPortal } from '../../src/portal/portal.routes.js';
import { HQ_API_PREFIX, SYNC_PREFIX } from '../protocol.js';
import { adminRoutes, healthRoute } from './admin.routes.js';
import { documentsRoutes } from './documents.routes.js';
import { adminGuard } from './hq-auth.js';
import type { HqServices } from './hq-node.js';
import { createHqPortal } from './hq-portal.js';
import { sessionRoutes, signInRoute } from './session.routes.js';
import { statusRoutes } from './status.routes.js';
import { syncRoutes } from './sync.routes.js';
import { usersRoutes } from './users.routes.js';

z.config(z.locales.vi());

export interface HqAppOptions {
  adminToken: string;
  logLevel?: string;
  /** HOADON_HQ_PUBLIC_URL: where buyers reach this HQ's lookup portal, announced to every store. */
  publicUrl?: string | undefined;
}

function healthOf(services: HqServices) {
  const startedAt = services.clock.now().getTime();
  return async () => {
    let stores = 0;
    let db: 'ok' | 'error' = 'ok';
    try {
      stores = await services.store.countStores();
    } catch {
      db = 'error';
    }
    return {
      status: db === 'ok' && !services.storageHealth.failure() ? ('ok' as const) : ('degraded' as const),
      version: services.version,
      uptimeSeconds: Math.floor((services.clock.now().getTime() - startedAt) / 1000),
      db,
      stores,
    };
  };
}

export async function buildHqApp(services: HqServices, options: HqAppOptions): Promise<FastifyInstance> {
  const app = createJsonApp({
    logLevel: options.logLevel,
    bodyLimit: BODY_LIMIT_BYTES,
    storage: services.storageHealth,
    // A store's push (up to MAX_PUSH_BODY_BYTES) may cross a slow shop uplink: at 64 KiB/s, 16 MiB is 256 s.
    // Every store of the chain keeps a connection alive between its syncs: the cap is the chain's size.
    connections: { requestTimeoutMs: 5 * 60_000, maxConnections: 10_000 },
  });
  app.decorateRequest('syncStoreId', '');
  // Stores and back-office scripts call HQ, never a browser: CORS stays closed; the credentials are random
  // 256-bit values, so a rate limit would only throttle a chain's busy stores.
  await registerSecurity(app, { corsOrigins: [], rateLimitPerMinute: 0 });

  await registerApiDocs(app, {
    prefix: HQ_API_PREFIX,
    version: services.version,
    storage: services.storageHealth,
    title: 'hoadon headquarters',
    server: 'This headquarters',
  });
  const portal = createHqPortal({ store: services.store, publicUrl: options.publicUrl });
  await app.register(syncRoutes(services, options.publicUrl ?? null), { prefix: SYNC_PREFIX });
  await app.register(
    async (hq) => {
      await hq.register(healthRoute(healthOf(services)));
      await hq.register(signInRoute(services));
      await hq.register(async (guarded) => {
        guarded.addHook('onRequest', adminGuard(services.store, services.users, options.adminToken, services.clock));
        await guarded.register(adminRoutes(services));
        await guarded.register(sessionRoutes(services));
        await guarded.register(usersRoutes(services));
        await guarded.register(statusRoutes(services));
        await guarded.register(documentsRoutes(portal));
      });
    },
    { prefix: HQ_API_PREFIX },
  );
  // The chain's lookup portal, without login, for every store's invoices (docs/delivery.md).
  registerPortal(app, portal.portal, () => services.clock.now().getTime());
  // The chain's console (web-hq/, built into dist/web-hq) at `/`.
  registerConsole(app, HQ_API_PREFIX, { root: 'dist/web-hq', otherApiRoots: [SYNC_PREFIX.split('/')[1] ?? 'sync'] });
  return app;
}
