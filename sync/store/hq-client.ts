/**
 * The two calls of the sync protocol over HTTP (undici, with timeouts). An answer from HQ is never a throw;
 * no answer (network, timeout, a body that is not the envelope) is HqUnavailable.
 */
import type { Agent } from 'undici';
import { loadUndici, serverTimeOf } from '../../src/http/undici.js';
import {
  type PullAnswer,
  type PushAnswer,
  type PushBody,
  pullAnswer,
  pushAnswer,
  type StoreReport,
  SYNC_PREFIX,
} from '../protocol.js';
import { STATUS_REPORT_PATH, type StatusReport, statusReportAnswer } from '../status-report.js';
import type { OutboxRecord } from './outbox.repository.js';

export class HqUnavailable extends Error {
  override name = 'HqUnavailable';
}

export interface HqError {
  status: number;
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

export type HqAnswer<T> = { ok: true; data: T } | { ok: false; error: HqError };

/**
 * Pushes one connection carries at once (HTTP/1.1 pipelining). One connection, so that HQ receives the
 * batches in the order they were sent and applies each right after its predecessor; on two connections the
 * later batch could arrive first and be refused as a gap.
 */
export const PUSHES_IN_FLIGHT = 2;

/** A PushBody whose payloads are still the outbox's JSON text. */
export type OutboxPushBody = Omit<PushBody, 'records'> & { records: OutboxRecord[] };

export interface HqClient {
  push(body: OutboxPushBody, idempotencyKey: string): Promise<HqAnswer<PushAnswer>>;
  pull(cursor: number, limit: number): Promise<HqAnswer<PullAnswer>>;
  /** The store's facts and tax-authority problems (sync/status-report.ts); an older HQ answers 404. */
  status?(report: StatusReport): Promise<HqAnswer<unknown>>;
  /** HQ's time when it last answered (its Date header), in ms; undefined before any answer. */
  serverTime(): number | undefined;
  /** Closes the client's connections: a pass ends with none left open, so `hoadon sync now` exits at once. */
  close(): Promise<void>;
}

/**
 * The PushBody's JSON bytes with each stored payload spliced in as it is: the outbox holds canonical JSON it
 * wrote itself, and parsing it only to serialise it again doubled the store's JSON work per batch for nothing.
 */
export function pushBodyBytes(body: OutboxPushBody): Buffer {
  const head = `{"storeId":${JSON.stringify(body.storeId)},"batchSeq":${body.batchSeq},"records":[`;
  const envelopes = body.records.map(
    (r, i) =>
      `${i === 0 ? '' : ','}{"seq":${r.seq},"recordId":${JSON.stringify(r.recordId)},"kind":${JSON.stringify(r.kind)},"version":${r.version},"at":${JSON.stringify(r.at)},"payload":`,
  );
  let size = Buffer.byteLength(head) + 2;
  envelopes.forEach((envelope, i) => {
    size += Buffer.byteLength(envelope) + body.records[i]!.payload.length + 1;
  });
  const bytes = Buffer.allocUnsafe(size);
  let at = bytes.write(head);
  body.records.forEach((r, i) => {
    at += bytes.write(envelopes[i]!, at);
    at += r.payload.copy(bytes, at);
    at += bytes.write('}', at);
  });
  bytes.write(']}', at);
  return bytes;
}

export function createHqClient(options: {
  url: string;
  credential: string;
  timeoutMs?: number;
  report?: () => StoreReport;
  /** Hears what HQ announces with each answer (protocol.ts `hqPublicUrl`; undefined from an older HQ). */
  heard?: (hqPublicUrl: string | null | undefined) => void;
}): HqClient {
  const announced = <T extends { hqPublicUrl?: string | null | undefined }>(answer: T): T => {
    options.heard?.(answer.hqPublicUrl);
    return answer;
  };
  const base = `${options.url.replace(/\/$/, '')}${SYNC_PREFIX}`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let dispatcher: Agent | undefined;
  let serverTime: number | undefined;

  async function call<T>(
    path: string,
    parse: (data: unknown) => T,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Buffer; idempotent?: boolean },
  ): Promise<HqAnswer<T>> {
    let status: number;
    let envelope: { success?: boolean; data?: unknown; error?: Partial<HqError> };
    try {
      const { Agent, request } = await loadUndici();
      dispatcher ??= new Agent({ connectTimeout: timeoutMs, connections: 1, pipelining: PUSHES_IN_FLIGHT });
      const response = await request(`${base}${path}`, {
        method: init.method,
        headers: { authorization: `Bearer ${options.credential}`, ...init.headers },
        body: init.body,
        ...(init.idempotent ? { idempotent: true } : {}),
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      status = response.statusCode;
      serverTime = serverTimeOf(response.headers) ?? serverTime;
      envelope = (await response.body.json()) as typeof envelope;
    } catch (error) {
      throw new HqUnavailable((error as Error).message);
    }
    if (envelope?.success === true) {
      try {
        return { ok: true, data: parse(envelope.data) };
      } catch {
        throw new HqUnavailable(`HQ answered ${status} with data that does not follow the protocol`);
      }
    }
    const error = envelope?.error ?? {};
    return {
      ok: false,
      error: {
        status,
        code: String(error.code ?? `HTTP_${status}`),
        message: String(error.message ?? ''),
        ...(Array.isArray(error.details) ? { details: error.details } : {}),
      },
    };
  }

  return {
    push: (body, idempotencyKey) =>
      call('/push', (data) => announced(pushAnswer.parse(data)), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-idempotency-key': idempotencyKey },
        body: pushBodyBytes(body),
        // A push may travel behind another on the connection: HQ answers a repeated key as before.
        idempotent: true,
      }),
    pull: (cursor, limit) => {
      const report = options.report?.();
      const headers = report
        ? { 'x-hoadon-version': report.version, 'x-sync-pending': String(report.pending) }
        : undefined;
      return call(`/pull?cursor=${cursor}&limit=${limit}`, (data) => announced(pullAnswer.parse(data)), {
        method: 'GET',
        headers,
      });
    },
    status: (report) =>
      call(STATUS_REPORT_PATH, (data) => statusReportAnswer.parse(data), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(report)),
      }),
    serverTime: () => serverTime,
    close: async () => dispatcher?.destroy(),
  };
}
