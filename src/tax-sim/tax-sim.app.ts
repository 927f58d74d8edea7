/**
 * The HTTP service of `hoadon tax-sim`: the tax authority's side of the wire format
 * (src/transmission/tax-authority.protocol.ts) and its MST look-up, with injectable faults, plus admin
 * routes for tests (stats, faults). Builds the app and never listens (tax-sim.server.ts listens). Same
 * envelope and error handler as the node. No authentication: it is a test tool for loopback or a lab LAN.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPackageVersion } from '../assets.js';
import { type Clock, systemClock } from '../clock.js';
import { createStorageHealth } from '../db/storage-health.js';
import { checkMst } from '../domain/mst.js';
import { AppError, notFound, validationError } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { sendError } from '../http/error-handler.js';
import { createJsonApp } from '../http/json-app.js';
import type { SigningMaterial } from '../signing/keys.js';
import { validateMessage } from '../tax-messages/schemas.js';
import {
  MAX_MESSAGE_BYTES,
  MESSAGES_PATH,
  messageId,
  messageReply,
  submitRequest,
} from '../transmission/tax-authority.protocol.js';
import {
  fromBase64,
  TVAN_CODES,
  TVAN_DEFAULT_PATHS,
  toBase64,
  tvanRepliesAnswer,
  tvanSendAnswer,
  tvanSendRequest,
} from '../transmission/tvan-protocol.js';
import { verifyInvoiceXml } from '../xml/xml-verify.js';
import { createFaults, type Faults, type FaultsPatch, faultsPatch, faultsView } from './tax-sim.faults.js';
import { createTaxSimRegistry } from './tax-sim.registry.js';
import { createTaxSimService, type TaxSimService } from './tax-sim.service.js';
import { createTaxSimStore } from './tax-sim.store.js';
import { authorityIdentity, createTdiepAuthority, type TdiepAuthority } from './tax-sim.tdiep.js';
import { createTdiepStore } from './tax-sim.tdiep-store.js';

z.config(z.locales.vi());

export interface TaxSimDeps {
  /** Opened with openDatabaseFile: a file under --data-dir, or ':memory:'. */
  sqlite: Database.Database;
  clock?: Clock;
  random?: () => number;
  faults?: FaultsPatch;
  logLevel?: string;
  /** How long after the 999 the business replies (102/103, 202, 204, 301) become visible; 1 s by default. */
  replyDelayMs?: number;
  /** The authority's signing identity; a DEMO certificate made at start by default. */
  authorityIdentity?: SigningMaterial;
}

const statsView = z.object({
  received: z
    .number()
    .int()
    .describe('distinct invoices received (one a JSON message, or in TDiep messages past their 999)'),
  accepted: z.number().int(),
  rejected: z.number().int(),
  duplicates: z.number().int().describe('messages carrying an invoice already received under another message id'),
  resent: z.number().int().describe('submissions of a message id already known (answered from the record)'),
  messages: z.number().int().describe('distinct TDiep messages received'),
  inFlight: z.number().int().describe('requests held by latency or timeout right now'),
  faulted: z.number().int().describe('requests refused, reset or failed by a fault since start'),
});

const registryRecord = z.object({ mst: z.string(), name: z.string(), address: z.string(), status: z.string() });

/** Closes the connection without a reply, as a network failure would. */
function drop(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack();
  request.raw.socket.destroy();
  return reply;
}

export async function buildTaxSimApp(deps: TaxSimDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const faults = createFaults({ clock, random: deps.random, initial: deps.faults });
  const service = createTaxSimService({
    store: createTaxSimStore(deps.sqlite),
    faults,
    verify: verifyInvoiceXml,
    clock,
  });
  const tdiep = createTdiepAuthority({
    store: createTdiepStore(deps.sqlite),
    validate: validateMessage,
    clock,
    identity: authorityIdentity(deps.authorityIdentity, clock),
    replyDelayMs: () => deps.replyDelayMs ?? 1000,
    takeRejection: () => faults.takeRejection(),
  });
  const counters = { inFlight: 0, faulted: 0 };
  const startedAt = clock.now().getTime();
  const version = readPackageVersion();

  const app = createJsonApp({
    logLevel: deps.logLevel,
    // A 2 MB XML grows when escaped into JSON; the 2 MB rule itself is checked on the XML (answered rejected).
    bodyLimit: 2 * MAX_MESSAGE_BYTES,
    maxParamLength: 200,
    // Held requests (timeout fault) must not keep a stopping simulator alive.
    forceCloseConnections: true,
    storage: createStorageHealth(clock),
  });

  app.get(
    '/health',
    {
      schema: {
        response: {
          200: ok(
            z.object({
              status: z.literal('ok'),
              version: z.string(),
              uptimeSeconds: z.number().int(),
              storage: z.enum(['file', 'memory']),
              faults: faultsView,
            }),
          ),
        },
      },
    },
    async () =>
      success({
        status: 'ok' as const,
        version,
        uptimeSeconds: Math.floor((clock.now().getTime() - startedAt) / 1000),
        storage: deps.sqlite.memory ? ('memory' as const) : ('file' as const),
        faults: faults.view(),
      }),
  );
  app.get('/admin/stats', { schema: { response: { 200: ok(statsView) } } }, async () => {
    // Both wires together: invoices one by one over JSON, and invoices in TDiep messages.
    const json = service.stats();
    const packed = tdiep.stats();
    return success({
      received: json.received + packed.invoicesReceived,
      accepted: json.accepted + packed.acceptedInvoices,
      rejected: json.rejected + packed.invoicesReceived - packed.acceptedInvoices,
      duplicates: json.duplicates + packed.invoiceDuplicates,
      resent: json.resent + packed.resent,
      messages: packed.received,
      ...counters,
    });
  });
  app.get('/admin/faults', { schema: { response: { 200: ok(faultsView) } } }, async () => success(faults.view()));
  app.post('/admin/faults', { schema: { body: faultsPatch, response: { 200: ok(faultsView) } } }, async ({ body }) =>
    success(faults.apply(body)),
  );
  app.delete('/admin/faults', { schema: { response: { 200: ok(faultsView) } } }, async () => success(faults.clear()));

  await app.register(authorityRoutes(service, faults, counters, tdiep));
  return app;
}

const authorityRoutes =
  (
    service: TaxSimService,
    faults: Faults,
    counters: { inFlight: number; faulted: number },
    tdiep: TdiepAuthority,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const registry = createTaxSimRegistry();

    app.addHook('onRequest', async (request, reply) => {
      const fault = faults.onArrival();
      if (!fault) return undefined;
      counters.faulted += 1;
      if (fault === 'refuse' || fault === 'reset') return drop(request, reply);
      return fault === 'unavailable'
        ? sendError(
            request,
            reply,
            new AppError('SERVICE_UNAVAILABLE', 503, 'Hệ thống cơ quan thuế đang gián đoạn (giả lập).', undefined, {
              'retry-after': '5',
            }),
          )
        : sendError(request, reply, new AppError('INTERNAL_ERROR', 500, 'Lỗi hệ thống cơ quan thuế (giả lập).'));
    });
    app.addHook('preHandler', async (request, reply) => {
      if (faults.timeout()) {
        counters.inFlight += 1;
        request.raw.socket.once('close', () => (counters.inFlight -= 1));
        reply.hijack();
        return reply;
      }
      const latencyMs = faults.latencyMs();
      if (latencyMs === 0) return undefined;
      counters.inFlight += 1;
      try {
        await sleep(latencyMs);
      } finally {
        counters.inFlight -= 1;
      }
      return undefined;
    });

    app.post(
      MESSAGES_PATH,
      { schema: { body: submitRequest, response: { 200: ok(messageReply) } } },
      async (request, reply) => {
        const answer = service.receive(request.body);
        if (faults.commitThenDrop()) return drop(request, reply);
        return success(answer);
      },
    );
    app.get(
      `${MESSAGES_PATH}/:messageId`,
      { schema: { params: z.object({ messageId }), response: { 200: ok(messageReply) } } },
      async ({ params }) => {
        const answer = service.find(params.messageId);
        if (!answer) throw notFound('thông điệp', params.messageId);
        return success(answer);
      },
    );
    // The T-VAN shape (src/transmission/tvan-protocol.ts): any bearer token is accepted, and no credential
    // at all (a node configured without T-VAN credentials); any other Authorization is refused.
    const bearer = async (request: FastifyRequest) => {
      const given = request.headers.authorization;
      if (given !== undefined && !/^Bearer \S+$/.test(given))
        throw new AppError('UNAUTHORIZED', 401, 'Mã truy cập của T-VAN phải có dạng Bearer.');
    };
    app.post(
      TVAN_DEFAULT_PATHS.send,
      { onRequest: bearer, schema: { body: tvanSendRequest, response: { 200: tvanSendAnswer } } },
      async (request, reply) => {
        const answer = await tdiep.receive(fromBase64(request.body.data));
        if (faults.commitThenDrop()) return drop(request, reply);
        return { code: TVAN_CODES.ok, message: 'Đã nhận thông điệp', data: toBase64(answer) };
      },
    );
    app.get(
      `${TVAN_DEFAULT_PATHS.replies}/:messageId`,
      {
        onRequest: bearer,
        schema: { params: z.object({ messageId: z.string().max(46) }), response: { 200: tvanRepliesAnswer } },
      },
      async ({ params }) =>
        tdiep.isKnown(params.messageId)
          ? { code: TVAN_CODES.ok, message: 'Các phản hồi đã có', data: tdiep.replies(params.messageId).map(toBase64) }
          : { code: TVAN_CODES.unknown, message: 'Không tìm thấy thông điệp', data: [] },
    );
    app.get(
      '/mst/:mst',
      { schema: { params: z.object({ mst: z.string().max(20) }), response: { 200: ok(registryRecord) } } },
      async ({ params }) => {
        const checked = checkMst(params.mst);
        if (!checked.ok)
          throw validationError(checked.message, [
            { path: 'params.mst', message: `${checked.rule}: ${checked.message}` },
          ]);
        const record = registry.lookup(checked.mst);
        if (!record) throw notFound('doanh nghiệp có mã số thuế', checked.mst);
        return success({ ...record, address: record.address ?? '' });
      },
    );
  };
