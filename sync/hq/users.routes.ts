/** /hq/v1/users: HQ's users, for the owner (and the admin token); the same service as `hoadon hq user …`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, success } from '../../src/http/envelope.js';
import { errorResponses } from '../../src/http/openapi-errors.js';
import type { HqServices } from './hq-node.js';
import { disabledBody, hqUser, newHqUserBody, passwordBody, usernameParams } from './hq-users.schemas.js';

const ownerOnly = { hqAccess: 'owner' as const };

export const usersRoutes =
  ({ users }: HqServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users',
      {
        config: ownerOnly,
        schema: {
          summary: "HQ's users (owner only)",
          operationId: 'hqListUsers',
          response: { 200: ok(z.array(hqUser)), ...errorResponses(401, 403) },
        },
      },
      async () => success(await users.list()),
    );

    app.post(
      '/users',
      {
        config: ownerOnly,
        schema: {
          summary: 'Add a user (owner only)',
          operationId: 'hqAddUser',
          body: newHqUserBody,
          response: { 201: ok(hqUser), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async ({ body }, reply) => reply.code(201).send(success(await users.add(body))),
    );

    app.put(
      '/users/:username/password',
      {
        config: ownerOnly,
        schema: {
          summary: "Set a user's password (signs the user out everywhere; owner only)",
          operationId: 'hqSetUserPassword',
          params: usernameParams,
          body: passwordBody,
          response: { 200: ok(z.object({ changed: z.literal(true) })), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, body }) => {
        await users.setPassword(params.username, body.password);
        return success({ changed: true as const });
      },
    );

    app.put(
      '/users/:username/disabled',
      {
        config: ownerOnly,
        schema: {
          summary: 'Disable (signs out) or enable a user (owner only)',
          operationId: 'hqSetUserDisabled',
          params: usernameParams,
          body: disabledBody,
          response: { 200: ok(hqUser), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async ({ params, body }) => success(await users.setDisabled(params.username, body.disabled)),
    );
  };
