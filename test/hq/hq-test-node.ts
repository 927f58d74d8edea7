/**
 * A real headquarters for tests: a fresh data dir with its own SQLite file and migrations, the same
 * services and app as `hoadon hq`, driven through app.inject, with a clock the test moves.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHqApp } from '../../sync/hq/hq-app.js';
import { openHq, type OpenedHq } from '../../sync/hq/hq-node.js';
import type { PushRecord } from '../../sync/protocol.js';
import { testClock } from '../support/clock.js';
import type { ApiResponse } from '../support/test-node.js';
import type { Answer } from '../support/answer.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';

export interface TestHq {
  app: FastifyInstance;
  hq: OpenedHq;
  clock: ReturnType<typeof testClock>;
  request<T = Answer>(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** Registers a store and answers its credential. */
  addStore(id: string): string;
  push(credential: string, storeId: string, records: PushRecord[], key?: string): Promise<ApiResponse>;
  pull(credential: string, cursor?: number, limit?: number): Promise<ApiResponse>;
  count(table: string, where?: string): number;
  close(): Promise<void>;
}

export async function startTestHq(): Promise<TestHq> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-test-'));
  const clock = testClock('2026-03-15T03:00:00.000Z');
  let ids = 0;
  const hq = await openHq(dataDir, { clock, newId: () => `hq-order-${++ids}` });
  const app = await buildHqApp(hq.services, { adminToken: ADMIN_TOKEN, logLevel: 'silent' });
  await app.ready();

  const request: TestHq['request'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? ADMIN_TOKEN : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({ method: method as 'GET', url, headers, payload });
    let json: Answer;
    try {
      json = response.json();
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, json, body: response.body };
  };

  return {
    app,
    hq,
    clock,
    request,
    addStore: (id) => hq.services.admin.addStore(id, `Cửa hàng ${id}`).credential,
    push: (credential, storeId, records, key) =>
      request('POST', '/sync/v1/push', {
        token: credential,
        body: { storeId, batchSeq: records[0]?.seq ?? 1, records },
        headers: { 'x-idempotency-key': key ?? `${storeId}:${records[0]?.seq ?? 1}` },
      }),
    pull: (credential, cursor = 0, limit = 200) =>
      request('GET', `/sync/v1/pull?cursor=${cursor}&limit=${limit}`, { token: credential }),
    count: (table, where = '1') =>
      (hq.sqlite.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n,
    async close() {
      await app.close();
      hq.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An invoice record as a store's outbox sends it (payload: the invoice detail of the store API). */
export function invoiceRecord(
  seq: number,
  id: string,
  version = 1,
  overrides: Record<string, unknown> = {},
): PushRecord {
  return {
    seq,
    recordId: `invoice:${id}`,
    kind: 'invoice',
    version,
    at: '2026-03-15T02:00:00.000Z',
    payload: {
      id,
      status: 'issued',
      mauSo: '1',
      kyHieu: 'C26MAA',
      number: seq,
      issueDate: '2026-03-15',
      buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
      totals: { subtotal: 50_000, taxAmount: 5_000, total: 55_000 },
      channel: 'pos',
      createdAt: '2026-03-15T02:00:00.000Z',
      version,
      ...overrides,
    },
  };
}

export function record(
  seq: number,
  kind: PushRecord['kind'],
  recordId: string,
  payload: Record<string, unknown>,
  version = 1,
): PushRecord {
  return { seq, recordId, kind, version, at: '2026-03-15T02:00:00.000Z', payload };
}

/** The fixture most HQ tests start from: a fresh HQ with the stores shop-1 and shop-2 registered. */
export async function startHqWithTwoStores(): Promise<{ t: TestHq; shop1: string; shop2: string }> {
  const t = await startTestHq();
  return { t, shop1: t.addStore('shop-1'), shop2: t.addStore('shop-2') };
}
