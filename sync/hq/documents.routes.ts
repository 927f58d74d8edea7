/**
 * /hq/v1/stores/:id/invoices/:invoiceId/xml|pdf: a synced invoice's XML (the store's stored bytes) and its A4
 * PDF (the store's own rendering, hq-portal.ts), for every signed-in role within its stores (hq-access.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../src/errors.js';
import { errorResponses } from '../../src/http/openapi-errors.js';
import { storeInvoiceParams } from './hq.schemas.js';
import { requireStoreInScope } from './hq-access.js';
import type { HqPortal } from './hq-portal.js';

const fileName = (invoice: { seller: { mst: string }; mauSo: string; kyHieu: string; number: number }, ext: string) =>
  `${invoice.seller.mst}_${invoice.mauSo}${invoice.kyHieu}_${invoice.number}.${ext}`;

export const documentsRoutes =
  (portal: HqPortal): FastifyPluginAsyncZod =>
  async (app) => {
    const filesOf = async (storeId: string, invoiceId: string) => {
      const files = await portal.files({ storeId, invoiceId });
      if (!files) throw notFound('hóa đơn', invoiceId);
      return files;
    };

    app.get(
      '/stores/:id/invoices/:invoiceId/xml',
      {
        schema: {
          summary: "A synced invoice's XML, byte for byte as the store stores it (409 until the store sent it)",
          operationId: 'hqGetInvoiceXml',
          params: storeInvoiceParams,
          produces: ['application/xml'],
          response: { 200: z.any().describe('The XML file'), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async ({ params, hqCaller }, reply) => {
        requireStoreInScope(hqCaller, params.id);
        const files = await filesOf(params.id, params.invoiceId);
        const xml = await files.xml();
        return reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${fileName(files.invoice, 'xml')}"`)
          .send(xml);
      },
    );

    app.get(
      '/stores/:id/invoices/:invoiceId/pdf',
      {
        schema: {
          summary: "A synced invoice's A4 PDF, as the store prints it (409 until the store sent its XML)",
          operationId: 'hqGetInvoicePdf',
          params: storeInvoiceParams,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('The PDF file'), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async ({ params, hqCaller }, reply) => {
        requireStoreInScope(hqCaller, params.id);
        const files = await filesOf(params.id, params.invoiceId);
        const pdf = await files.pdf();
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${fileName(files.invoice, 'pdf')}"`)
          .send(pdf);
      },
    );
  };
