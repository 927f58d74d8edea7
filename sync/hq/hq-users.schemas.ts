/** HQ's sign-in and users: requests and answers (zod: validation, types and the OpenAPI document). */
import { z } from 'zod';
import { storeIdString } from '../protocol.js';
import { HQ_ROLES } from './users.table.js';

export const signInBody = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(256),
});

export const hqUser = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(HQ_ROLES),
  stores: z.array(z.string()).describe("A manager's stores; empty for the other roles"),
  disabled: z.boolean(),
  createdAt: z.string(),
});

export const hqSession = z.object({
  user: z.object({
    username: z.string(),
    role: z.enum([...HQ_ROLES, 'admin']).describe('`admin`: the admin token (scripts)'),
    stores: z.array(z.string()).nullable().describe('The stores the caller sees; null: every store'),
  }),
  expiresAt: z.string().nullable().describe("The session's end; null for the admin token"),
});

export const newHqUserBody = z.object({
  username: z.string().min(1).max(64),
  role: z.enum(HQ_ROLES),
  stores: z.array(storeIdString).max(1000).optional(),
  password: z.string().min(1).max(256),
});

export const usernameParams = z.object({ username: z.string().min(1).max(64) });
export const passwordBody = z.object({ password: z.string().min(1).max(256) });
export const disabledBody = z.object({ disabled: z.boolean() });
