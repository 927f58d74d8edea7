import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceIdParams } from '../invoices/invoices.schemas.js';
import { type InvoicePdfService, PDF_FORMATS } from './invoice-pdf.service.js';

export const pdfRoutes =
  (pdf: InvoicePdfService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags: ['invoices'],
          summary: 'The printable invoice (application/pdf): A4, or ?format=receipt for an 80 mm till receipt',
          params: invoiceIdParams,
          querystring: z.object({ format: z.enum(PDF_FORMATS).default('a4') }),
        },
      },
      async (request, reply) => {
        const { fileName, pdf: body } = await pdf.download(
          request.params.id,
          request.query.format,
          request.user.username,
        );
        return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(body);
      },
    );
  };
