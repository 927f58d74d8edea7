/**
 * A TdiepTransport over HTTP in the T-VAN shape of tvan-protocol.ts: keep-alive agent, timeouts,
 * configurable paths, and the provider's credentials (tvan-credentials.ts): a static bearer token, or a
 * user name and password exchanged for a token at the login path, logged in again when the token expires or
 * the T-VAN answers 401. An answer that is not a 200 in the protocol's shape leaves the outcome unknown
 * (TaxAuthorityUnavailable): the caller looks the id up before sending anything again. A refused
 * credential is a TvanAuthenticationFailed (the same kind: the invoices stay queued, nothing is lost), and
 * `problem()` says it in Vietnamese until a call goes through again.
 */
import { createKeepAliveClient } from '../http/undici.js';
import { unpackBytes } from './message-text.js';
import { TaxAuthorityUnavailable } from './tax-authority.js';
import type { TdiepTransport } from './tdiep-transport.js';
import { readLoginAnswer, type TvanCredentials, tvanLoginRequest } from './tvan-credentials.js';
import {
  fromBase64,
  TVAN_CODES,
  TVAN_DEFAULT_PATHS,
  type TvanPaths,
  tvanRepliesAnswer,
  tvanSendAnswer,
} from './tvan-protocol.js';

/** The T-VAN refused the node's credentials (401/403, or a login that gave no token). */
export class TvanAuthenticationFailed extends TaxAuthorityUnavailable {
  override name = 'TvanAuthenticationFailed';
}

export interface TvanOptions {
  url: string;
  credentials: TvanCredentials;
  paths?: Partial<TvanPaths>;
  timeoutMs?: number;
  /** Hears the T-VAN's time from each answer (its Date header): the node's clock is checked against it. */
  onServerTime?: (ms: number) => void;
  /** Hears when the credentials start being refused (the problem) and when they work again (undefined). */
  onAuthentication?: (problem: string | undefined) => void;
  now?: () => number;
}

/** A token is renewed this long before the lifetime the provider gave runs out. */
const RENEW_MARGIN_MS = 60_000;
const REFUSED = new Set([401, 403]);

export function createTvanHttpTransport(
  options: TvanOptions,
): TdiepTransport & { close(): Promise<void>; problem(): string | undefined } {
  const base = options.url.replace(/\/+$/, '');
  const paths = { ...TVAN_DEFAULT_PATHS, ...options.paths };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const { credentials } = options;
  const client = createKeepAliveClient({ base, timeoutMs });
  let token: { value: string; renewAt: number } | undefined =
    credentials.kind === 'token' ? { value: credentials.token, renewAt: Number.POSITIVE_INFINITY } : undefined;
  let refused: string | undefined;

  function authenticationFailed(detail: string): TvanAuthenticationFailed {
    const problem = `T-VAN từ chối xác thực (${detail}): kiểm tra mã truy cập hoặc tên đăng nhập và mật khẩu T-VAN trong cấu hình (HOADON_TVAN_*). Hóa đơn vẫn chờ trong hàng đợi, không mất.`;
    if (refused === undefined) options.onAuthentication?.(problem);
    refused = problem;
    return new TvanAuthenticationFailed(problem);
  }

  async function request(method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>) {
    try {
      const answer = await client.call(method, path, body, headers);
      if (answer.serverTime !== undefined) options.onServerTime?.(answer.serverTime);
      return answer;
    } catch (error) {
      throw new TaxAuthorityUnavailable(`${method} ${base}${path}: ${(error as Error).message}`);
    }
  }

  async function login(): Promise<string> {
    if (credentials.kind !== 'login') throw new Error('no login credentials');
    const { status, text } = await request('POST', credentials.loginPath, tvanLoginRequest(credentials), {});
    if (REFUSED.has(status)) throw authenticationFailed(`đăng nhập: HTTP ${status}`);
    if (status !== 200) throw new TaxAuthorityUnavailable(`POST ${base}${credentials.loginPath}: HTTP ${status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const answer = readLoginAnswer(parsed);
    if (!answer) throw authenticationFailed('đăng nhập không trả mã truy cập');
    const lifetime = answer.expiresInSeconds === undefined ? Number.POSITIVE_INFINITY : answer.expiresInSeconds * 1000;
    token = { value: answer.token, renewAt: now() + Math.max(0, lifetime - RENEW_MARGIN_MS) };
    return answer.token;
  }

  async function authorization(fresh: boolean): Promise<Record<string, string>> {
    if (credentials.kind === 'none') return {};
    if (credentials.kind === 'login' && (fresh || !token || now() >= token.renewAt)) await login();
    return token ? { authorization: `Bearer ${token.value}` } : {};
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const what = `${method} ${base}${path}`;
    let answer = await request(method, path, body, await authorization(false));
    // A token the T-VAN no longer takes: log in once more, then ask again.
    if (REFUSED.has(answer.status) && credentials.kind === 'login')
      answer = await request(method, path, body, await authorization(true));
    if (REFUSED.has(answer.status)) throw authenticationFailed(`HTTP ${answer.status}`);
    if (refused !== undefined) {
      refused = undefined;
      options.onAuthentication?.(undefined);
    }
    if (answer.status !== 200)
      throw new TaxAuthorityUnavailable(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
    try {
      return JSON.parse(answer.text);
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
    problem: () => refused,
    close: client.close,
  };
}
