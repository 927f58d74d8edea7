import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { idParams } from '../http/params.js';
import {
  deliveryEntry,
  invoiceLookup,
  mailSettingsAnswer,
  mailSettingsBody,
  sendInvoiceBody,
} from './delivery.schemas.js';
import type { DeliveryService } from './delivery.service.js';

export const deliveryRoutes =
  (delivery: DeliveryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/invoices/:id/send',
      {
        schema: {
          tags: ['invoices'],
          summary: 'E-mail the invoice (PDF and XML) to its buyer again, or to another address',
          operationId: 'sendInvoice',
          params: idParams,
          body: sendInvoiceBody.optional(),
          response: {
            202: ok(z.object({ delivery: z.array(deliveryEntry) })),
            ...errorResponses(400, 401, 403, 404, 409, 422, 429),
          },
        },
      },
      async (request, reply) =>
        reply.commit(202, () => ({
          delivery: delivery.resend(request.params.id, request.body?.to, request.user.username),
        })),
    );
    app.get(
      '/invoices/:id/lookup',
      {
        schema: {
          tags: ['invoices'],
          summary: "The invoice's lookup code and its page on the lookup portal, as the receipt prints them",
          operationId: 'getInvoiceLookup',
          params: idParams,
          response: { 200: ok(invoiceLookup), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => success(delivery.lookup(request.params.id)),
    );
    app.get(
      '/settings/email',
      {
        schema: {
          tags: ['settings'],
          summary: 'The SMTP server invoices are e-mailed through (never its password)',
          operationId: 'getEmailSettings',
          response: { 200: ok(mailSettingsAnswer), ...errorResponses(401, 403, 429) },
        },
      },
      async () => success(delivery.settings()),
    );
    app.put(
      '/settings/email',
      {
        schema: {
          tags: ['settings'],
          summary: 'Set the SMTP server invoices are e-mailed through',
          operationId: 'putEmailSettings',
          body: mailSettingsBody,
          response: { 200: ok(mailSettingsAnswer), ...errorResponses(400, 401, 403, 422, 429) },
        },
      },
      async (request, reply) => reply.commit(200, () => delivery.saveSettings(request.body, request.user.username)),
    );
  };
