import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceIdParams } from '../invoices/invoices.schemas.js';
import type { InvoiceXmlService } from './invoice-xml.service.js';

export const xmlRoutes =
  (xml: InvoiceXmlService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/invoices/:id/xml',
      {
        schema: {
          tags: ['invoices'],
          summary: "The invoice in the tax authority's XML format (PBan 2.1.0), signed by the seller (XML-DSig)",
          params: invoiceIdParams,
        },
      },
      async (request, reply) => {
        const { fileName, xml: body } = await xml.download(request.params.id, request.user.username);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .send(body);
      },
    );
  };
