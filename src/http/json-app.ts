/**
 * The fastify instance every hoadon server starts from (store node, headquarters, tax-authority simulator):
 * zod validation and serialisation, JSON bodies only, the envelope for every error including those raised
 * before routing, no request ids taken from clients, no proxy trusted.
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StorageHealth } from '../db/storage-health.js';
import { validationError } from '../errors.js';
import { registerErrorHandling, sendError } from './error-handler.js';

export interface JsonAppOptions {
  logLevel?: string;
  /** Log paths never written (credentials, passwords); the authorization header always is redacted. */
  redact?: string[];
  bodyLimit: number;
  maxParamLength?: number;
  storage: StorageHealth;
  /** Close kept-alive and held connections on close (a simulator holding requests must still stop). */
  forceCloseConnections?: boolean;
}

/**
 * Zod validates and serialises. Given as fastify's compiler factories, not set on the instance afterwards,
 * so that fastify never loads its default ones (ajv, fast-json-stringify): about 20 ms of a cold start and
 * 1 MB. The factory types are ajv's, hence the casts.
 */
export const zodSchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: () => validatorCompiler as never,
    buildSerializer: () => serializerCompiler as never,
  },
};

export function createJsonApp(options: JsonAppOptions) {
  const fastifyOptions: FastifyServerOptions = {
    logger: { level: options.logLevel ?? 'info', redact: ['req.headers.authorization', ...(options.redact ?? [])] },
    bodyLimit: options.bodyLimit,
    trustProxy: false,
    requestIdHeader: false,
    routerOptions: { maxParamLength: options.maxParamLength ?? 500 },
    schemaController: zodSchemaController,
    ...(options.forceCloseConnections ? { forceCloseConnections: true } : {}),
    frameworkErrors: (error, request, reply) => {
      void sendError(request, reply, validationError(`Đường dẫn không hợp lệ (${error.code ?? 'URL'}).`));
    },
  };
  const app = Fastify(fastifyOptions).withTypeProvider<ZodTypeProvider>();
  // JSON only (decisions §3): any other body is 415, including text/plain, which fastify accepts by default.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app, options.storage);
  return app;
}
