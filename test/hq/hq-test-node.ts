/**
 * A real headquarters for tests, on either database: a fresh SQLite data dir, or a fresh database in the
 * run's PostgreSQL cluster (test/support/postgres.ts), with the same services and app as `hoadon hq`,
 * driven through app.inject, with a clock the test moves. The contract suite runs each test on both.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildHqApp } from '../../sync/hq/hq-app.js';
import { type HqServices, openHq } from '../../sync/hq/hq-node.js';
import { openPgHq } from '../../sync/hq/pg/pg-hq-node.js';
import type { PushRecord } from '../../sync/protocol.js';
import { testClock } from '../support/clock.js';
import { createTestDatabase } from '../support/postgres.js';
import type { ApiResponse } from '../support/test-node.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';

export const HQ_BACKENDS = ['sqlite', 'postgres'] as const;
export type HqBackend = (typeof HQ_BACKENDS)[number];

/** HQ's database, as a test reads it: plain SQL that means the same on SQLite and PostgreSQL. */
export interface HqDatabase {
  all<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface TestHq {
  backend: HqBackend;
  app: FastifyInstance;
  services: HqServices;
  db: HqDatabase;
  /** SQLite only: HQ's connection, for tests that read what only SQLite tells (total_changes()). */
  hq: { sqlite: Database.Database; services: HqServices };
  clock: ReturnType<typeof testClock>;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the answer holds
  request<T = any>(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** Registers a store and answers its credential. */
  addStore(id: string): Promise<string>;
  push(credential: string, storeId: string, records: PushRecord[], key?: string): Promise<ApiResponse>;
  pull(credential: string, cursor?: number, limit?: number): Promise<ApiResponse>;
  /** The first row of a query, or undefined. */
  one<T = Record<string, unknown>>(sql: string): Promise<T | undefined>;
  all<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  count(table: string, where?: string): Promise<number>;
  close(): Promise<void>;
}

/** Opens HQ on the backend: its services, how a test reads its database, and how it is removed. */
export async function openTestHqServices(
  backend: HqBackend,
  clock: ReturnType<typeof testClock>,
  newId: () => string,
): Promise<{ services: HqServices; db: HqDatabase; sqlite?: Database.Database; url?: string }> {
  if (backend === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-test-'));
    const hq = await openHq(dataDir, { clock, newId });
    return {
      services: hq.services,
      sqlite: hq.sqlite,
      db: {
        all: async <T>(sql: string, params: unknown[] = []) => hq.sqlite.prepare(sql).all(...params) as T[],
        async close() {
          hq.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      },
    };
  }
  const url = await createTestDatabase(inject('pgClusterUrl'), 'hoadon_hq');
  const hq = await openPgHq(url, { clock, newId, poolSize: 4 });
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    url,
    services: hq.services,
    db: {
      // `?` placeholders as in SQLite, numbered for PostgreSQL.
      all: async <T>(sql: string, params: unknown[] = []) => (await hq.pool.query(numbered(sql), params)).rows as T[],
      close: () => hq.close(),
    },
  };
}

export async function startTestHq(backend: HqBackend = 'sqlite'): Promise<TestHq> {
  const clock = testClock('2026-03-15T03:00:00.000Z');
  let ids = 0;
  const { services, db, sqlite } = await openTestHqServices(backend, clock, () => `hq-order-${++ids}`);
  const app = await buildHqApp(services, { adminToken: ADMIN_TOKEN, logLevel: 'silent' });
  await app.ready();

  const request: TestHq['request'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? ADMIN_TOKEN : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({ method: method as 'GET', url, headers, payload });
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the answer holds
    let json: any;
    try {
      json = response.json();
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, json, body: response.body };
  };
  const all = <T>(sql: string) => db.all<T>(sql);

  return {
    backend,
    app,
    services,
    db,
    hq: {
      services,
      get sqlite() {
        if (!sqlite) throw new Error(`HQ on ${backend} has no SQLite connection`);
        return sqlite;
      },
    },
    clock,
    request,
    addStore: async (id) => (await services.admin.addStore(id, `Cửa hàng ${id}`)).credential,
    push: (credential, storeId, records, key) =>
      request('POST', '/sync/v1/push', {
        token: credential,
        body: { storeId, batchSeq: records[0]?.seq ?? 1, records },
        headers: { 'x-idempotency-key': key ?? `${storeId}:${records[0]?.seq ?? 1}` },
      }),
    pull: (credential, cursor = 0, limit = 200) =>
      request('GET', `/sync/v1/pull?cursor=${cursor}&limit=${limit}`, { token: credential }),
    one: async <T>(sql: string) => (await all<T>(sql))[0],
    all,
    count: async (table, where = '1 = 1') =>
      Number((await all<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`))[0]?.n),
    async close() {
      await app.close();
      await db.close();
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
export async function startHqWithTwoStores(
  backend: HqBackend = 'sqlite',
): Promise<{ t: TestHq; shop1: string; shop2: string }> {
  const t = await startTestHq(backend);
  return { t, shop1: await t.addStore('shop-1'), shop2: await t.addStore('shop-2') };
}
