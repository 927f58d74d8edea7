/**
 * The fastify instance every hoadon server starts from (store node, headquarters, tax-authority simulator):
 * zod validation and serialisation, JSON bodies only, the envelope for every error including those raised
 * before routing, no request ids taken from clients, no proxy trusted.
 */

import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StorageHealth } from '../db/storage-health.js';
import { validationError } from '../errors.js';
import { registerErrorHandling, sendError } from './error-handler.js';

/** The largest request body the store and headquarters take (the login's is smaller: auth.routes.ts). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface JsonAppOptions {
  logLevel?: string;
  /** Log paths never written (credentials, passwords); the authorization header always is redacted. */
  redact?: string[];
  bodyLimit: number;
  maxParamLength?: number;
  storage: StorageHealth;
  /** Close kept-alive and held connections on close (a simulator holding requests must still stop). */
  forceCloseConnections?: boolean;
  connections?: Partial<ConnectionLimits>;
}

/**
 * What one client can hold of the server: a request must arrive whole in time, and connections are counted.
 * Without these, 100 unfinished 1 MB bodies held about 90 MB for as long as their client liked.
 */
export interface ConnectionLimits {
  /** Headers and body must have arrived within this; a slower request is answered 408 and closed. */
  requestTimeoutMs: number;
  /** The headers alone must have arrived within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A connection silent both ways for this long is closed; 0 never (a simulator may hold an answer long). */
  idleTimeoutMs: number;
  /** Connections past this many are closed as they open. */
  maxConnections: number;
  /** How often Node checks the request and header timeouts of open connections. */
  checkIntervalMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 0,
  maxConnections: 256,
  checkIntervalMs: 2_000,
};

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
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const fastifyOptions: FastifyHttpOptions<Server> = {
    logger: { level: options.logLevel ?? 'info', redact: ['req.headers.authorization', ...(options.redact ?? [])] },
    bodyLimit: options.bodyLimit,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
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
  app.server.maxConnections = limits.maxConnections;
  // JSON only (docs/decisions.md §3): any other body is 415, including text/plain, which fastify accepts by default.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app, options.storage);
  app.addHook('onRoute', refuseFieldsWithoutBody);
  return app;
}

const WRITES = ['POST', 'PUT', 'PATCH'];

/** The body of a write that takes none: nothing, or an empty object; any field is unknown (400). */
export const NO_BODY = z.strictObject({}).nullish().describe('No body, or an empty object');

/**
 * A request body says what it means, or it is refused: every write route's body schema is a strict object
 * (z.strictObject, additionalProperties: false), and a write route that declares no body gets NO_BODY, so
 * that a field sent to it is refused too rather than ignored.
 */
function refuseFieldsWithoutBody(route: { method: string | string[]; schema?: { body?: unknown } }) {
  const methods = [route.method].flat();
  if (!methods.some((method) => WRITES.includes(method))) return;
  route.schema ??= {};
  route.schema.body ??= NO_BODY;
}
