/**
 * The seller's signing certificate over HTTP (docs/decisions.md §8): what signs now (demo, a .p12 imported, a key on
 * a USB token), the import of a PKCS#12 file sent as base64 with its password (`hoadon cert import`), the
 * choice of a token's key (`hoadon cert use-token`), and the certificate itself as PEM.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationError } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { fileResponse } from '../http/openapi-files.js';
import { CertificateError } from './certificate-checks.js';
import type { SigningStore } from './signing.store.js';
import { SyncCallError } from './sync-call.js';
import { describeTokens } from './token-listing.js';
import { installedTokenModules, isAllowedTokenModule, MODULES_ENV } from './token-modules.js';
import { listTokens } from './token-thread.js';

const summary = z.object({
  certificate: z.enum(['demo', 'imported']).describe('demo: self-signed, for testing only; imported: the seller’s'),
  source: z.enum(['demo', 'file', 'token']).describe('where the key is: demo, an imported .p12, a USB token'),
  subject: z.string(),
  serial: z.string().describe('the certificate’s serial number (hex)'),
  validFrom: z.string(),
  validTo: z.string(),
  trusted: z
    .boolean()
    .describe('false when it chains to no trusted root (HOADON_ALLOW_UNTRUSTED_CERT=1) or is a demo one'),
});

const tokenListing = z.object({
  label: z.string().describe('The token’s label: `token` of POST /signing/token'),
  serial: z.string(),
  pinLocked: z.boolean().describe('The user PIN is locked; only the PUK opens it again'),
  certificates: z.array(
    z.object({
      keyId: z.string().describe('CKA_ID (hex): `keyId` of POST /signing/token'),
      subject: z.string(),
      issuer: z.string(),
      serial: z.string(),
      validTo: z.string(),
      mst: z.string().optional().describe('The MST the certificate names'),
    }),
  ),
});

/** Only a library of the allow-list is loaded over HTTP (docs/security.md, F4). */
function allowedModule(module: string, path: string): void {
  if (isAllowedTokenModule(module)) return;
  const message =
    'Thư viện PKCS#11 này không nằm trong danh sách được phép nạp qua API. Chọn một thư viện trong ' +
    'GET /signing/token/modules, hoặc trên máy của cửa hàng dùng lệnh hoadon cert use-token --module ' +
    `(hay thêm đường dẫn vào biến môi trường ${MODULES_ENV}).`;
  throw validationError(message, [{ path, message }]);
}

/** A certificate the seller cannot sign with: 409 naming why (another MST, expired…), 400 for an unreadable file. */
function refused(error: unknown, path: string): never {
  if (!(error instanceof CertificateError)) throw error;
  if (error.status === 409) throw new AppError('CONFLICT', 409, error.message);
  throw validationError(error.message, [{ path, message: error.message }]);
}

export const certificateRoutes =
  (signing: SigningStore): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['signing'];
    app.get(
      '/signing/certificate',
      {
        schema: {
          tags,
          summary: 'The certificate that signs invoice XML: where its key is, subject, serial, validity',
          operationId: 'getCertificate',
          response: { ...errorResponses(401, 403, 429), 200: ok(summary) },
        },
      },
      async () => success(signing.summary()),
    );
    app.get(
      '/signing/certificate.cer',
      {
        schema: {
          tags,
          summary: 'The certificate that signs invoice XML, as a PEM file (for the accountant or a buyer)',
          operationId: 'downloadCertificate',
          response: {
            ...errorResponses(401, 403, 429),
            200: fileResponse('application/pkix-cert', 'The certificate (PEM)'),
          },
        },
      },
      async (_request, reply) =>
        reply
          .type('application/pkix-cert')
          .header('content-disposition', 'attachment; filename="chung-thu-so.cer"')
          .send(signing.certificatePem()),
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
          refused(error, 'body.pkcs12');
        }
      },
    );
    app.get(
      '/signing/token/modules',
      {
        schema: {
          tags,
          summary:
            'The PKCS#11 libraries of USB tokens installed on this machine that POST /signing/token may load ' +
            '(the CAs’ drivers at their usual paths and HOADON_PKCS11_MODULES)',
          operationId: 'listTokenModules',
          response: {
            ...errorResponses(401, 403, 429),
            200: ok(z.array(z.object({ path: z.string(), name: z.string() }))),
          },
        },
      },
      async () => success(installedTokenModules()),
    );
    app.get(
      '/signing/token/tokens',
      {
        schema: {
          tags,
          summary:
            'The tokens plugged into a PKCS#11 library of GET /signing/token/modules, with the certificates each ' +
            'shows before any PIN, so that the owner picks one before typing the PIN',
          operationId: 'listSigningTokens',
          querystring: z.strictObject({
            module: z.string().min(1).max(500).describe('One of GET /signing/token/modules'),
          }),
          response: { ...errorResponses(400, 401, 403, 429, 503), 200: ok(z.array(tokenListing)) },
        },
      },
      async (request) => {
        allowedModule(request.query.module, 'query.module');
        try {
          return success(describeTokens(listTokens(request.query.module)));
        } catch (error) {
          if (!(error instanceof SyncCallError)) throw error;
          throw new AppError('SERVICE_UNAVAILABLE', 503, error.message);
        }
      },
    );
    app.post(
      '/signing/token',
      {
        schema: {
          tags,
          summary:
            "Sign with a key on a USB token (PKCS#11): the one whose certificate on the token is the seller's, or keyId",
          operationId: 'useSigningToken',
          body: z.strictObject({
            module: z
              .string()
              .min(1)
              .max(500)
              .describe(
                'Path of the token’s PKCS#11 library on the store’s machine: one of GET /signing/token/modules',
              ),
            token: z.string().min(1).max(32).describe('The token’s label'),
            keyId: z
              .string()
              .regex(/^[0-9a-fA-F]{2,128}$/, 'keyId là CKA_ID dạng hex.')
              .optional()
              .describe('CKA_ID of the key (hex); by default the key whose certificate names the seller’s MST'),
            pin: z.string().min(1).max(64).describe('The user PIN, kept for unattended signing (never answered)'),
          }),
          response: { ...errorResponses(400, 401, 403, 409, 429, 503), 200: ok(summary) },
        },
      },
      async (request) => {
        allowedModule(request.body.module, 'body.module');
        try {
          return success(signing.useToken(request.body));
        } catch (error) {
          refused(error, 'body.token');
        }
      },
    );
  };
