/**
 * User management for an admin (docs/decisions.md §8): list, add, change the role, disable or enable, set a new
 * password. A changed role, a disabled account or a new password ends the user's tokens. The last active
 * admin can be neither disabled nor demoted: the store would have no one left to manage it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict } from '../errors.js';
import { ok, success } from '../http/envelope.js';
import { errorResponses } from '../http/openapi-errors.js';
import { ROLES } from './roles.js';
import type { PublicUser, UsersService } from './users.service.js';

const user = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
});
const password = z.string().max(200).describe('At least 8 characters');
const usernameParams = z.object({ username: z.string().min(1).max(64) });

/** Refuses a change that would leave no active admin. */
export function keepsAnAdmin(users: PublicUser[], username: string, change: { role?: string; disabled?: boolean }) {
  const target = users.find((u) => u.username === username);
  if (target?.role !== 'admin' || target.disabled) return;
  const losesAdmin = change.disabled === true || (change.role !== undefined && change.role !== 'admin');
  const otherAdmins = users.filter((u) => u.role === 'admin' && !u.disabled && u.username !== username);
  if (losesAdmin && otherAdmins.length === 0)
    throw conflict('Không thể khóa hoặc đổi vai trò của quản trị viên cuối cùng đang hoạt động.');
}

export const userRoutes =
  (users: UsersService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['users'];
    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'Every user of the store, with role and whether disabled',
          operationId: 'listUsers',
          response: { ...errorResponses(401, 403, 429), 200: ok(z.array(user)) },
        },
      },
      async () => success(users.list()),
    );
    app.post(
      '/users',
      {
        schema: {
          tags,
          summary: 'Add a user with a role and an initial password',
          operationId: 'createUser',
          body: z.strictObject({
            username: z.string().max(64),
            // A new user sells until the admin gives them more.
            role: z.enum(ROLES).default('cashier'),
            password,
          }),
          response: { ...errorResponses(400, 401, 403, 409, 422, 429), 201: ok(user) },
        },
      },
      async (request, reply) => {
        const { username, role, password: secret } = request.body;
        const write = await users.prepareAdd(username, role, secret);
        return reply.commit(201, write);
      },
    );
    app.patch(
      '/users/:username',
      {
        schema: {
          tags,
          summary: "Change a user's role, or disable or enable the account (ends the user's tokens)",
          operationId: 'updateUser',
          params: usernameParams,
          body: z
            .strictObject({ role: z.enum(ROLES).optional(), disabled: z.boolean().optional() })
            .refine((b) => b.role !== undefined || b.disabled !== undefined, 'Cần role hoặc disabled.'),
          response: { ...errorResponses(400, 401, 403, 404, 409, 429), 200: ok(user) },
        },
      },
      async (request, reply) =>
        reply.commit(200, () => {
          const { username } = request.params;
          const { role, disabled } = request.body;
          keepsAnAdmin(users.list(), username, request.body);
          if (role !== undefined) users.setRole(username, role);
          if (disabled !== undefined) users.setDisabled(username, disabled);
          return users.find(username);
        }),
    );
    app.post(
      '/users/:username/password',
      {
        schema: {
          tags,
          summary: "Set a user's new password (signs the user out everywhere)",
          operationId: 'setUserPassword',
          params: usernameParams,
          body: z.strictObject({ password }),
          response: { ...errorResponses(400, 401, 403, 404, 422, 429), 200: ok(user) },
        },
      },
      async (request, reply) => {
        const write = await users.prepareSetPassword(request.params.username, request.body.password);
        return reply.commit(200, () => {
          write();
          return users.find(request.params.username);
        });
      },
    );
  };
