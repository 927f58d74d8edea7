import type * as Undici from 'undici';

/**
 * undici (the HTTP client towards the tax authority, headquarters and the MST registry) loads at the first
 * outgoing request rather than at start: about 80 ms of a cold start, and a shop with neither an HTTP tax
 * authority nor headquarters configured never needs it.
 */
let undici: Promise<typeof Undici> | undefined;
export const loadUndici = () => (undici ??= import('undici'));

/** A server's time from its answer's Date header, in ms; undefined when it sent none or an unreadable one. */
export function serverTimeOf(headers: Record<string, string | string[] | undefined>): number | undefined {
  const time = Date.parse(String(headers.date));
  return Number.isFinite(time) ? time : undefined;
}

/**
 * JSON requests to one base url over a keep-alive agent made at the first request, each phase bounded by
 * `timeoutMs`. Answers the status, the body's text and the server's time (its Date header, when it sent
 * one); a network failure or timeout rejects.
 */
export function createKeepAliveClient(options: { base: string; timeoutMs: number; headers?: Record<string, string> }) {
  let agent: Undici.Agent | undefined;
  return {
    async call(
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      /** Headers of this request only (a credential that changes, e.g. a renewed token). */
      headers?: Record<string, string>,
    ): Promise<{ status: number; text: string; serverTime?: number }> {
      const { Agent, request } = await loadUndici();
      agent ??= new Agent({
        keepAliveTimeout: 30_000,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connect: { timeout: options.timeoutMs },
      });
      const response = await request(`${options.base}${path}`, {
        method,
        dispatcher: agent,
        headers: { ...options.headers, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : null,
      });
      const serverTime = serverTimeOf(response.headers);
      return {
        status: response.statusCode,
        text: await response.body.text(),
        ...(serverTime === undefined ? {} : { serverTime }),
      };
    },
    close: async () => agent?.close(),
  };
}
