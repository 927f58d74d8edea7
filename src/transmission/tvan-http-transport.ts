/**
 * A TdiepTransport over HTTP in the T-VAN shape of tvan-protocol.ts: keep-alive agent, timeouts, bearer
 * token, configurable paths. An answer that is not a 200 in the protocol's shape leaves the outcome
 * unknown (TaxAuthorityUnavailable): the caller looks the id up before sending anything again.
 */
import { createKeepAliveClient } from '../http/undici.js';
import { unpackBytes } from './message-text.js';
import { TaxAuthorityUnavailable } from './tax-authority.js';
import type { TdiepTransport } from './tdiep-transport.js';
import {
  fromBase64,
  TVAN_CODES,
  TVAN_DEFAULT_PATHS,
  type TvanPaths,
  tvanRepliesAnswer,
  tvanSendAnswer,
} from './tvan-protocol.js';

export interface TvanOptions {
  url: string;
  token: string;
  paths?: Partial<TvanPaths>;
  timeoutMs?: number;
  /** Hears the T-VAN's time from each answer (its Date header): the node's clock is checked against it. */
  onServerTime?: (ms: number) => void;
}

export function createTvanHttpTransport(options: TvanOptions): TdiepTransport & { close(): Promise<void> } {
  const base = options.url.replace(/\/+$/, '');
  const paths = { ...TVAN_DEFAULT_PATHS, ...options.paths };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = createKeepAliveClient({ base, timeoutMs, headers: { authorization: `Bearer ${options.token}` } });

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const what = `${method} ${base}${path}`;
    let status: number;
    let text: string;
    let serverTime: number | undefined;
    try {
      ({ status, text, serverTime } = await client.call(method, path, body));
    } catch (error) {
      throw new TaxAuthorityUnavailable(`${what}: ${(error as Error).message}`);
    }
    if (serverTime !== undefined) options.onServerTime?.(serverTime);
    if (status !== 200) throw new TaxAuthorityUnavailable(`${what}: HTTP ${status} ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new TaxAuthorityUnavailable(`${what}: câu trả lời không phải JSON`);
    }
  }

  return {
    name: 'http',
    simulated: false,
    async send(tdiep) {
      const data = (await unpackBytes(tdiep)).toString('base64');
      const parsed = tvanSendAnswer.safeParse(await call('POST', paths.send, { data }));
      if (!parsed.success || parsed.data.code !== TVAN_CODES.ok)
        throw new TaxAuthorityUnavailable('Câu trả lời của T-VAN không đúng giao thức');
      return fromBase64(parsed.data.data);
    },
    async replies(messageId) {
      const answer = await call('GET', `${paths.replies}/${encodeURIComponent(messageId)}`);
      const parsed = tvanRepliesAnswer.safeParse(answer);
      if (!parsed.success) throw new TaxAuthorityUnavailable('Câu trả lời tra cứu của T-VAN không đúng giao thức');
      return parsed.data.code === TVAN_CODES.unknown ? [] : parsed.data.data.map(fromBase64);
    },
    close: client.close,
  };
}
