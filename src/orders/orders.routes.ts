import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, pageOf, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { totals } from '../invoices/invoices.schemas.js';
import { CHANNELS, INVOICE_STATUSES } from '../invoices/invoices.table.js';
import type { OneClickService } from './one-click.service.js';
import { createOrderBody, order, orderIdParams, orderListQuery } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';

export const orderRoutes =
  (orders: OrdersService, oneClick: OneClickService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['orders'];
    app.post(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Record an order (the POS, before the invoice)',
          operationId: 'createOrder',
          body: createOrderBody,
          response: { 201: ok(order), ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
        },
      },
      async (request, reply) => reply.commit(201, () => orders.record(request.body, request.user)),
    );
    app.get(
      '/orders',
      {
        schema: {
          tags,
          summary: 'List orders, newest first',
          operationId: 'listOrders',
          querystring: orderListQuery,
          response: { 200: ok(pageOf(order)), ...errorResponses(400, 401, 429) },
        },
      },
      async ({ query }) => success(orders.list(query)),
    );
    app.get(
      '/orders/:id',
      {
        schema: {
          tags,
          summary: 'One order',
          operationId: 'getOrder',
          params: orderIdParams,
          response: { 200: ok(order), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async ({ params }) => success(orders.get(params.id)),
    );
    app.post(
      '/orders/:id/pay',
      {
        schema: {
          tags,
          summary: 'Record the payment of an order',
          operationId: 'payOrder',
          params: orderIdParams,
          response: { 200: ok(order), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
        },
      },
      async (request, reply) => reply.commit(200, () => orders.pay(request.params.id)),
    );

    app.post(
      '/invoices/one-click',
      {
        schema: {
          tags: ['invoices'],
          summary: 'Issue the invoice of an order in one step (no network wait)',
          operationId: 'issueInvoiceFromOrder',
          body: z.strictObject({ orderId: z.string().min(1).max(100), channel: z.enum(CHANNELS).optional() }),
          response: {
            201: ok(
              z.object({
                id: z.string(),
                status: z.enum(INVOICE_STATUSES),
                orderId: z.string(),
                channel: z.enum(CHANNELS),
                total: z.number().int(),
                totals,
                mauSo: z.string(),
                kyHieu: z.string(),
                number: z.number().int(),
                createdAt: z.string(),
                warnings: z
                  .array(z.object({ code: z.string(), message: z.string() }))
                  .describe('What the cashier should know, e.g. CASH_OVER_5M; the sale is issued all the same'),
              }),
            ),
            ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
          },
        },
      },
      async (request, reply) =>
        reply.commit(201, () => oneClick.issueFromOrder(request.body.orderId, request.body.channel, request.user)),
    );
  };
