/**
 * /hq/v1: the stores' facts and the tax authority's errors (hq-status.service.ts). Read by every role within its
 * stores; marking an error handled is the accountant's and the owner's (`handle`, hq-access.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../../src/http/envelope.js';
import { errorResponses } from '../../src/http/openapi-errors.js';
import { storeIdParams } from './hq.schemas.js';
import { requireStoreInScope, storeScope } from './hq-access.js';
import type { HqServices } from './hq-node.js';
import {
  handledBody,
  storeFactsItem,
  storeFactsList,
  taxProblemItem,
  taxProblemParams,
  taxProblemsList,
  taxProblemsQuery,
} from './status.schemas.js';

export const statusRoutes =
  ({ status }: HqServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/store-facts',
      {
        schema: {
          summary: 'What each store last reported of itself: tax code, symbols, mode, version, certificate',
          operationId: 'hqStoreFacts',
          response: { 200: ok(storeFactsList), ...errorResponses(401, 403) },
        },
      },
      async ({ hqCaller }) => success({ items: await status.facts(storeScope(hqCaller)) }),
    );

    app.get(
      '/stores/:id/facts',
      {
        schema: {
          summary: 'What one store last reported of itself (null before its first report)',
          operationId: 'hqStoreFactsOf',
          params: storeIdParams,
          response: { 200: ok(storeFactsItem.nullable()), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, hqCaller }) => {
        requireStoreInScope(hqCaller, params.id);
        return success(await status.factsOf(params.id));
      },
    );

    app.get(
      '/tax-problems',
      {
        schema: {
          summary: 'Invoices the tax authority refused or left in attention, at any store, newest first',
          operationId: 'hqTaxProblems',
          querystring: taxProblemsQuery,
          response: { 200: ok(taxProblemsList), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ query, hqCaller }) => {
        if (query.storeId !== undefined) requireStoreInScope(hqCaller, query.storeId);
        return success(await status.taxProblems({ storeId: query.storeId, open: !query.all }, storeScope(hqCaller)));
      },
    );

    app.post(
      '/tax-problems/:storeId/:invoiceId/handled',
      {
        config: { hqAccess: 'handle' as const },
        schema: {
          summary: 'Mark a tax-authority error handled, with a note (once)',
          operationId: 'hqHandleTaxProblem',
          params: taxProblemParams,
          body: handledBody,
          response: { 200: ok(taxProblemItem), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async ({ params, body, hqCaller }) => {
        requireStoreInScope(hqCaller, params.storeId);
        const by = hqCaller.kind === 'user' ? hqCaller.username : 'mã quản trị';
        return success(await status.markHandled(params.storeId, params.invoiceId, by, body.note));
      },
    );
  };
