import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { invoiceIdParams } from '../invoices/invoices.schemas.js';
import { printBody, printerIdParams, printerList, printResult } from './printers.schemas.js';
import type { PrintingService } from './printing.service.js';

export const printingRoutes =
  (printing: PrintingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings/printers',
      {
        schema: {
          tags: ['settings'],
          summary: "The shop's receipt printers (network or a queue of the operating system)",
          operationId: 'getPrinters',
          response: { 200: ok(printerList), ...errorResponses(401, 429) },
        },
      },
      async () => success(printing.list()),
    );
    app.put(
      '/settings/printers',
      {
        schema: {
          tags: ['settings'],
          summary: 'Replace the list of receipt printers',
          operationId: 'updatePrinters',
          body: printerList,
          response: { 200: ok(printerList), ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => reply.commit(200, () => printing.replace(request.body, request.user.username)),
    );
    app.post(
      '/invoices/:id/print',
      {
        schema: {
          tags: ['invoices'],
          summary: "Print the invoice's receipt on a printer now (ESC/POS), or 503 at once: never queued",
          operationId: 'printInvoice',
          params: invoiceIdParams,
          body: printBody,
          response: { 200: ok(printResult), ...errorResponses(400, 401, 403, 404, 413, 415, 429, 503) },
        },
      },
      async (request) =>
        success(
          await printing.printInvoice(
            request.params.id,
            request.body.printerId,
            request.body.copy ?? false,
            request.user.username,
          ),
        ),
    );
    app.post(
      '/printers/:id/test',
      {
        schema: {
          tags: ['settings'],
          summary: 'Print a test page ("In thử")',
          operationId: 'printTestPage',
          params: printerIdParams,
          response: { 200: ok(printResult), ...errorResponses(401, 403, 404, 429, 503) },
        },
      },
      async (request) => success(await printing.printTestPage(request.params.id)),
    );
    app.post(
      '/printers/:id/open-drawer',
      {
        schema: {
          tags: ['settings'],
          summary: 'Open the cash drawer wired to the printer ("Mở két"), printing nothing; audited',
          operationId: 'openCashDrawer',
          params: printerIdParams,
          response: { 200: ok(printResult), ...errorResponses(401, 403, 404, 429, 503) },
        },
      },
      async (request) => success(await printing.openDrawer(request.params.id, request.user.username)),
    );
  };
