/**
 * The one API client of the console: openapi-fetch typed by schema.d.ts (generated from the node's OpenAPI
 * document by scripts/gen-api-types.mjs). The token of the tab rides on every request; a 401 ends the
 * session and sends the user to sign in, back to the same page afterwards.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import { sessionExpired, tokenOf } from '../auth/session';
import type { paths } from './schema';

export interface FieldProblem {
  path: string;
  message: string;
}

/** An enveloped API error (docs/decisions.md §3), or a network failure (`status` 0, code `NETWORK`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
  }
  get offline(): boolean {
    return this.status === 0;
  }
}

const authorize: Middleware = {
  onRequest({ request }) {
    const token = tokenOf();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !request.url.endsWith('/auth/login')) sessionExpired();
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: location.origin });
api.use(authorize);

interface Envelope<T> {
  success: boolean;
  data?: T;
  error?: { code: string; message: string; details?: FieldProblem[] };
}

const OFFLINE_MESSAGE = 'Không kết nối được với máy chủ cửa hàng.';

/**
 * The `data` of a successful answer; otherwise an ApiError with the node's Vietnamese message. Network
 * failures (the node away) become ApiError with status 0 so that callers can retry.
 */
export async function call<T>(
  request: Promise<{ data?: Envelope<T>; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: Envelope<T>; error?: unknown; response: Response };
  try {
    result = await request;
  } catch {
    throw new ApiError(0, 'NETWORK', OFFLINE_MESSAGE);
  }
  if (result.response.ok && result.data?.data !== undefined) return result.data.data;
  const problem = (result.error as Envelope<T> | undefined)?.error;
  throw new ApiError(
    result.response.status,
    problem?.code ?? 'HTTP',
    problem?.message ?? `Máy chủ trả lời ${result.response.status}.`,
    problem?.details ?? [],
  );
}

/** A binary answer (PDF, XML) fetched with the session's token, as a Blob. */
export async function download(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { authorization: `Bearer ${tokenOf() ?? ''}` } });
  } catch {
    throw new ApiError(0, 'NETWORK', OFFLINE_MESSAGE);
  }
  if (response.status === 401) sessionExpired();
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Envelope<never>;
    throw new ApiError(response.status, body.error?.code ?? 'HTTP', body.error?.message ?? `Lỗi ${response.status}.`);
  }
  return response.blob();
}

/** A key made once per intended write, kept with its draft so that a retry repeats the same request. */
export function newIdempotencyKey(): string {
  // getRandomValues, not randomUUID: a till on the shop LAN (http://192.168.…) is not a secure context.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
