import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { idParams } from '../http/params.js';
import { auditEntry } from './audit.schemas.js';
import type { AuditService } from './audit.service.js';

export const auditRoutes =
  (audit: AuditService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/invoices/:id/audit',
      {
        schema: {
          tags: ['audit'],
          summary: "The invoice's hash-chained audit trail, oldest first",
          operationId: 'getInvoiceAuditTrail',
          params: idParams,
          response: { 200: ok(z.array(auditEntry)), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async ({ params }) => success(audit.trail(params.id)),
    );
  };
