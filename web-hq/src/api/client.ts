/**
 * The one API client of the HQ console: openapi-fetch typed by schema.d.ts (generated from HQ's OpenAPI
 * document by scripts/gen-api-types.mjs --hq). The session is the HttpOnly cookie the browser sends by itself;
 * a 401 sends the user back to sign in.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A validation error's fields (`body.automation.delayMinutes`) with HQ's Vietnamese message for each. */
    readonly details: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

const signedOut: Middleware = {
  onResponse({ request, response }) {
    if (response.status === 401 && !request.url.endsWith('/hq/v1/session')) onSignedOut();
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: location.origin, credentials: 'same-origin' });
api.use(signedOut);

/** The answer's data, or an ApiError with HQ's Vietnamese message. */
export async function call<T>(
  request: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<T> {
  let answer: Awaited<typeof request>;
  try {
    answer = await request;
  } catch {
    throw new ApiError(0, 'NETWORK', 'Không kết nối được với trụ sở. Kiểm tra mạng rồi thử lại.');
  }
  if (answer.data) return answer.data.data;
  const error = (
    answer.error as
      | { error?: { code?: string; message?: string; details?: { path: string; message: string }[] } }
      | undefined
  )?.error;
  throw new ApiError(
    answer.response.status,
    error?.code ?? 'ERROR',
    error?.message ?? 'Trụ sở không trả lời được.',
    error?.details ?? [],
  );
}

type Schemas = paths;
export type StoreSummary =
  Schemas['/hq/v1/stores']['get']['responses'][200]['content']['application/json']['data'][number];
export type RevenueItem =
  Schemas['/hq/v1/revenue']['get']['responses'][200]['content']['application/json']['data']['items'][number];
export type InvoiceItem =
  Schemas['/hq/v1/invoices/cursor']['get']['responses'][200]['content']['application/json']['data']['items'][number];
export type HqUser = Schemas['/hq/v1/users']['get']['responses'][200]['content']['application/json']['data'][number];
export type Session = Schemas['/hq/v1/session']['get']['responses'][200]['content']['application/json']['data'];
export type TaxProblem =
  Schemas['/hq/v1/tax-problems']['get']['responses'][200]['content']['application/json']['data']['items'][number];
export type FeedApplied =
  Schemas['/hq/v1/feed-applied']['get']['responses'][200]['content']['application/json']['data']['items'][number];
export type StoreSettings =
  Schemas['/hq/v1/stores/{id}/settings']['get']['responses'][200]['content']['application/json']['data'];
export type StoreFacts =
  Schemas['/hq/v1/store-facts']['get']['responses'][200]['content']['application/json']['data']['items'][number];
