/** /sync/v1: what stores call (push their outbox, pull the feed), with the store's own credential. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../../src/http/envelope.js';
import { MAX_PUSH_BODY_BYTES, pullAnswer, pullQuery, pushAnswer, pushBody, storeReportHeaders } from '../protocol.js';
import { storeGuard } from './hq-auth.js';
import type { HqServices } from './hq-node.js';

export const syncRoutes =
  ({ store, sync }: HqServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', storeGuard(store));

    app.post(
      '/push',
      {
        bodyLimit: MAX_PUSH_BODY_BYTES,
        schema: { body: pushBody, response: { 200: ok(pushAnswer) } },
      },
      async (request) => {
        const key = request.headers['x-idempotency-key'];
        return success(sync.push(request.syncStoreId, request.body, typeof key === 'string' ? key : undefined));
      },
    );

    app.get('/pull', { schema: { querystring: pullQuery, headers: storeReportHeaders, response: { 200: ok(pullAnswer) } } }, async ({ syncStoreId, query, headers }) =>
      success(sync.pull(syncStoreId, query.cursor, query.limit, { version: headers['x-hoadon-version'], pending: headers['x-sync-pending'] })),
    );
  };
