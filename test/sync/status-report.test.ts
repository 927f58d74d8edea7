/**
 * A live store reports itself to a real HQ on loopback after its sync pass (sync/status-report.ts): its facts
 * (tax code, series, mode, version, certificate expiry), and the invoice the tax authority (the simulator over
 * HTTP, told to refuse the next message) rejected, with the authority's reason. HQ lists it within the caller's
 * stores, an accountant marks it handled with a note (once), a manager may not, and an invoice in attention
 * that the store resent is closed at the next report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLive, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { startSimulator, waitFor } from '../transmission/support.js';
import { connectStore, type HqPeer, startHq } from './hq-peer.js';

const STORE = 'q1';
const OTHER = 'q3';
const REASON = 'Mã số thuế người mua không tồn tại (giả lập)';
const PASSWORD = 'mật-khẩu-trụ-sở-1';

let t: TestNode;
let peer: HqPeer;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let rejectedId = '';
const tokens: Record<string, string> = {};

async function hq(method: string, path: string, as: string, body?: unknown) {
  const response = await fetch(`${peer.url}/hq/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[as]}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the answer holds
  return { status: response.status, json: (await response.json()) as any };
}

async function signIn(username: string) {
  const response = await fetch(`${peer.url}/hq/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

async function asUser(cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${peer.url}/hq/v1${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the answer holds
  return { status: response.status, json: (await response.json()) as any };
}

const transmissionOf = async (id: string) => (await t.request('GET', `/invoices/${id}`)).json.data.transmission;

/** Runs the store's transmission worker until the invoice reaches `state`. */
const settled = (id: string, state: string) =>
  waitFor(
    async () => {
      await t.node.services.transmission.worker.tick();
      return (await transmissionOf(id)).state === state;
    },
    async () => JSON.stringify(await transmissionOf(id)),
  );

beforeAll(async () => {
  sim = await startSimulator();
  t = await startTestNode();
  await goLive(t, sim.url);
  peer = await startHq();
  await connectStore(t, peer, STORE);
  await peer.hq.services.admin.addStore(OTHER, 'Cửa hàng Quận Ba');
  tokens.admin = 'test-admin-token-0123456789abcdef';
  const users = peer.hq.services.users;
  await users.add({ username: 'ketoan', role: 'accountant', password: PASSWORD });
  await users.add({ username: 'quanly3', role: 'manager', stores: [OTHER], password: PASSWORD });
  await users.add({ username: 'quanly1', role: 'manager', stores: [STORE], password: PASSWORD });

  await sim.faults({ rejectNext: 1, rejectReason: REASON });
  const created = await t.request('POST', '/invoices', { body: invoiceBody() });
  expect(created.status, created.body).toBe(201);
  rejectedId = created.json.data.id;
  await settled(rejectedId, 'rejected');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await peer?.close();
  await sim?.close();
});

describe("a store's status report at HQ", () => {
  it('carries the facts and the rejected invoice with the authority’s reason', async () => {
    const pass = await t.node.services.sync.runNow();
    expect(pass.ok).toBe(true);
    const facts = await hq('GET', '/store-facts', 'admin');
    expect(facts.status).toBe(200);
    const invoice = (await t.request('GET', `/invoices/${rejectedId}`)).json.data;
    expect(facts.json.data.items).toEqual([
      expect.objectContaining({
        storeId: STORE,
        mst: LIVE_SELLER.mst,
        mode: 'live',
        version: t.node.services.version,
        symbols: expect.arrayContaining([`${invoice.mauSo}${invoice.kyHieu}`]),
        certificateExpiresAt: t.node.services.signing.identity().notAfter,
        // The test certificate is valid for a year: not flagged.
        certificateExpiring: false,
        offline: false,
      }),
    ]);

    const problems = (await hq('GET', '/tax-problems', 'admin')).json.data.items;
    expect(problems).toEqual([
      expect.objectContaining({
        storeId: STORE,
        storeName: `Cửa hàng ${STORE}`,
        invoiceId: rejectedId,
        kyHieu: invoice.kyHieu,
        number: invoice.number,
        state: 'rejected',
        reason: expect.stringContaining(REASON),
        demo: false,
        handled: null,
      }),
    ]);
  });

  it('shows a manager only the stores listed on the user: another store is 404', async () => {
    const other = await signIn('quanly3');
    expect((await asUser(other, 'GET', '/tax-problems')).json.data.items).toEqual([]);
    expect((await asUser(other, 'GET', `/tax-problems?storeId=${STORE}`)).status).toBe(404);
    expect((await asUser(other, 'GET', `/stores/${STORE}/facts`)).status).toBe(404);
    expect((await asUser(other, 'GET', '/store-facts')).json.data.items).toEqual([]);
    const own = await signIn('quanly1');
    expect((await asUser(own, 'GET', '/tax-problems')).json.data.items).toHaveLength(1);
    // Reading is every role's; marking handled is not a manager's.
    const refused = await asUser(own, 'POST', `/tax-problems/${STORE}/${rejectedId}/handled`, { note: 'Đã gọi' });
    expect(refused.status).toBe(403);
  });

  it('lets an accountant mark it handled once, with a note, and keeps who and why', async () => {
    const cookie = await signIn('ketoan');
    const path = `/tax-problems/${STORE}/${rejectedId}/handled`;
    const empty = await asUser(cookie, 'POST', path, { note: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/ghi chú/i);
    const done = await asUser(cookie, 'POST', path, { note: 'Đã lập hóa đơn thay thế tại cửa hàng.' });
    expect(done.status).toBe(200);
    expect(done.json.data.handled).toEqual({
      at: expect.any(String),
      by: 'ketoan',
      note: 'Đã lập hóa đơn thay thế tại cửa hàng.',
    });
    expect((await asUser(cookie, 'POST', path, { note: 'Lần hai' })).status).toBe(409);
    expect((await asUser(cookie, 'POST', `/tax-problems/${STORE}/khong-co/handled`, { note: 'x' })).status).toBe(404);
    expect((await asUser(cookie, 'GET', '/tax-problems')).json.data.items).toEqual([]);
    const all = (await asUser(cookie, 'GET', '/tax-problems?all=1')).json.data.items;
    expect(all.map((p: { handled: { by: string } }) => p.handled.by)).toEqual(['ketoan']);
  });

  it('closes an invoice in attention once the store no longer names it', async () => {
    const created = await t.request('POST', '/invoices', { body: invoiceBody() });
    const id = created.json.data.id as string;
    await settled(id, 'accepted');
    const queue = t.node.services.transmissionQueue;
    const row = queue.find(id);
    if (!row) throw new Error('not queued');
    queue.save({ ...row, state: 'attention', lastError: 'Cần kiểm tra: phản hồi 204 không nêu hóa đơn này.' });
    expect((await t.node.services.sync.runNow()).ok).toBe(true);
    const open = (await hq('GET', '/tax-problems', 'admin')).json.data.items;
    expect(open).toEqual([expect.objectContaining({ invoiceId: id, state: 'attention', closedAt: null })]);

    queue.save({ ...row, state: 'accepted' });
    expect((await t.node.services.sync.runNow()).ok).toBe(true);
    expect((await hq('GET', '/tax-problems', 'admin')).json.data.items).toEqual([]);
    const all = (await hq('GET', '/tax-problems?all=1', 'admin')).json.data.items;
    expect(all.find((p: { invoiceId: string }) => p.invoiceId === id).closedAt).toEqual(expect.any(String));
  });
});
