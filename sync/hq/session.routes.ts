/**
 * The console's sign-in at HQ: POST /hq/v1/session sets an HttpOnly, SameSite=Strict cookie (the console's
 * scripts never hold the token, and no other site's page can send it), DELETE ends the session, GET says who
 * is signed in. docs/hq.md "Users and roles".
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../../src/http/envelope.js';
import { errorResponses } from '../../src/http/openapi-errors.js';
import { storeScope } from './hq-access.js';
import { SESSION_COOKIE, sessionCookie } from './hq-auth.js';
import type { HqServices } from './hq-node.js';
import { hqSession, signInBody } from './hq-users.schemas.js';
import { SESSION_TTL_SECONDS } from './hq-users.service.js';

function setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`,
  );
}

/** The open route: signing in. */
export const signInRoute =
  ({ users }: HqServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/session',
      {
        schema: {
          summary: 'Sign in to the console (sets the session cookie)',
          operationId: 'hqSignIn',
          body: signInBody,
          response: { 200: ok(hqSession), ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const session = await users.signIn(username, password, request.ip);
        setCookie(request, reply, session.token, SESSION_TTL_SECONDS);
        const { role, stores } = session.user;
        return success({
          user: { username, role, stores: role === 'manager' ? stores : null },
          expiresAt: session.expiresAt,
        });
      },
    );
  };

/** Behind the guard: who is signed in, and signing out. */
export const sessionRoutes =
  ({ users }: HqServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/session',
      {
        schema: {
          summary: 'Who is signed in, with the stores the caller sees',
          operationId: 'hqCurrentSession',
          response: { 200: ok(hqSession), ...errorResponses(401, 403) },
        },
      },
      async ({ hqCaller }) =>
        success({
          user:
            hqCaller.kind === 'admin'
              ? { username: 'admin', role: 'admin' as const, stores: null }
              : { username: hqCaller.username, role: hqCaller.role, stores: storeScope(hqCaller)?.slice() ?? null },
          expiresAt: null,
        }),
    );

    app.delete(
      '/session',
      {
        schema: {
          summary: 'Sign out (ends the session and clears its cookie)',
          operationId: 'hqSignOut',
          response: { 200: ok(z.object({ signedOut: z.literal(true) })), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const token = sessionCookie(request);
        if (token !== undefined) await users.signOut(token);
        setCookie(request, reply, '', 0);
        return success({ signedOut: true as const });
      },
    );
  };
