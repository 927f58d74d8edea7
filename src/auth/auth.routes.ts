import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { loginBody, loginResult, signOutResult, userSummary } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

/**
 * A login body is a username (64 characters) and a password (256): even escaped as \uXXXX that stays under
 * 4 KiB. The public route reads no more, so that unauthenticated clients cannot make the node hold large bodies.
 */
export const LOGIN_BODY_LIMIT_BYTES = 4 * 1024;

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/login',
      {
        bodyLimit: LOGIN_BODY_LIMIT_BYTES,
        schema: {
          tags: ['auth'],
          summary: 'Exchange a username and password for a bearer token',
          operationId: 'login',
          body: loginBody,
          response: { 200: ok(loginResult), ...errorResponses(400, 401, 413, 415, 429) },
        },
      },
      async (request) => success(await auth.login(request.body.username, request.body.password, request.ip)),
    );

    app.post(
      '/auth/logout',
      {
        bodyLimit: LOGIN_BODY_LIMIT_BYTES,
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the presented token stops authenticating, for good',
          operationId: 'logout',
          response: { 200: ok(signOutResult), ...errorResponses(400, 401, 409, 413, 415, 422, 429) },
        },
      },
      async (request, reply) => reply.commit(200, () => auth.signOut(request.token)),
    );

    app.get(
      '/auth/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The user behind the token',
          operationId: 'getCurrentUser',
          response: { 200: ok(userSummary), ...errorResponses(401, 429) },
        },
      },
      async (request) => success(request.user),
    );
  };
