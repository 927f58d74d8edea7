/** /hq/v1: the chain's administration, with the HQ admin token (health is open, for probes). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, pageOf, success } from '../../src/http/envelope.js';
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
    app.get('/health', { schema: { response: { 200: ok(hqHealth) } } }, async () => success(await health()));
  };

export const adminRoutes =
  ({ store, admin, clock }: HqServices, adminToken: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', adminGuard(store, adminToken, clock));

    app.get('/stores', { schema: { response: { 200: ok(z.array(storeSummary)) } } }, async () =>
      success(await admin.listStores()),
    );

    app.get(
      '/invoices',
      { schema: { querystring: hqInvoiceListQuery, response: { 200: ok(pageOf(hqInvoiceListItem)) } } },
      async ({ query }) => success(await admin.listInvoices(query)),
    );

    app.get(
      '/invoices/cursor',
      { schema: { querystring: hqInvoiceCursorQuery, response: { 200: ok(hqInvoiceCursorPage) } } },
      async ({ query }) => success(await admin.invoicesByCursor(query)),
    );

    app.get(
      '/revenue',
      { schema: { querystring: revenueQuery, response: { 200: ok(revenueAnswer) } } },
      async ({ query }) => success(await admin.revenue(query)),
    );

    app.get(
      '/stores/:id/settings',
      { schema: { params: storeIdParams, response: { 200: ok(storeSettings) } } },
      async ({ params }) => success(await admin.settingsOf(params.id)),
    );

    app.put(
      '/stores/:id/settings',
      { schema: { params: storeIdParams, body: settingsBody, response: { 200: ok(sentSettings) } } },
      async ({ params, body }) => success(await admin.sendSettings(params.id, body)),
    );

    app.post(
      '/stores/:id/orders',
      { schema: { params: storeIdParams, body: createOrderBody, response: { 201: ok(sentOrder) } } },
      async ({ params, body }, reply) => reply.code(201).send(success(await admin.sendOrder(params.id, body))),
    );

    app.put('/products', { schema: { body: productsBody, response: { 200: ok(sentProducts) } } }, async ({ body }) =>
      success(await admin.sendProducts(body)),
    );
  };
