import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import type { OverdueCheck } from './overdue.js';
import type { TransmissionService } from './transmission.service.js';
import { queueEntrySchema, type TransmissionQueueView } from './transmission-queue.js';

export const transmissionQueueRoutes =
  (
    queue: TransmissionQueueView,
    transmission: TransmissionService,
    overdue: Pick<OverdueCheck, 'count'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['transmission'];
    app.get(
      '/transmission/queue',
      {
        schema: {
          tags,
          summary:
            'Invoices waiting to be sent to the tax authority (first 100, oldest due first), the last 20 refused, and those needing attention',
          operationId: 'listTransmissionQueue',
          response: {
            ...errorResponses(401, 403, 429),
            200: ok(
              z.object({
                waiting: z.array(queueEntrySchema),
                rejected: z.array(queueEntrySchema),
                attention: z
                  .array(queueEntrySchema)
                  .describe(
                    'the authority neither accepted nor named them (a 204 other than LTBao 2): resend or correct each',
                  ),
                oldest: queueEntrySchema
                  .nullable()
                  .describe('the waiting invoice queued first, whose deadline comes first, even beyond the first 100'),
                overdueCount: z
                  .number()
                  .int()
                  .describe('how many invoices are quá hạn gửi in all, counted beyond the lists’ first 100'),
              }),
            ),
          },
        },
      },
      async () => success({ ...queue(), overdueCount: overdue.count() }),
    );
    app.post(
      '/transmission/queue/:invoiceId/retry',
      {
        schema: {
          tags,
          summary: 'Send a waiting invoice at the next pass instead of after its backoff',
          operationId: 'retryTransmission',
          params: z.object({ invoiceId: z.string().min(1).max(100) }),
          response: {
            ...errorResponses(400, 401, 403, 404, 409, 422, 429),
            200: ok(z.object({ invoiceId: z.string(), retried: z.literal(true) })),
          },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => {
          const { invoiceId } = request.params;
          if (!transmission.retryNow(invoiceId)) throw notFound('hóa đơn đang chờ gửi', invoiceId);
          return { invoiceId, retried: true as const };
        }),
    );
    app.post(
      '/transmission/queue/:invoiceId/resend',
      {
        schema: {
          tags,
          summary: 'Send again an invoice needing attention (state attention), in a new package under a new MTDiep',
          description:
            'If the authority had in fact accepted it, the new package’s answer names it as a duplicate and the invoice turns to error.',
          operationId: 'resendTransmission',
          params: z.object({ invoiceId: z.string().min(1).max(100) }),
          response: {
            ...errorResponses(400, 401, 403, 404, 409, 422, 429),
            200: ok(z.object({ invoiceId: z.string(), state: z.literal('queued') })),
          },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => {
          const { invoiceId } = request.params;
          if (!transmission.resend(invoiceId, request.user.username))
            throw notFound('hóa đơn cần kiểm tra (attention)', invoiceId);
          return { invoiceId, state: 'queued' as const };
        }),
    );
  };
