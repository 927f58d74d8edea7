/** /hq/v1: the chain's administration, with the HQ admin token (health is open, for probes). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, pageOf, sendSuccessWithJson, success } from '../../src/http/envelope.js';
import { errorResponses } from '../../src/http/openapi-errors.js';
import { createOrderBody } from '../../src/orders/orders.schemas.js';
import { adminGuard } from './hq-auth.js';
import type { HqServices } from './hq-node.js';
import {
  hqHealth,
  hqInvoiceCursorPage,
  hqInvoiceCursorQuery,
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
  storeSettings,
  storeSummary,
} from './hq.schemas.js';

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
  ({ store, admin, clock }: HqServices, adminToken: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', adminGuard(store, adminToken, clock));

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
      async (_request, reply) => sendSuccessWithJson(reply, await admin.storeSummariesJson()),
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
      async ({ query }) => success(await admin.listInvoices(query)),
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
      async ({ query }, reply) => sendSuccessWithJson(reply, JSON.stringify(await admin.invoicesByCursor(query))),
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
      async ({ query }, reply) => sendSuccessWithJson(reply, JSON.stringify(await admin.revenue(query))),
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
      async ({ params }) => success(await admin.settingsOf(params.id)),
    );

    app.put(
      '/stores/:id/settings',
      {
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
