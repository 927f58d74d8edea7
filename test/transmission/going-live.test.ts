/**
 * Going live from the console's API: GET /going-live says where each step stands, the T-VAN connection is
 * saved with its credentials (never answered back, kept 0600 in the data dir) and tested, then the
 * registration and the 5 characters a 103 without MCCQT lacks take the node live, against a T-VAN that
 * answers in the real shapes (fake-tvan.ts) and checks a login.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import { TVAN_CREDENTIAL_FILE } from '../../src/transmission/tvan-connection.js';
import { sellerReady } from '../support/live-seller.js';
import { REGISTRATION } from '../support/live-shop.js';
import { startTestNode, type TestNode } from '../support/test-node.js';
import { startFakeTvan } from './fake-tvan.js';

const LOGIN = { username: 'cuahang-01', password: 'mat-khau-tvan' };
let store: TestNode;
let tvan: Awaited<ReturnType<typeof startFakeTvan>>;

beforeAll(async () => {
  tvan = await startFakeTvan({
    ...LOGIN,
    authority: {
      signingTime: '2026-03-16T09:12:45',
      identity: createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, new Date()),
    },
  });
  store = await startTestNode({ config: { issueBurst: 1000 } });
});
afterAll(async () => {
  await store.close();
  await tvan.close();
});

const steps = async () => (await store.request('GET', '/going-live')).json.data;
const connection = (extra: Record<string, unknown> = {}) => ({
  url: tvan.url,
  ...LOGIN,
  loginPath: '/auth/login',
  ...extra,
});

describe('going live step by step', () => {
  it('starts with every step to do', async () => {
    const start = await steps();
    expect(start).toMatchObject({
      mode: 'demo',
      seller: { done: false },
      certificate: { done: false, source: 'demo' },
      tvan: { done: false, adapter: 'embedded', url: null, credentials: 'none', source: 'none' },
      registration: { done: false, state: 'none' },
      cashRegisterPrefix: { done: false },
    });
    expect(start.missing.length).toBeGreaterThan(0);
  });

  it('refuses a T-VAN before the seller and the certificate, changing nothing', async () => {
    const r = await store.request('PUT', '/transmission/connection', { body: connection() });
    expect(r.status).toBe(409);
    expect(r.json.error.message).toMatch(/người bán/);
    expect((await steps()).tvan).toMatchObject({ done: false, credentials: 'none' });
  });

  it('tests a connection: wrong credentials and a wrong address are told, right ones pass', async () => {
    await sellerReady(store);
    expect((await steps()).certificate.done).toBe(true);
    const wrong = await store.request('POST', '/transmission/connection/check', {
      body: connection({ password: 'sai-mat-khau' }),
    });
    expect(wrong.status, wrong.body).toBe(200);
    expect(wrong.json.data).toEqual({ ok: false, problem: expect.stringMatching(/từ chối thông tin xác thực/) });
    const away = await store.request('POST', '/transmission/connection/check', {
      body: connection({ url: 'http://127.0.0.1:9' }),
    });
    expect(away.json.data).toEqual({ ok: false, problem: expect.stringMatching(/Không kết nối được/) });
    const right = await store.request('POST', '/transmission/connection/check', { body: connection() });
    expect(right.json.data).toEqual({ ok: true });
  });

  it('refuses a plain-http address off this machine and half-given credentials, by field', async () => {
    const http = await store.request('PUT', '/transmission/connection', {
      body: connection({ url: 'http://tvan.example.vn' }),
    });
    expect(http.status).toBe(400);
    expect(http.json.error.details[0].path).toBe('body.url');
    const half = await store.request('PUT', '/transmission/connection', {
      body: { url: tvan.url, username: 'cuahang-01' },
    });
    expect(half.status).toBe(400);
    expect(half.json.error.details[0].path).toBe('body.password');
    const both = await store.request('PUT', '/transmission/connection', {
      body: connection({ token: 'abc' }),
    });
    expect(both.status).toBe(400);
    expect((await steps()).tvan.done).toBe(false);
  });

  it('saves the connection, never answering the credentials back, and tests the saved one', async () => {
    const saved = await store.request('PUT', '/transmission/connection', { body: connection() });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.data).toEqual({ url: tvan.url, adapter: 'http', credentials: 'login', source: 'saved' });
    for (const answer of [saved.body, (await store.request('GET', '/transmission/connection')).body])
      expect(answer).not.toContain(LOGIN.password);
    expect(JSON.stringify((await store.request('GET', '/config')).json.data)).not.toContain(LOGIN.password);
    expect(statSync(join(store.dataDir, TVAN_CREDENTIAL_FILE)).mode & 0o777).toBe(0o600);
    expect((await steps()).tvan).toMatchObject({ done: true, credentials: 'login', source: 'saved' });
    const check = await store.request('POST', '/transmission/connection/check', { body: {} });
    expect(check.json.data).toEqual({ ok: true });
  });

  it('registers with the saved credentials, asks for the 5 characters the 103 lacks, then is live', async () => {
    const logins = tvan.state.logins;
    const sent = await store.request('POST', '/transmission/registration', { body: REGISTRATION });
    expect(sent.status, sent.body).toBe(202);
    expect((await steps()).registration).toMatchObject({ done: false, state: 'sent' });
    await store.node.services.transmission.worker.tick();
    expect(tvan.state.logins).toBeGreaterThan(logins);
    const accepted = await steps();
    expect(accepted.registration).toMatchObject({ done: true, state: 'accepted' });
    expect(accepted.cashRegisterPrefix).toEqual({ done: false });
    expect(accepted.mode).toBe('demo');
    const prefix = await store.request('PUT', '/transmission/registration/cash-register-prefix', {
      body: { prefix: 'K7Q2M' },
    });
    expect(prefix.status, prefix.body).toBe(200);
    const live = await steps();
    expect(live).toMatchObject({ mode: 'live', missing: [], cashRegisterPrefix: { done: true, prefix: 'K7Q2M' } });
  });

  it('is for an admin; an accountant reads the steps only', async () => {
    const accountant = await store.tokenFor('accountant');
    expect((await store.request('GET', '/going-live', { token: accountant })).status).toBe(200);
    expect((await store.request('GET', '/transmission/connection', { token: accountant })).status).toBe(403);
    const cashier = await store.tokenFor('cashier');
    expect((await store.request('GET', '/going-live', { token: cashier })).status).toBe(403);
  });
});
