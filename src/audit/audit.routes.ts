import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { invoiceIdParams } from '../invoices/invoices.schemas.js';
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
          params: invoiceIdParams,
          response: { 200: ok(z.array(auditEntry)) },
        },
      },
      async ({ params }) => success(audit.trail(params.id)),
    );
  };
