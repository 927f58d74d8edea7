/** /sync/v1: what stores call (push their outbox, pull the feed), with the store's own credential. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../../src/http/envelope.js';
import { errorResponses } from '../../src/http/openapi-errors.js';
import { MAX_PUSH_BODY_BYTES, pullAnswer, pullQuery, pushAnswer, pushBody, storeReportHeaders } from '../protocol.js';
import { STATUS_REPORT_PATH, statusReportAnswer, statusReportBody } from '../status-report.js';
import { storeGuard } from './hq-auth.js';
import type { HqServices } from './hq-node.js';
import { payloadTexts } from './payload-texts.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Each pushed record's payload text as it came over the wire (payload-texts.ts). */
    pushPayloadTexts: (string | undefined)[] | undefined;
  }
}

/** `hqPublicUrl`: HOADON_HQ_PUBLIC_URL, announced with every answer (null: none), protocol.ts. */
export const syncRoutes =
  ({ store, sync, clock, status }: HqServices, hqPublicUrl: string | null = null): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', storeGuard(store, clock));
    // The node's JSON parsing (poisoned keys refused as everywhere), plus where each payload's text lies.
    app.decorateRequest('pushPayloadTexts', undefined);
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      parseJson(request, text, (error, parsed) => {
        if (!error) request.pushPayloadTexts = payloadTexts(text);
        done(error, parsed);
      });
    });

    app.post(
      '/push',
      {
        bodyLimit: MAX_PUSH_BODY_BYTES,
        schema: {
          summary: "Push a batch of the store's outbox",
          operationId: 'syncPush',
          body: pushBody,
          response: { 200: ok(pushAnswer), ...errorResponses(400, 401, 403, 409, 413, 415) },
        },
      },
      async (request) => {
        const key = request.headers['x-idempotency-key'];
        const answer = await sync.push(
          request.syncStoreId,
          request.body,
          typeof key === 'string' ? key : undefined,
          request.pushPayloadTexts,
        );
        return success({ ...answer, hqPublicUrl });
      },
    );

    app.get(
      '/pull',
      {
        schema: {
          summary: "Pull the store's feed after a cursor",
          operationId: 'syncPull',
          querystring: pullQuery,
          headers: storeReportHeaders,
          response: { 200: ok(pullAnswer), ...errorResponses(400, 401, 403) },
        },
      },
      async ({ syncStoreId, query, headers }) => {
        const answer = await sync.pull(syncStoreId, query.cursor, query.limit, {
          version: headers['x-hoadon-version'],
          pending: headers['x-sync-pending'],
        });
        return success({ ...answer, hqPublicUrl });
      },
    );

    app.post(
      STATUS_REPORT_PATH,
      {
        schema: {
          summary: "The store's facts and its tax-authority problems (sync/status-report.ts)",
          operationId: 'syncStatus',
          body: statusReportBody,
          response: { 200: ok(statusReportAnswer), ...errorResponses(400, 401, 403) },
        },
      },
      async ({ syncStoreId, body }) => success(await status.report(syncStoreId, body)),
    );
  };
