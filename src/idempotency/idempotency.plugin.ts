/**
 * X-Idempotency-Key on every authenticated POST (docs/decisions.md §4), implemented once.
 *
 * preValidation looks the key up (scope: key + user): a stored response for the same request is replayed
 * with `Idempotent-Replayed: true`; the same key on another request is 422; a key whose first request is
 * still running is 409. Handlers answer through `reply.commit(status, work)`, which runs the work and
 * stores the response in one SQLite transaction, so a crash can never separate the two.
 */

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { WriteQueue } from '../db/write-queue.js';
import { canonicalJson } from '../domain/canonical-json.js';
import { AppError, validationError } from '../errors.js';
import { JSON_TYPE, success } from '../http/envelope.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

export const IDEMPOTENCY_HEADER = 'x-idempotency-key';
export const KEY_RETENTION_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface IdempotencyScope {
  userId: string;
  key: string;
  fingerprint: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: IdempotencyScope;
  }
  interface FastifyReply {
    /**
     * Runs `work` in one transaction with the storing of its response (group-committed with concurrent
     * requests, see src/db/write-queue.ts) and sends `{ success, data }` once it is on disk.
     */
    commit<T>(status: number, work: () => T): Promise<FastifyReply>;
  }
}

const keyReused = () =>
  new AppError('IDEMPOTENCY_KEY_REUSED', 422, 'Khóa X-Idempotency-Key này đã được dùng cho một yêu cầu khác.');
const inProgress = () =>
  new AppError('IDEMPOTENCY_IN_PROGRESS', 409, 'Yêu cầu với khóa X-Idempotency-Key này đang được xử lý.');

function fingerprintOf(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

export function registerIdempotency(
  app: FastifyInstance,
  deps: { writes: WriteQueue; keys: IdempotencyRepository; clock: Clock },
): void {
  const { writes, keys, clock } = deps;
  const running = new Set<string>();

  app.decorateRequest('idempotency', undefined);

  /** Answers a replay itself (true), or marks the request's scope to be stored with its answer. */
  function replayed(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'POST' || !request.user) return false;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return false;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw validationError('X-Idempotency-Key phải gồm 1–255 ký tự ASCII in được.', [
        { path: 'headers.x-idempotency-key', message: '1–255 ký tự ASCII in được' },
      ]);
    }
    const scope: IdempotencyScope = {
      userId: request.user.id,
      key: header,
      fingerprint: fingerprintOf(request.method, request.url, request.body),
    };
    const stored = keys.find(scope.userId, scope.key);
    if (stored && Date.parse(stored.createdAt) > clock.now().getTime() - KEY_RETENTION_MS) {
      if (stored.fingerprint !== scope.fingerprint) throw keyReused();
      reply.code(stored.statusCode).header('idempotent-replayed', 'true').send(JSON.parse(stored.responseBody));
      return true;
    }
    const runningKey = `${scope.userId}\n${scope.key}`;
    if (running.has(runningKey)) throw inProgress();
    running.add(runningKey);
    request.idempotency = scope;
    return false;
  }

  // Written with `done`: an async hook costs every request, GETs too, a promise and a turn.
  app.addHook('preValidation', (request, reply, done) => {
    let answered: boolean;
    try {
      answered = replayed(request, reply);
    } catch (error) {
      return done(error as Error);
    }
    // A hook that answered must not go on: the replay is on its way.
    if (!answered) done();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotency) running.delete(`${request.idempotency.userId}\n${request.idempotency.key}`);
    done();
  });

  app.decorateReply('commit', async function commit<T>(this: FastifyReply, status: number, work: () => T) {
    const scope = this.request.idempotency;
    this.code(status);
    // Serialised once, by the route's response schema and inside the transaction: the bytes sent are the
    // bytes stored for a replay, and a result the schema refuses commits nothing.
    const body = await writes.run(() => {
      // The routes' serializers are zod's JSON ones: a string.
      const text = this.serialize(success(work())) as string;
      if (scope) keys.save({ ...scope, statusCode: status, responseBody: text, createdAt: clock.now().toISOString() });
      return text;
    });
    return this.type(JSON_TYPE).send(body);
  });
}

/** Drops stored responses past the 24 h retention; the node runs it hourly. */
export function purgeExpiredKeys(keys: IdempotencyRepository, clock: Clock): number {
  return keys.deleteOlderThan(new Date(clock.now().getTime() - KEY_RETENTION_MS).toISOString());
}
