import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { mstLookupQuery, mstLookupResult } from './mst.schemas.js';
import type { MstService } from './mst.service.js';

export const mstRoutes =
  (mst: MstService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/mst/lookup',
      {
        schema: {
          tags: ['mst'],
          summary: 'Business by tax code: 10 or 13 digits with a valid check digit',
          operationId: 'lookupMst',
          querystring: mstLookupQuery,
          response: { 200: ok(mstLookupResult), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async ({ query }) => success(await mst.lookup(query.mst)),
    );
  };
