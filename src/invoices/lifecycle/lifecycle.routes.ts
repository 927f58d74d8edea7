import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { errorResponses } from '../../http/openapi-errors.js';
import { createdInvoice, invoiceIdParams } from '../invoices.schemas.js';
import { adjustInvoiceBody, replaceInvoiceBody } from './lifecycle.schemas.js';
import type { LifecycleService } from './lifecycle.service.js';

export const lifecycleRoutes =
  (lifecycle: LifecycleService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['invoices'];
    const conflict = '409 INVALID_STATE when the status of the invoice does not allow it (see docs/invoices.md).';
    app.post(
      '/invoices/:id/replace',
      {
        schema: {
          tags,
          summary: 'Replace an invoice: a new issued invoice; the original becomes replaced',
          operationId: 'replaceInvoice',
          description: conflict,
          params: invoiceIdParams,
          body: replaceInvoiceBody,
          response: { 200: ok(createdInvoice), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => lifecycle.replace(request.params.id, request.body, request.user)),
    );
    app.post(
      '/invoices/:id/adjust',
      {
        schema: {
          tags,
          summary: 'Adjust an invoice: a new invoice with status adjusted (negative totals for a decrease)',
          operationId: 'adjustInvoice',
          description: conflict,
          params: invoiceIdParams,
          body: adjustInvoiceBody,
          response: { 200: ok(createdInvoice), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => lifecycle.adjust(request.params.id, request.body, request.user)),
    );
  };
