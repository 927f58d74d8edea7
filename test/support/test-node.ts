/**
 * A real store node for tests: a fresh data dir with a real SQLite file, migrations applied, the same
 * services and app as `hoadon serve`, driven through app.inject (or over loopback HTTP with `listen`).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Role } from '../../src/auth/roles.js';
import { loadNodeConfig, type NodeConfig } from '../../src/config.js';
import { type OpenedNode, type OpenNodeOptions, openNode } from '../../src/node.js';
import type { Answer } from './answer.js';
import { testCaFile } from './test-ca.js';

export const ADMIN_PASSWORD = 'test-admin-password';

export interface ApiResponse<T = Answer> {
  status: number;
  headers: Record<string, unknown>;
  json: T;
  body: string;
}

export interface RequestOptions {
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestNode {
  app: FastifyInstance;
  node: OpenedNode;
  config: NodeConfig;
  dataDir: string;
  /** Admin token, logged in at start. */
  token: string;
  request<T = Answer>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  login(username: string, password: string): Promise<string>;
  /** Creates a user of that role (once) and returns a token for it. */
  tokenFor(role: Role): Promise<string>;
  close(): Promise<void>;
}

export async function startTestNode(
  options: OpenNodeOptions & { config?: Partial<NodeConfig>; dataDir?: string } = {},
): Promise<TestNode> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hoadon-test-'));
  // The test CA stands for the roots a real store trusts (docs/security.md): the sellers' certificates of the
  // tests chain to it.
  const config = loadNodeConfig(
    { dataDir, adminPassword: ADMIN_PASSWORD, logLevel: 'silent', trustedCaFile: testCaFile(), ...options.config },
    {},
  );
  const node = await openNode(config, options);
  const app = await buildApp(node.services, { logLevel: 'silent' });
  await app.ready();

  const request = async (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? testNode.token : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const payload =
      opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await app.inject({ method: method as 'GET', url: `/api/v1${path}`, headers, payload });
    let json: Answer;
    try {
      json = response.json();
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, json, body: response.body };
  };

  const roleTokens = new Map<Role, string>();
  const testNode: TestNode = {
    app,
    node,
    config,
    dataDir,
    token: '',
    request,
    async login(username, password) {
      const r = await request('POST', '/auth/login', { body: { username, password }, token: null });
      if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.body}`);
      return r.json.data.accessToken as string;
    },
    async tokenFor(role) {
      const known = roleTokens.get(role);
      if (known) return known;
      const username = `test-${role}`;
      await node.services.users.add(username, role, `${username}-password`);
      const token = await testNode.login(username, `${username}-password`);
      roleTokens.set(role, token);
      return token;
    },
    async close() {
      await app.close();
      await node.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  testNode.token = await testNode.login('admin', ADMIN_PASSWORD);
  return testNode;
}

/** A small valid invoice body; override what the test is about. */
export function invoiceBody(overrides: Record<string, unknown> = {}) {
  return {
    buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
    items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 2, unitPrice: 25_000, taxRate: 0.1 }],
    paymentMethod: 'TM',
    channel: 'pos',
    ...overrides,
  };
}

/** `GET /invoices?query` answered 200: the page (`data`). */
export async function listInvoices(node: TestNode, query: string) {
  const r = await node.request('GET', `/invoices?${query}`);
  expect(r.status, r.body).toBe(200);
  return r.json.data;
}

/** The first admin as the services' actor, for tests that write through services without HTTP. */
export function adminActor(services: OpenedNode['services']) {
  const admin = services.users.list()[0]!;
  return { id: admin.id, username: admin.username, role: admin.role };
}

/** A fixed-seed generator in [0, 1): the same data set on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
