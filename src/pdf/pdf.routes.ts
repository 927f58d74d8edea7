import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { fileResponse } from '../http/openapi-files.js';
import { invoiceIdParams } from '../invoices/invoices.schemas.js';
import { type InvoicePdfService, PDF_FORMATS } from './invoice-pdf.service.js';

const cashGiven = z.coerce
  .number()
  .int('Tiền khách đưa là số đồng nguyên.')
  .min(0)
  .max(1e13)
  .optional()
  .describe('On a receipt: the cash the customer gave; the receipt prints it with the change.');

const receiptRow = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('heading'), text: z.string(), typed: z.boolean().optional() }),
  z.object({
    kind: z.literal('centre'),
    text: z.string(),
    strong: z.boolean().optional(),
    typed: z.boolean().optional(),
    code: z.boolean().optional().describe('A code the buyer types (the lookup code): printed monospaced.'),
  }),
  z.object({
    kind: z.literal('text'),
    text: z.string(),
    strong: z.boolean().optional(),
    typed: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('pair'), label: z.string(), value: z.string(), strong: z.boolean().optional() }),
  z.object({ kind: z.literal('rule') }),
  z.object({ kind: z.literal('qr'), payload: z.string() }),
]);

export const pdfRoutes =
  (pdf: InvoicePdfService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags: ['invoices'],
          summary: 'The printable invoice (application/pdf): A4, or ?format=receipt for an 80 mm till receipt',
          operationId: 'getInvoicePdf',
          params: invoiceIdParams,
          querystring: z.object({
            format: z.enum(PDF_FORMATS).default('a4'),
            cashGiven,
          }),
          response: {
            200: fileResponse('application/pdf', 'The invoice as a PDF'),
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const { fileName, pdf: body } = await pdf.download(
          request.params.id,
          request.query.format,
          request.user.username,
          request.query.cashGiven,
        );
        return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(body);
      },
    );

    app.get(
      '/invoices/:id/receipt',
      {
        schema: {
          tags: ['invoices'],
          summary: "The till receipt's rows (src/domain/receipt.ts), the same the 80 mm PDF prints",
          operationId: 'getInvoiceReceipt',
          params: invoiceIdParams,
          querystring: z.object({ cashGiven }),
          response: { 200: ok(z.object({ rows: z.array(receiptRow) })), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => success({ rows: pdf.receipt(request.params.id, request.query.cashGiven) }),
    );
  };
