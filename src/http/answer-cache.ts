/**
 * Answers of read routes kept, as sent, until the data changes. Point-of-sale screens and the owner's
 * dashboard ask the same questions again and again (the first page of today's invoices, the month's
 * report, the year's top products) while nothing has been written; each answer costs a query over up to a
 * million invoices, a zod check and JSON. A route opts in with `config: { answerCache: true }` when its
 * answer depends only on the database, the user, the URL and the store-local date.
 *
 * The whole cache is dropped when the database generation moves (any row changed by this connection, or a
 * commit by any other: src/db/data-generation.ts) or the local date turns. An answer computed while a write
 * committed is never served (see onSend). A client that must bypass it sends `Cache-Control: no-cache`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE } from './envelope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer may be kept until the data changes (src/http/answer-cache.ts). */
    answerCache?: boolean;
  }
}

export interface AnswerCacheOptions {
  /** Changes whenever anything in the database may have changed. */
  generation: () => string;
  /** The store-local date: answers about "today" and "the last N days" turn with it. */
  localDate: () => string;
  /** The answers' total size in bytes: the oldest go first. */
  maxBytes: number;
}

/** Larger answers (a 200-row page with long names) are rare and cheap to rebuild compared with their memory. */
const MAX_ANSWER_BYTES = 256 * 1024;

interface Pending {
  key: string;
  state: string;
}

export function registerAnswerCache(app: FastifyInstance, options: AnswerCacheOptions): void {
  // Kept as the bytes sent: a hit then skips the handler, the response check, JSON and UTF-8 encoding.
  const answers = new Map<string, Buffer>();
  let bytes = 0;
  let cachedState = '';
  const pending = new WeakMap<FastifyRequest, Pending>();

  const currentState = () => `${options.generation()}|${options.localDate()}`;
  const keep = (key: string, answer: Buffer) => {
    // Concurrent misses of one question, and no-cache requests, answer a key that may already be kept.
    const replaced = answers.get(key);
    if (replaced) {
      answers.delete(key);
      bytes -= replaced.length;
    }
    answers.set(key, answer);
    bytes += answer.length;
    for (const [oldest, old] of answers) {
      if (bytes <= options.maxBytes) break;
      answers.delete(oldest);
      bytes -= old.length;
    }
  };

  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!request.routeOptions.config.answerCache || request.method !== 'GET') return done();
    const state = currentState();
    if (state !== cachedState) {
      answers.clear();
      bytes = 0;
      cachedState = state;
    }
    const key = `${request.user?.id ?? ''}\n${request.url}`;
    const bypass = /no-cache|no-store/.test(request.headers['cache-control'] ?? '');
    const answer = bypass ? undefined : answers.get(key);
    // A hook written with `done` that sends must not call it: the answer is on its way.
    if (answer !== undefined) return void reply.type(JSON_TYPE).send(answer);
    pending.set(request, { key, state });
    done();
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    done(null, kept(request, reply, payload));
  });

  /** The payload to send: a computed answer is kept, as the bytes sent, when it may be. */
  function kept(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const miss = pending.get(request);
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string' || payload.length > MAX_ANSWER_BYTES)
      return payload;
    // Read before the answer's data, the state is never newer than the answer. Kept under the state it was
    // asked in, an answer that a write overtook is never served: the next request reads the moved state and
    // drops the cache. Reading the state again here (SQLite's data_version) cost every computed answer a
    // second read: 7 % of a list request in a profile, 3–5 % of the throughput. Only a cache already moved
    // past the miss's state refuses it.
    if (miss.state !== cachedState) return payload;
    const answer = Buffer.from(payload);
    keep(miss.key, answer);
    return answer;
  }
}

/** A route's `config` to have its answers kept. */
export const cachedAnswer = { answerCache: true };
