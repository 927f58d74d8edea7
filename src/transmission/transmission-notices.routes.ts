/**
 * POST /transmission/error-notices: the notice of an erroneous invoice 04/SS-HĐĐT (300), for the errors
 * the regulation settles by a notice rather than a new invoice (a wrong buyer name or address with the
 * right MST: `explain`), or a cancellation (`cancel`). Replacements and adjustments are new invoices
 * (POST /invoices/:id/replace, /adjust). The 999 and the 301 arrive later; a refusal is notified.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XML_FIELD_LIMITS } from '../domain/xml-field-limits.js';
import { ok, success } from '../http/envelope.js';
import { storedText } from '../http/fields.js';
import { errorResponses } from '../http/openapi-errors.js';
import type { TransmissionService } from './transmission.service.js';

const text = (max: number) => storedText(max).min(1);

export const errorNoticeBody = z.strictObject({
  invoiceId: z.string().min(1).max(100),
  action: z
    .enum(['cancel', 'adjust', 'replace', 'explain'])
    .describe('TCTBao: 1 cancel, 2 adjust, 3 replace, 4 explain'),
  reason: text(XML_FIELD_LIMITS.noticeReason.max).describe('LDo'),
  taxOfficeCode: z.string().regex(/^[0-9A-Z]{1,5}$/, 'Mã cơ quan thuế gồm tối đa 5 chữ số hoặc chữ in hoa.'),
  taxOfficeName: text(XML_FIELD_LIMITS.noticeTaxOfficeName.max),
  place: text(XML_FIELD_LIMITS.noticePlace.max),
});

export const transmissionNoticesRoutes =
  (transmission: TransmissionService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/transmission/error-notices',
      {
        schema: {
          tags: ['transmission'],
          summary: 'Send a notice of an erroneous invoice (04/SS-HĐĐT); the 301 arrives later',
          operationId: 'sendErrorNotice',
          body: errorNoticeBody,
          response: {
            ...errorResponses(400, 401, 403, 404, 409, 429),
            202: ok(z.object({ messageId: z.string().describe('MTDiep of the 300') })),
          },
        },
      },
      async (request, reply) => {
        const { invoiceId, action, reason, taxOfficeCode, taxOfficeName, place } = request.body;
        const messageId = await transmission.sendErrorNotice({
          invoiceId,
          action,
          reason,
          taxOffice: { code: taxOfficeCode, name: taxOfficeName },
          place,
        });
        return reply.code(202).send(success({ messageId }));
      },
    );
  };
