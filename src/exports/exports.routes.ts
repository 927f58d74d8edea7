/** HTTP of the exports: the period and format from the query, the file streamed as it is written. */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import {
  ledgerFile,
  periodLockAnswer,
  periodMonthParams,
  salesLedgerQuery,
  unlockAnswer,
  unlockBody,
  vatFiguresAnswer,
  vatFiguresQuery,
} from './exports.schemas.js';
import { CONTENT_TYPES, type ExportsService, ledgerFileName } from './exports.service.js';
import { type PeriodQuery, parsePeriod } from './period.js';
import type { PeriodLocksService } from './period-locks.service.js';
import { ExportAborted } from './writable.js';

function periodOf(query: PeriodQuery) {
  const result = parsePeriod(query);
  if (!result.ok) throw validationError(result.message, [{ path: result.path, message: result.message }]);
  return result.period;
}

export const exportRoutes =
  (exports: ExportsService, periodLocks: PeriodLocksService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/exports/sales-ledger',
      {
        schema: {
          tags: ['exports'],
          operationId: 'exportSalesLedger',
          summary: 'The sales ledger of a period (bảng kê bán ra, 03/DL-HĐĐT) as XLSX, CSV, PDF or JSON, streamed',
          description:
            'Sections KCT, 0%, 5%, 8%, 10%, KKKNT and other rates, each with its total; the footer totals and the VAT return figures. Demo-mode invoices never appear. An empty period gives an empty ledger with zero totals.',
          querystring: salesLedgerQuery,
          response: { 200: ledgerFile, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const period = periodOf(query);
        const body = new PassThrough();
        exports.salesLedger(period, format, body).catch((error: unknown) => {
          // Headers are gone by now: the client sees a cut connection, the log sees why.
          if (!(error instanceof ExportAborted)) request.log.error({ err: error }, 'sales ledger export failed');
          body.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return reply
          .type(CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${ledgerFileName(period, format)}"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    app.get(
      '/exports/vat-figures',
      {
        schema: {
          tags: ['exports'],
          operationId: 'getVatFigures',
          summary: 'The VAT return figures (01/GTGT indicators from sales) and the ledger totals of a period',
          querystring: vatFiguresQuery,
          response: { 200: ok(vatFiguresAnswer), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => success(await exports.vatFigures(periodOf(request.query))),
    );

    app.get(
      '/exports/periods',
      {
        schema: {
          tags: ['exports'],
          operationId: 'listPeriodLocks',
          summary: 'The declared (locked) months, newest first',
          response: { 200: ok(z.array(periodLockAnswer)), ...errorResponses(401, 403, 429) },
        },
      },
      async () => success(periodLocks.list()),
    );

    app.post(
      '/exports/periods/:month/lock',
      {
        schema: {
          tags: ['exports'],
          operationId: 'lockPeriod',
          summary: 'Declares a month that has ended: its ledger and 01/GTGT figures stay as they are now',
          description:
            'A later replacement or adjustment of one of its invoices changes nothing in its exports; its difference appears in the month it is made, in the section "Điều chỉnh, thay thế hóa đơn của kỳ đã khai". A month not ended yet is a 400, a month locked already a 409.',
          params: periodMonthParams,
          response: { 200: ok(periodLockAnswer), ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => reply.commit(200, () => periodLocks.lock(request.params.month, request.user.username)),
    );

    app.post(
      '/exports/periods/:month/unlock',
      {
        schema: {
          tags: ['exports'],
          operationId: 'unlockPeriod',
          summary: 'Reopens a declared month (admin, with a reason kept in the audit trail period:<month>)',
          params: periodMonthParams,
          body: unlockBody,
          response: { 200: ok(unlockAnswer), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => periodLocks.unlock(request.params.month, request.body.reason, request.user.username)),
    );
  };
