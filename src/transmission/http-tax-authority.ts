/**
 * The tax authority over HTTP (wire format: tax-authority.protocol.ts), with a keep-alive agent and
 * timeouts. Whatever leaves the answer unknown — no network, timeout, reset, a 5xx, an answer that is not
 * the protocol's — throws TaxAuthorityUnavailable: the worker keeps the message `sent` and asks about its
 * id before sending it again. Only an accepted or rejected reply is an answer.
 */
import { createKeepAliveClient } from '../http/undici.js';
import { type TaxAuthority, type TaxAuthorityAnswer, TaxAuthorityUnavailable } from './tax-authority.js';
import { MESSAGES_PATH, messageReplyEnvelope, type SubmitRequest } from './tax-authority.protocol.js';

export const HTTP_TIMEOUT_MS = 10_000;

export interface HttpTaxAuthority extends TaxAuthority {
  readonly url: string;
  /** Closes the idle keep-alive connections once requests in progress are done. */
  close(): Promise<void>;
}

export function createHttpTaxAuthority(url: string, options: { timeoutMs?: number } = {}): HttpTaxAuthority {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const base = url.replace(/\/+$/, '');
  const client = createKeepAliveClient({ base, timeoutMs });

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: SubmitRequest,
  ): Promise<{ status: number; json: unknown }> {
    const what = `${method} ${base}${path}`;
    try {
      const { status, text } = await client.call(method, path, body);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status, json };
    } catch (error) {
      throw new TaxAuthorityUnavailable(`${what}: ${(error as Error).message}`);
    }
  }

  function answerOf(status: number, json: unknown, messageId: string): TaxAuthorityAnswer {
    if (status !== 200) {
      const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
      throw new TaxAuthorityUnavailable(`HTTP ${status}${typeof message === 'string' ? `: ${message}` : ''}`);
    }
    const parsed = messageReplyEnvelope.safeParse(json);
    if (!parsed.success) throw new TaxAuthorityUnavailable('Câu trả lời của cơ quan thuế không đúng giao thức');
    const reply = parsed.data.data;
    // A reply to another message would settle the wrong invoice.
    if (reply.replyTo !== messageId)
      throw new TaxAuthorityUnavailable(`Câu trả lời cho thông điệp ${reply.replyTo}, không phải ${messageId}`);
    return reply.status === 'accepted'
      ? { status: 'accepted', at: reply.at }
      : { status: 'rejected', reason: reply.reason };
  }

  return {
    name: 'http',
    simulated: false,
    url: base,
    async submit(message) {
      const { status, json } = await call('POST', MESSAGES_PATH, message);
      return answerOf(status, json, message.messageId);
    },
    async query(messageId) {
      const { status, json } = await call('GET', `${MESSAGES_PATH}/${encodeURIComponent(messageId)}`);
      if (status === 404) return { status: 'unknown' };
      return answerOf(status, json, messageId);
    },
    close: client.close,
  };
}
