/**
 * The seller's signing certificate over HTTP for an admin (decisions §8): what signs now (demo or imported,
 * subject, validity), and the import of a PKCS#12 file (.p12/.pfx) sent as base64 with its password, as
 * `hoadon cert import` does on the store's machine.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { CertificateError } from './certificates.js';
import type { SigningStore } from './signing.store.js';

const summary = z.object({
  certificate: z.enum(['demo', 'imported']).describe('demo: self-signed, for testing only; imported: the seller’s'),
  subject: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});

export const certificateRoutes =
  (signing: SigningStore): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['signing'];
    app.get(
      '/signing/certificate',
      {
        schema: {
          tags,
          summary: 'The certificate that signs invoice XML: demo or imported, subject, validity',
          operationId: 'getCertificate',
          response: { ...errorResponses(401, 403, 429), 200: ok(summary) },
        },
      },
      async () => success(signing.summary()),
    );
    app.post(
      '/signing/certificate',
      {
        schema: {
          tags,
          summary: "Import the seller's certificate and key from a PKCS#12 file (base64) and its password",
          operationId: 'importCertificate',
          body: z.strictObject({
            pkcs12: z.string().min(1).max(700_000).describe('The .p12/.pfx file, base64'),
            password: z.string().max(200).default(''),
          }),
          response: { ...errorResponses(400, 401, 403, 409, 413, 422, 429), 200: ok(summary) },
        },
      },
      async (request) => {
        try {
          return success(signing.importPkcs12(Buffer.from(request.body.pkcs12, 'base64'), request.body.password));
        } catch (error) {
          if (!(error instanceof CertificateError)) throw error;
          throw validationError(error.message, [{ path: 'body.pkcs12', message: error.message }]);
        }
      },
    );
  };
