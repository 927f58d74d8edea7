import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/openapi-errors.js';
import { fileResponse } from '../http/openapi-files.js';
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
          operationId: 'getInvoiceXml',
          params: invoiceIdParams,
          response: {
            200: fileResponse('application/xml', 'The signed invoice XML'),
            ...errorResponses(400, 401, 404, 429),
          },
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
