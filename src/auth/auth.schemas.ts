import { z } from 'zod';
import { ROLES } from './roles.js';

export const loginBody = z.strictObject({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(256),
});

export const userSummary = z.object({ id: z.string(), username: z.string(), role: z.enum(ROLES) });

export const loginResult = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds until the token expires.'),
  user: userSummary,
});

export const signOutResult = z.object({ signedOut: z.literal(true) });
