import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedAnswer } from '../http/answer-cache.js';
import { ok, pageOf, pageQuery, sendSuccessWithJsonList, success } from '../http/envelope.js';
import { queryDate, queryMonth } from '../http/fields.js';
import { errorResponses } from '../http/openapi-errors.js';
import { invoiceListItem, taxGroupTotals } from '../invoices/invoices.schemas.js';
import { CHANNELS } from '../invoices/invoices.table.js';
import type { ReportsService } from './reports.service.js';

const money = z.number().int().describe('Integer đồng');
const daysQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/reports/summary',
      {
        config: cachedAnswer,
        schema: {
          tags: ['reports'],
          summary: "Invoice counts by state and this and last month's revenue",
          operationId: 'getReportSummary',
          response: {
            ...errorResponses(401, 403, 429),
            200: ok(
              z.object({
                totalIssued: z.number().int(),
                totalPending: z.number().int(),
                totalError: z.number().int(),
                revenueThisMonth: money,
                revenueLastMonth: money,
              }),
            ),
          },
        },
      },
      async () => success(reports.summary()),
    );

    app.get(
      '/reports/monthly',
      {
        config: cachedAnswer,
        schema: {
          tags: ['reports'],
          summary: 'One store-local month: its invoices (paginated, newest first) and the revenue summary',
          operationId: 'getMonthlyReport',
          querystring: z.object({
            month: queryMonth.optional(),
            ...pageQuery,
            // The default of every list (docs/api.md "Monthly"); a report may ask for up to 1,000 at once.
            pageSize: z.coerce.number().int().min(1).max(1000).default(20),
          }),
          response: {
            200: ok(
              z.object({
                month: z.string(),
                invoices: z.array(invoiceListItem),
                pagination: pageOf(invoiceListItem).omit({ items: true }),
                summary: z.object({ count: z.number().int(), totalAmount: money, taxAmount: money }),
              }),
            ),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async ({ query }, reply) => {
        const { invoicesJson, ...rest } = reports.monthly(query.month, query.page, query.pageSize);
        return sendSuccessWithJsonList(reply, 'invoices', invoicesJson, rest);
      },
    );

    const figures = { count: z.number().int(), revenue: money };
    app.get(
      '/analytics/channels',
      {
        config: cachedAnswer,
        schema: {
          tags: ['analytics'],
          summary: 'Invoices and revenue by sales channel over the last days',
          operationId: 'getChannelAnalytics',
          querystring: daysQuery,
          response: {
            200: ok(z.array(z.object({ channel: z.enum(CHANNELS), ...figures }))),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async ({ query }) => success(reports.channels(query.days)),
    );
    app.get(
      '/analytics/top-customers',
      {
        config: cachedAnswer,
        schema: {
          tags: ['analytics'],
          summary: 'The customers with the most revenue over the last days',
          operationId: 'getTopCustomers',
          querystring: daysQuery,
          response: {
            ...errorResponses(400, 401, 403, 429),
            200: ok(
              z.array(
                z.object({
                  customerId: z.string(),
                  name: z.string(),
                  mst: z.string().optional(),
                  invoiceCount: z.number().int(),
                  revenue: money,
                }),
              ),
            ),
          },
        },
      },
      async ({ query }) => success(reports.topCustomers(query.days)),
    );
    app.get(
      '/analytics/top-skus',
      {
        config: cachedAnswer,
        schema: {
          tags: ['analytics'],
          summary: 'The products with the most revenue over the last days',
          operationId: 'getTopSkus',
          querystring: daysQuery,
          response: {
            200: ok(z.array(z.object({ sku: z.string(), name: z.string(), quantity: z.number(), revenue: money }))),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async ({ query }) => success(reports.topSkus(query.days)),
    );

    app.get(
      '/aggregate',
      {
        config: cachedAnswer,
        schema: {
          tags: ['aggregate'],
          summary: "A store-local day's totals (default today)",
          operationId: 'getDailyAggregate',
          querystring: z.object({ date: queryDate.optional() }),
          response: {
            200: ok(
              z.object({
                date: z.string(),
                totalQty: z
                  .number()
                  .nullable()
                  .describe("The lines' quantities summed when they share one unit; null when several units were sold"),
                totalAmount: money,
                invoiceCount: z.number().int(),
                byRate: z
                  .array(taxGroupTotals)
                  .describe(
                    'Per rate and category: amount before tax, tax, total (KCT, 0 %, 5 %, 8 %, 10 %, KKKNT, others)',
                  ),
                quantitiesByUnit: z
                  .array(z.object({ unit: z.string(), quantity: z.number() }))
                  .describe('Quantities of goods and promotions sold, per unit; unit "" for lines without one'),
              }),
            ),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async ({ query }) => success(reports.aggregate(query.date ?? reports.today())),
    );
  };
