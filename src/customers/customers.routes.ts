import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedAnswer } from '../http/answer-cache.js';
import { boundedPageOf, ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
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
        schema: {
          tags,
          summary: 'List customers; search matches the name without accents, the tax code or the phone',
          operationId: 'listCustomers',
          querystring: customerListQuery,
          response: { 200: ok(boundedPageOf(customerListItem)), ...errorResponses(400, 401, 429) },
        },
      },
      async ({ query }) => success(customers.list(query.search, query.page, query.pageSize)),
    );
    app.get(
      '/customers/:id',
      {
        config: cachedAnswer,
        schema: {
          tags,
          summary: 'One customer',
          operationId: 'getCustomer',
          params: customerIdParams,
          response: { 200: ok(customerDetail), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async ({ params }) => success(customers.get(params.id)),
    );
    app.get(
      '/customers/:id/analytics',
      {
        config: cachedAnswer,
        schema: {
          tags,
          summary: "A customer's purchases: totals, months and channels",
          operationId: 'getCustomerAnalytics',
          params: customerIdParams,
          response: { 200: ok(customerAnalytics), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async ({ params }) => success(customers.analytics(params.id)),
    );
  };
