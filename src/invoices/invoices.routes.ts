import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedAnswer } from '../http/answer-cache.js';
import { ok, sendSuccessWithJson, sendSuccessWithJsonList } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import {
  createdInvoice,
  createInvoiceBody,
  invoiceDetail,
  invoiceIdParams,
  invoiceListPage,
  invoiceListQuery,
} from './invoices.schemas.js';
import type { InvoicesService } from './invoices.service.js';

export const invoiceRoutes =
  (invoices: InvoicesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['invoices'];
    app.post(
      '/invoices',
      {
        schema: {
          tags,
          summary: 'Issue an invoice (number allocated, totals computed by the node)',
          operationId: 'createInvoice',
          body: createInvoiceBody,
          response: { 201: ok(createdInvoice), ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429) },
        },
      },
      async (request, reply) => reply.commit(201, () => invoices.create(request.body, request.user)),
    );
    app.get(
      '/invoices',
      {
        config: cachedAnswer,
        schema: {
          tags,
          summary: 'List invoices, newest first',
          operationId: 'listInvoices',
          querystring: invoiceListQuery,
          response: { 200: ok(invoiceListPage), ...errorResponses(400, 401, 429) },
        },
      },
      async ({ query }, reply) => {
        const { itemsJson, ...figures } = invoices.list(query);
        return sendSuccessWithJsonList(reply, 'items', itemsJson, figures);
      },
    );
    app.get(
      '/invoices/:id',
      {
        config: cachedAnswer,
        schema: {
          tags,
          summary: 'One invoice with its items, totals and transmission state',
          operationId: 'getInvoice',
          params: invoiceIdParams,
          response: { 200: ok(invoiceDetail), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async ({ params }, reply) => sendSuccessWithJson(reply, invoices.getJson(params.id)),
    );
  };
