import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendSuccessWithJson, sendSuccessWithJsonList } from '../http/envelope.js';
import { cachedAnswer } from '../http/answer-cache.js';
import {
  createInvoiceBody,
  createdInvoice,
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
          body: createInvoiceBody,
          response: { 201: ok(createdInvoice) },
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
          querystring: invoiceListQuery,
          response: { 200: ok(invoiceListPage) },
        },
      },
      async ({ query }, reply) => {
        const { itemsJson, ...figures } = invoices.list(query);
        return sendSuccessWithJsonList(reply, 'items', itemsJson, figures);
      },
    );
    app.get(
      '/invoices/:id',
      { config: cachedAnswer, schema: { tags, params: invoiceIdParams, response: { 200: ok(invoiceDetail) } } },
      async ({ params }, reply) => sendSuccessWithJson(reply, invoices.getJson(params.id)),
    );
  };
