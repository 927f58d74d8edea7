/** The tax-authority simulator for transmission tests: in-process on loopback, or `hoadon tax-sim` as a process. */

import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Clock } from '../../src/clock.js';
import { openDatabaseFile } from '../../src/db/open.js';
import { buildTaxSimApp } from '../../src/tax-sim/tax-sim.app.js';
import { TAX_SIM_DATABASE_FILE } from '../../src/tax-sim/tax-sim.server.js';
import type { Answer } from '../support/answer.js';
import { importSellerCertificate, LIVE_SELLER_ENV } from '../support/live-seller.js';
import { REGISTRATION } from '../support/live-shop.js';
import { invoiceBody } from '../support/test-node.js';

export interface SimStats {
  received: number;
  accepted: number;
  rejected: number;
  duplicates: number;
  resent: number;
  /** Distinct TDiep messages received. */
  messages: number;
  inFlight: number;
  faulted: number;
}

/** JSON calls to a simulator's admin routes (or any route) by base URL. */
export function simClient(url: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as Answer };
  };
  return {
    call,
    stats: async () => (await call('GET', '/admin/stats')).json.data as SimStats,
    faults: async (patch: Record<string, unknown>) => {
      const r = await call('POST', '/admin/faults', patch);
      if (r.status !== 200) throw new Error(`faults ${JSON.stringify(patch)}: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json.data;
    },
    clearFaults: async () => (await call('DELETE', '/admin/faults')).json.data,
  };
}

export async function startSimulator(options: { dataDir?: string; clock?: Clock } = {}) {
  const sqlite = openDatabaseFile(options.dataDir ? join(options.dataDir, TAX_SIM_DATABASE_FILE) : ':memory:');
  // Business replies at once: a test that ticks the node once reads them in the same pass.
  const app = await buildTaxSimApp({ sqlite, clock: options.clock, logLevel: 'silent', replyDelayMs: 0 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    ...simClient(url),
    async close() {
      await app.close();
      sqlite.close();
    },
  };
}

/** Polls until `done` holds, failing with `describe()` after the deadline (a wait, not a timed assertion). */
export async function waitFor(
  done: () => Promise<boolean>,
  describe: () => Promise<string> | string,
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${await describe()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const NODE_PASSWORD = 'tax-sim-admin-pw';

/**
 * Environment of a `hoadon serve` process sending to the simulator: short retry backoff, no rate limit, and out
 * of demo mode (a demo node sends to the embedded simulator only): the seller in the environment, the seller's
 * certificate imported into the data dir.
 */
export function nodeEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  importSellerCertificate(dataDir);
  return {
    ...LIVE_SELLER_ENV,
    HOADON_DATA_DIR: dataDir,
    HOADON_ADMIN_PASSWORD: NODE_PASSWORD,
    HOADON_RATE_LIMIT_PER_MINUTE: '0',
    HOADON_TRANSMIT_RETRY_BASE_MS: '200',
    HOADON_ISSUE_BURST: '100000',
    ...extra,
  };
}

/** A registration form (POST /transmission/registration), the one a live node is set up with (test/support/live-shop.ts). */
export { REGISTRATION };

/** A notice 04/SS-HĐĐT explaining a wrong buyer name (POST /transmission/error-notices), for `invoiceId`. */
export const explainNotice = (invoiceId: string) => ({
  invoiceId,
  action: 'explain',
  reason: 'Sai tên người mua, mã số thuế đúng',
  taxOfficeCode: '79101',
  taxOfficeName: 'Chi cục Thuế Quận 1',
  place: 'TP. Hồ Chí Minh',
});

/** The store node's API over real HTTP, logged in as admin. */
export async function nodeClient(baseUrl: string) {
  let token = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as Answer };
  };
  const login = await call('POST', '/auth/login', { username: 'admin', password: NODE_PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.json)}`);
  token = login.json.data.accessToken;
  return {
    call,
    transmission: async (transmission: Record<string, unknown>) => {
      const r = await call('PATCH', '/config', { transmission });
      if (r.status !== 200) throw new Error(`PATCH /config: ${r.status} ${JSON.stringify(r.json)}`);
    },
    queue: async () => (await call('GET', '/health')).json.data.transmissionQueue,
    /** Sends the registration (100) and waits for the authority's acceptance (103): issuing waits for it. */
    async register() {
      const sent = await call('POST', '/transmission/registration', REGISTRATION);
      if (sent.status !== 202) throw new Error(`registration: ${sent.status} ${JSON.stringify(sent.json)}`);
      const state = async () => (await call('GET', '/transmission/registration')).json.data.state as string;
      await waitFor(async () => (await state()) === 'accepted', state);
    },
    /** Issues `count` invoices, `concurrency` at a time; every one must be acknowledged with 201. */
    async issue(
      count: number,
      concurrency = 10,
      body: (i: number) => unknown = (i) => invoiceBody({ buyer: { name: `Khách ${i}` } }),
    ) {
      const ids: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            const i = next++;
            const r = await call('POST', '/invoices', body(i));
            if (r.status !== 201) throw new Error(`invoice ${i}: ${r.status} ${JSON.stringify(r.json)}`);
            ids.push(r.json.data.id);
          }
        }),
      );
      return ids;
    },
  };
}
