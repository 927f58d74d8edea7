import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localDate } from '../domain/calendar.js';
import { cachedAnswer } from '../http/answer-cache.js';
import { ok, success } from '../http/envelope.js';
import { queryDate } from '../http/fields.js';
import { errorResponses } from '../http/openapi-errors.js';
import { PAYMENT_METHODS } from '../invoices/invoices.table.js';
import type { DayBreakdownReader } from './day-breakdown.js';

const money = z.number().int().describe('Integer đồng');

export const dayBreakdownSchema = z.object({
  date: z.string(),
  byPaymentMethod: z.array(
    z.object({
      paymentMethod: z.enum(PAYMENT_METHODS),
      count: z.number().int(),
      subtotal: money,
      taxAmount: money,
      total: money,
    }),
  ),
  byTaxRate: z
    .array(z.object({ taxRate: z.number(), taxGroup: z.string(), subtotal: money, taxAmount: money, total: money }))
    .describe('Per tax rate and category (taxGroup 10%, KCT, KKKNT, KHAC:x.xx), in the order of the sales ledger'),
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
});

export const dayBreakdownRoutes =
  (breakdown: DayBreakdownReader, timeZone: string, now: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/reports/day',
      {
        config: cachedAnswer,
        schema: {
          tags: ['reports'],
          summary: "A store-local day's revenue by payment method and tax rate, and its invoices by status",
          operationId: 'getDayBreakdown',
          querystring: z.object({
            date: queryDate.optional(),
          }),
          response: { ...errorResponses(400, 401, 403, 429), 200: ok(dayBreakdownSchema) },
        },
      },
      async ({ query }) => success(breakdown(query.date ?? localDate(now(), timeZone))),
    );
  };
