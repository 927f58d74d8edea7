import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, pageOf, success } from '../http/envelope.js';
import { cachedAnswer } from '../http/answer-cache.js';
import {
  customerAnalytics,
  customerDetail,
  customerIdParams,
  customerListItem,
  customerListQuery,
} from './customers.schemas.js';
import type { CustomersService } from './customers.service.js';

export const customerRoutes =
  (customers: CustomersService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['customers'];
    app.get(
      '/customers',
      {
        config: cachedAnswer,
        schema: { tags, querystring: customerListQuery, response: { 200: ok(pageOf(customerListItem)) } },
      },
      async ({ query }) => success(customers.list(query.search, query.page, query.pageSize)),
    );
    app.get(
      '/customers/:id',
      { config: cachedAnswer, schema: { tags, params: customerIdParams, response: { 200: ok(customerDetail) } } },
      async ({ params }) => success(customers.get(params.id)),
    );
    app.get(
      '/customers/:id/analytics',
      { config: cachedAnswer, schema: { tags, params: customerIdParams, response: { 200: ok(customerAnalytics) } } },
      async ({ params }) => success(customers.analytics(params.id)),
    );
  };
