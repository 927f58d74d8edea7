/**
 * /hq/v1: the chain's administration, with the HQ admin token or a console session (health is open, for
 * probes). Every route checks the caller's role (`config.hqAccess`) and a manager's stores (hq-access.ts):
 * another store is 404, on lists it is left out.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../src/errors.js';
import { ok, pageOf, sendSuccessWithJson, success } from '../../src/http/envelope.js';
import { errorResponses } from '../../src/http/openapi-errors.js';
import { createOrderBody } from '../../src/orders/orders.schemas.js';
import {
  feedApplied,
  feedAppliedQuery,
  hqHealth,
  hqInvoiceCursorPage,
  hqInvoiceCursorQuery,
  hqInvoiceExportQuery,
  hqInvoiceListItem,
  hqInvoiceListQuery,
  productsBody,
  revenueAnswer,
  revenueQuery,
  sentOrder,
  sentProducts,
  sentSettings,
  settingsBody,
  storeIdParams,
  storeInvoiceParams,
  storeSettings,
  storeSummary,
} from './hq.schemas.js';
import { requireStoreInScope, storeScope } from './hq-access.js';
import type { HqServices } from './hq-node.js';
import { invoicesCsv, invoicesXlsx, MAX_EXPORT_ROWS } from './invoice-export.js';

export const healthRoute =
  (health: () => Promise<z.infer<typeof hqHealth>>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          summary: "Headquarters' health (open, for probes)",
          operationId: 'hqHealth',
          response: { 200: ok(hqHealth) },
        },
      },
      async () => success(await health()),
    );
  };

export const adminRoutes =
  ({ admin }: HqServices): FastifyPluginAsyncZod =>
  async (app) => {
    const ownerOnly = { hqAccess: 'owner' as const };

    app.get(
      '/stores',
      {
        schema: {
          summary: 'Every store with its sync position and lag',
          operationId: 'hqListStores',
          response: { 200: ok(z.array(storeSummary)), ...errorResponses(401, 403) },
        },
      },
      // JSON text written by the database: serialising 200 stores' rows again here was most of the read's cost.
      async ({ hqCaller }, reply) => sendSuccessWithJson(reply, await admin.storeSummariesJson(storeScope(hqCaller))),
    );

    app.get(
      '/stores/:id',
      {
        schema: {
          summary: 'One store with its sync position and lag',
          operationId: 'hqGetStore',
          params: storeIdParams,
          response: { 200: ok(storeSummary), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, hqCaller }) => {
        requireStoreInScope(hqCaller, params.id);
        return success(await admin.storeSummary(params.id));
      },
    );

    app.get(
      '/stores/:id/invoices/:invoiceId',
      {
        schema: {
          summary: 'The latest document the store synced of one of its invoices (as GET /invoices/:id answers it)',
          operationId: 'hqGetInvoiceDocument',
          params: storeInvoiceParams,
          response: { 200: ok(z.record(z.string(), z.unknown())), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, hqCaller }, reply) => {
        requireStoreInScope(hqCaller, params.id);
        return sendSuccessWithJson(reply, await admin.invoiceDocument(params.id, params.invoiceId));
      },
    );

    app.get(
      '/invoices',
      {
        schema: {
          summary: "Every store's invoices, newest first, by page number",
          operationId: 'hqListInvoices',
          querystring: hqInvoiceListQuery,
          response: { 200: ok(pageOf(hqInvoiceListItem)), ...errorResponses(400, 401, 403) },
        },
      },
      async ({ query, hqCaller }) => {
        if (query.storeId !== undefined) requireStoreInScope(hqCaller, query.storeId);
        return success(await admin.listInvoices(query, storeScope(hqCaller)));
      },
    );

    app.get(
      '/invoices/cursor',
      {
        schema: {
          summary: "Every store's invoices, newest first, by cursor",
          operationId: 'hqListInvoicesByCursor',
          querystring: hqInvoiceCursorQuery,
          response: { 200: ok(hqInvoiceCursorPage), ...errorResponses(400, 401, 403) },
        },
      },
      // Built to the schema by the service (listItem) and written with JSON.stringify, as the revenue answer.
      async ({ query, hqCaller }, reply) => {
        if (query.storeId !== undefined) requireStoreInScope(hqCaller, query.storeId);
        return sendSuccessWithJson(reply, JSON.stringify(await admin.invoicesByCursor(query, storeScope(hqCaller))));
      },
    );

    app.get(
      '/invoices/export',
      {
        schema: {
          summary: "Every store's invoices of the filter as a CSV file or an Excel workbook, in the list's order",
          operationId: 'hqExportInvoices',
          querystring: hqInvoiceExportQuery,
          produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
          response: { 200: z.any().describe('The file'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ query, hqCaller }, reply) => {
        if (query.storeId !== undefined) requireStoreInScope(hqCaller, query.storeId);
        const { format, ...filter } = query;
        const stores = new Map((await admin.listStores()).map((s) => [s.id, s.name]));
        const items = admin.allInvoices(filter, storeScope(hqCaller), MAX_EXPORT_ROWS);
        const name = (id: string) => stores.get(id) ?? id;
        const file = format === 'xlsx' ? await invoicesXlsx(items, name) : await invoicesCsv(items, name);
        return reply
          .header(
            'content-type',
            format === 'xlsx'
              ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              : 'text/csv; charset=utf-8',
          )
          .header('content-disposition', `attachment; filename="hoa-don.${format}"`)
          .send(file);
      },
    );

    app.get(
      '/revenue',
      {
        schema: {
          summary: 'Revenue per store, store-local day (or month) and tax rate, whole or a page at a time',
          operationId: 'hqRevenue',
          querystring: revenueQuery,
          response: { 200: ok(revenueAnswer), ...errorResponses(400, 401, 403) },
        },
      },
      // Built to the schema by the service and written with JSON.stringify: a month of every store's days is
      // thousands of rows, and checking each against the schema again cost more than the database's read.
      async ({ query, hqCaller }, reply) => {
        if (query.storeId !== undefined) requireStoreInScope(hqCaller, query.storeId);
        return sendSuccessWithJson(reply, JSON.stringify(await admin.revenue(query, storeScope(hqCaller))));
      },
    );

    app.get(
      '/stores/:id/settings',
      {
        schema: {
          summary: "A store's current settings documents and recent losing edits",
          operationId: 'hqStoreSettings',
          params: storeIdParams,
          response: { 200: ok(storeSettings), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, hqCaller }) => {
        requireStoreInScope(hqCaller, params.id);
        return success(await admin.settingsOf(params.id));
      },
    );

    app.get(
      '/feed-applied',
      {
        schema: {
          summary: 'Per store, whether it has applied the latest settings and catalogue HQ sent (from what it reports)',
          operationId: 'hqFeedApplied',
          querystring: feedAppliedQuery,
          response: { 200: ok(feedApplied), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ query, hqCaller }) => {
        if (query.storeId === undefined) return success(await admin.feedApplied(storeScope(hqCaller)));
        requireStoreInScope(hqCaller, query.storeId);
        const answer = await admin.feedApplied([query.storeId]);
        if (answer.items.length === 0) throw notFound('cửa hàng', query.storeId);
        return success(answer);
      },
    );

    app.put(
      '/stores/:id/settings',
      {
        config: ownerOnly,
        schema: {
          summary: 'Send whole settings documents to a store (says per document whether it applied or lost)',
          operationId: 'hqSendSettings',
          params: storeIdParams,
          body: settingsBody,
          response: { 200: ok(sentSettings), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, body }) => success(await admin.sendSettings(params.id, body)),
    );

    app.post(
      '/stores/:id/orders',
      {
        config: ownerOnly,
        schema: {
          summary: 'Send an order to a store',
          operationId: 'hqSendOrder',
          params: storeIdParams,
          body: createOrderBody,
          response: { 201: ok(sentOrder), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, body }, reply) => reply.code(201).send(success(await admin.sendOrder(params.id, body))),
    );

    app.put(
      '/products',
      {
        config: ownerOnly,
        schema: {
          summary: "Upsert the chain's catalogue and send it to every store",
          operationId: 'hqSendProducts',
          body: productsBody,
          response: { 200: ok(sentProducts), ...errorResponses(400, 401, 403) },
        },
      },
      async ({ body }) => success(await admin.sendProducts(body)),
    );
  };
