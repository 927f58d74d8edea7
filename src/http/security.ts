/**
 * HTTP hardening: security headers, CORS closed unless origins are allowed in config (a browser POS on
 * another origin), and a request rate limit per user (per address before login). Registered after the
 * auth guard so that an authenticated request is counted against its user, not the shop's shared NAT.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../errors.js';

export interface SecurityOptions {
  corsOrigins: string[];
  /** Requests per minute per user or address; 0 turns the limit off (benchmarks). */
  rateLimitPerMinute: number;
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    // A JSON API loads nothing; the docs UI sets its own policy for its pages.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    hsts: false,
  });
  await app.register(cors, {
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-idempotency-key'],
    exposedHeaders: ['idempotent-replayed', 'retry-after'],
    maxAge: 600,
  });
  if (options.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  }
}
