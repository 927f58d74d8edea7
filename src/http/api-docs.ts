/**
 * The API documents: the OpenAPI document (`<prefix>/openapi.json`) and the Swagger UI (`<prefix>/docs`).
 *
 * @fastify/swagger and @fastify/swagger-ui load yaml, @fastify/static and a JSON-schema resolver: about 40 ms
 * of every cold start and 3 MB of memory, for pages a till never opens. So they load at the first request
 * for a document. The app's routes are recorded as they are added and replayed into a fastify instance that
 * serves the documents only; the app forwards the /docs requests to it and answers them with its own hooks
 * (auth guard, security headers, rate limit, logging).
 */

import { createRequire } from 'node:module';
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { assetDirectory, isSingleExecutable, readAssetBuffer } from '../assets.js';
import type { StorageHealth } from '../db/storage-health.js';
import { registerErrorHandling } from './error-handler.js';
import { zodSchemaController } from './json-app.js';
import { errorSchemaComponents } from './openapi-errors.js';

export interface ApiDocsOptions {
  prefix: string;
  /** The document's title and what its server is (the store node's by default). */
  title?: string;
  server?: string;
  version: string;
  storage: StorageHealth;
}

/** Headers about one connection or one message's framing, not about the document: never copied across. */
const FRAMING = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

function unframed(headers: Record<string, string | string[] | number | undefined>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !FRAMING.has(name)) kept[name] = typeof value === 'number' ? String(value) : value;
  }
  return kept;
}

/**
 * Registers the document routes. Call it before the API routes: it records every route added after it.
 * Outside the executable the two plugins come from node_modules; a broken install still fails at start.
 */
export async function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  if (!isSingleExecutable()) {
    const require = createRequire(import.meta.url);
    for (const plugin of ['@fastify/swagger', '@fastify/swagger-ui']) require.resolve(plugin);
  }
  const routes: RouteOptions[] = [];
  // What @fastify/swagger leaves out anyway: fastify's HEAD twins and hidden routes (these documents).
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' && !route.schema?.hide) routes.push(route);
  });

  let documents: Promise<FastifyInstance> | undefined;
  const served = () =>
    (documents ??= serveDocuments(app, routes, options).catch((error: unknown) => {
      documents = undefined;
      throw error;
    }));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // A HEAD arrives here through fastify's HEAD twin, which answers it from this GET without the body.
    const answer = await (await served()).inject({
      method: 'GET',
      url: request.url,
      headers: unframed(request.headers),
    });
    // An empty answer (a redirect, a 304) stays empty: a zero-length buffer would get a content type.
    const body = answer.rawPayload.length > 0 ? answer.rawPayload : undefined;
    return reply.code(answer.statusCode).headers(unframed(answer.headers)).send(body);
  };
  await app.register(
    async (scope) => {
      scope.get('/openapi.json', { schema: { hide: true } }, async () => (await served()).swagger());
      scope.get('/docs', { schema: { hide: true } }, forward);
      scope.get('/docs/*', { schema: { hide: true } }, forward);
    },
    { prefix: options.prefix },
  );
}

async function serveDocuments(
  app: FastifyInstance,
  routes: RouteOptions[],
  options: ApiDocsOptions,
): Promise<FastifyInstance> {
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  // The app's logger: the app logs each request already, this instance only its failures.
  const docs = Fastify({
    loggerInstance: app.log,
    logController: new LogController({ disableRequestLogging: true }),
    schemaController: zodSchemaController,
  });
  registerErrorHandling(docs, options.storage);
  const swagger: SwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title ?? 'hoadon store node',
        version: options.version,
        // The node is not published under an open licence (package.json: private).
        license: { name: 'UNLICENSED (proprietary)', identifier: 'LicenseRef-Proprietary' },
      },
      // Paths carry the /api/v1 prefix: the document is served by the node it describes, so its own origin.
      servers: [{ url: '/', description: options.server ?? 'This store node' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // The error answers refer to one ApiError schema (src/http/openapi-errors.ts) instead of each repeating it.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      const components = { ...openapiObject.components, schemas: errorSchemaComponents() };
      openapiObject.components = components as typeof openapiObject.components;
      markBodiesOptional(openapiObject.paths as Record<string, Record<string, Operation>> | undefined);
      return openapiObject;
    },
  };
  const ui: FastifySwaggerUiOptions = {
    routePrefix: `${options.prefix}/docs`,
    staticCSP: true,
    // Inside the executable the UI's files are assets, not node_modules files.
    ...(isSingleExecutable()
      ? {
          baseDir: assetDirectory('swagger-ui'),
          logo: { type: 'image/svg+xml', content: readAssetBuffer('swagger-ui/logo.svg') },
        }
      : {}),
  };
  await docs.register(fastifySwagger, swagger);
  await docs.register(fastifySwaggerUi, ui);
  // Described, never run: the app answers these routes itself.
  const described = () => {
    throw new Error('the documents instance only describes the API');
  };
  for (const { method, url, schema, config } of routes) docs.route({ method, url, schema, config, handler: described });
  await docs.ready();
  return docs;
}

interface Operation {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { anyOf?: { type?: string }[] } }> };
}

/**
 * A write that takes no body (NO_BODY, json-app.ts: nothing, or an empty object) says so: swagger marks
 * every declared body required, which would have clients send `{}` to them.
 */
function markBodiesOptional(paths: Record<string, Record<string, Operation>> | undefined) {
  for (const operation of Object.values(paths ?? {}).flatMap((methods) => Object.values(methods))) {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (operation.requestBody && schema?.anyOf?.some((s) => s.type === 'null')) operation.requestBody.required = false;
  }
}
