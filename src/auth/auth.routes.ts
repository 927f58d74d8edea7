import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { loginBody, loginResult, userSummary } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/login',
      {
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
