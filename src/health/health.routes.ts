import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';

export const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  mode: z
    .enum(['demo', 'live'])
    .describe(
      'demo until the seller is set, its certificate imported, the http (T-VAN) adapter configured and the registration accepted (103): demo invoices, no legal value, figures of the trial',
    ),
  missing: z.array(z.string()).describe('What the node still needs to go live, in Vietnamese; empty when it is live'),
  uptimeSeconds: z.number().int(),
  db: z.enum(['ok', 'error']),
  storage: z.object({
    writable: z.boolean(),
    lastError: z.object({ at: z.string(), code: z.string() }).optional(),
  }),
  transmissionQueue: z.object({
    queued: z.number().int(),
    oldestAgeSeconds: z.number().int().nullable(),
    state: z.enum(['online', 'offline']),
    adapter: z.string(),
    simulated: z.boolean().describe('true while invoices go to the embedded simulator, not the tax authority'),
    problem: z
      .string()
      .optional()
      .describe(
        'why the queue waits whatever the network does (the http adapter without a url, the T-VAN refusing its credentials) or why issuing waits (an accepted registration without the 5 characters of MCCQT)',
      ),
  }),
  sync: z.object({
    lastSuccessAt: z.string().nullable(),
    pendingOutbox: z.number().int(),
    state: z
      .enum(['online', 'offline', 'not-configured'])
      .describe('not-configured: no headquarters url or no credential (`hoadon sync connect`)'),
    lagSeconds: z.number().int().nullable().describe('age of the oldest change not yet acknowledged by headquarters'),
    problem: z
      .string()
      .optional()
      .describe('why a store with a headquarters url does not sync (no credential issued for that url)'),
  }),
  vatReduction: z
    .object({
      endsOn: z.string().describe('the last day of the reduced rate, YYYY-MM-DD'),
      daysLeft: z.number().int(),
      basis: z.string(),
      productsAtReducedRate: z.number().int().describe('active catalogue products still at the reduced rate'),
      message: z.string(),
    })
    .optional()
    .describe(
      'From 14 days before a VAT reduction window ends (no window continuing it), and after its end while catalogue products are left at its rate: the warning, in Vietnamese',
    ),
  signing: z
    .object({
      source: z
        .enum(['token', 'file', 'demo'])
        .describe('token: a key on a USB token (PKCS#11); file: an imported .p12; demo: self-signed, testing only'),
      subject: z.string(),
      serial: z.string().describe('the certificate’s serial number (hex)'),
      notAfter: z.string(),
      trusted: z
        .boolean()
        .describe(
          'false when the certificate chains to no trusted root (HOADON_ALLOW_UNTRUSTED_CERT=1) or is a demo one',
        ),
      problem: z.string().optional().describe('why invoices cannot be signed now (token absent, PIN locked, expired)'),
      action: z.string().optional().describe('what to do about the problem, in Vietnamese'),
    })
    .optional()
    .describe('The certificate that signs invoice XML; absent when it cannot be read or made'),
});
export type HealthReport = z.infer<typeof healthReport>;

export const healthRoutes =
  (report: () => HealthReport): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and state of the node (open)',
          operationId: 'getHealth',
          response: { 200: ok(healthReport), ...errorResponses(429) },
        },
      },
      async () => success(report()),
    );
  };
