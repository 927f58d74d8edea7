/**
 * How the node proves itself to its T-VAN, read from the node's configuration (src/config.ts: flags or
 * HOADON_TVAN_* variables, the one place; docs/transmission.md "Credentials"): a static token the provider
 * gave, or a user name and password exchanged for a token at the provider's login path. Nothing is written
 * in the code; with none configured the node sends no Authorization header (`hoadon tax-sim` accepts that).
 */
import { z } from 'zod';

export type TvanCredentials =
  | { kind: 'none' }
  | { kind: 'token'; token: string }
  | { kind: 'login'; username: string; password: string; loginPath: string };

export const DEFAULT_LOGIN_PATH = '/api/auth/login';

export function tvanCredentials(config: {
  tvanToken?: string;
  tvanUsername?: string;
  tvanPassword?: string;
  tvanLoginPath?: string;
}): TvanCredentials {
  if (config.tvanToken) return { kind: 'token', token: config.tvanToken };
  if (config.tvanUsername && config.tvanPassword)
    return {
      kind: 'login',
      username: config.tvanUsername,
      password: config.tvanPassword,
      loginPath: config.tvanLoginPath ?? DEFAULT_LOGIN_PATH,
    };
  return { kind: 'none' };
}

/** The login request: `{ "username", "password" }` as JSON, the shape most providers take. */
export const tvanLoginRequest = (credentials: { username: string; password: string }) => ({
  username: credentials.username,
  password: credentials.password,
});

const tokenField = z.string().min(1);
const seconds = z.coerce.number().positive();
/**
 * The login answer, read liberally since each provider names its fields: the token as `token`,
 * `accessToken` or `access_token`, at the top or under `data`; its lifetime in seconds as `expiresIn` or
 * `expires_in` (optional: without one the token is kept until the T-VAN answers 401).
 */
const tokenHolder = z.looseObject({
  token: tokenField.optional(),
  accessToken: tokenField.optional(),
  access_token: tokenField.optional(),
  expiresIn: seconds.optional(),
  expires_in: seconds.optional(),
});

export function readLoginAnswer(body: unknown): { token: string; expiresInSeconds?: number } | undefined {
  const top = tokenHolder.safeParse(body);
  if (!top.success) return undefined;
  const nested = tokenHolder.safeParse((body as { data?: unknown }).data);
  for (const holder of [nested.success ? nested.data : undefined, top.data]) {
    const token = holder?.token ?? holder?.accessToken ?? holder?.access_token;
    if (!token) continue;
    const expires = holder?.expiresIn ?? holder?.expires_in;
    return { token, ...(expires === undefined ? {} : { expiresInSeconds: expires }) };
  }
  return undefined;
}
