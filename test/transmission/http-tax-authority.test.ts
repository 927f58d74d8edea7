/**
 * The HTTP adapter against the simulator app listening on loopback in-process: the wire format both share,
 * the simulator's rules (signature, numbering, idempotency by message id, persistence), and every injected
 * fault turned into TaxAuthorityUnavailable — never into an answer.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpMstUpstream } from '../../src/mst/mst-upstream.js';
import { createHttpTaxAuthority, type HttpTaxAuthority } from '../../src/transmission/http-tax-authority.js';
import {
  createEmbeddedTaxAuthority,
  newMessageId,
  TaxAuthorityUnavailable,
} from '../../src/transmission/tax-authority.js';
import { MAX_MESSAGE_BYTES } from '../../src/transmission/tax-authority.protocol.js';
import { createTaxAuthoritySelector, MISSING_URL } from '../../src/transmission/tax-authority-selector.js';
import { testClock } from '../support/clock.js';
import { sellerReady } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { REGISTRATION, startSimulator } from './support.js';

let node: TestNode;
const adapters: HttpTaxAuthority[] = [];
const simulators: Awaited<ReturnType<typeof startSimulator>>[] = [];

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());
afterEach(async () => {
  await Promise.all(adapters.splice(0).map((a) => a.close()));
  await Promise.all(simulators.splice(0).map((s) => s.close()));
});

async function simulator(options: Parameters<typeof startSimulator>[0] = {}) {
  const sim = await startSimulator(options);
  simulators.push(sim);
  return sim;
}

function adapter(url: string, timeoutMs?: number) {
  const created = createHttpTaxAuthority(url, { timeoutMs });
  adapters.push(created);
  return created;
}

/** A freshly issued invoice's signed XML, as the worker would send it. */
async function message(overrides: Record<string, unknown> = {}) {
  const created = await node.request('POST', '/invoices', { body: invoiceBody(overrides) });
  expect(created.status).toBe(201);
  const invoice = created.json.data;
  return {
    invoice,
    message: {
      messageId: newMessageId('HOADON'),
      invoiceId: invoice.id,
      xml: await node.node.services.invoiceXml.renderSignedInvoiceXml(invoice.id),
    },
  };
}

describe('the simulator behind the http adapter', () => {
  it('accepts a signed invoice with a code and a time, and answers the same message id with the first answer', async () => {
    const clock = testClock('2026-11-02T03:00:00.000Z');
    const sim = await simulator({ clock });
    const authority = adapter(sim.url);
    const { invoice, message: sent } = await message();

    expect(await authority.submit(sent)).toEqual({ status: 'accepted', at: '2026-11-02T03:00:00.000Z' });
    clock.advance(60_000);
    expect(await authority.submit(sent)).toEqual({ status: 'accepted', at: '2026-11-02T03:00:00.000Z' });
    expect(await authority.query(sent.messageId)).toEqual({ status: 'accepted', at: '2026-11-02T03:00:00.000Z' });
    expect(await authority.query(newMessageId('HOADON'))).toEqual({ status: 'unknown' });

    const reply = (await sim.call('GET', `/messages/${sent.messageId}`)).json.data;
    // A demo invoice carries no MCCQT of its own: the simulator answers with one it makes up.
    expect(invoice.authorityCode).toBeUndefined();
    expect(reply).toMatchObject({ replyTo: sent.messageId, status: 'accepted', authorityCode: expect.any(String) });
    expect(reply.messageId).toMatch(/^TCT[0-9A-F]{32}$/);
    expect(await sim.stats()).toMatchObject({ received: 1, accepted: 1, rejected: 0, duplicates: 0, resent: 1 });
  });

  it('rejects a message whose signed data was changed, and one over 2 MB', async () => {
    const sim = await simulator();
    const authority = adapter(sim.url);
    const { message: sent } = await message();
    const tampered = await authority.submit({ ...sent, xml: sent.xml.replace('<SHDon>', '<SHDon>9') });
    expect(tampered).toEqual({ status: 'rejected', reason: expect.stringContaining('Chữ ký') });
    const huge = await authority.submit({
      ...sent,
      messageId: newMessageId('HOADON'),
      xml: sent.xml + ' '.repeat(MAX_MESSAGE_BYTES),
    });
    expect(huge).toEqual({ status: 'rejected', reason: 'Thông điệp vượt quá 2 MB' });
    expect(await sim.stats()).toMatchObject({ received: 2, accepted: 0, rejected: 2 });
  });

  it('rejects a number already accepted under another message id and counts the duplicate', async () => {
    const sim = await simulator();
    const authority = adapter(sim.url);
    const { invoice, message: sent } = await message();
    expect((await authority.submit(sent)).status).toBe('accepted');
    const again = await authority.submit({ ...sent, messageId: newMessageId('HOADON') });
    expect(again).toEqual({
      status: 'rejected',
      reason: expect.stringContaining(`Trùng số hóa đơn: ${invoice.mauSo}${invoice.kyHieu} số ${invoice.number}`),
    });
    const { message: next } = await message();
    expect((await authority.submit(next)).status).toBe('accepted');
    expect(await sim.stats()).toMatchObject({ received: 3, accepted: 2, rejected: 1, duplicates: 1, resent: 0 });
  });

  it('rejects on demand: the next n messages, or all until cleared', async () => {
    const sim = await simulator();
    const authority = adapter(sim.url);
    await sim.faults({ rejectNext: 2, rejectReason: 'Sai thông tin người mua' });
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await authority.submit((await message()).message));
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'accepted']);
    expect(answers[0]).toEqual({ status: 'rejected', reason: 'Sai thông tin người mua' });
    await sim.faults({ rejectAll: true });
    expect((await authority.submit((await message()).message)).status).toBe('rejected');
    await sim.clearFaults();
    expect((await authority.submit((await message()).message)).status).toBe('accepted');
  });

  it('turns a 500, a reset, a timeout and an outage into TaxAuthorityUnavailable, recording nothing', async () => {
    const clock = testClock('2026-11-02T03:00:00.000Z');
    const sim = await simulator({ clock });
    const authority = adapter(sim.url, 300);
    const { message: sent } = await message();

    await sim.faults({ errorRate: 1 });
    await expect(authority.submit(sent)).rejects.toThrow(/HTTP 500/);
    await expect(authority.query(sent.messageId)).rejects.toBeInstanceOf(TaxAuthorityUnavailable);
    await sim.faults({ errorRate: 0, resetRate: 1 });
    await expect(authority.submit(sent)).rejects.toBeInstanceOf(TaxAuthorityUnavailable);
    await sim.faults({ resetRate: 0, timeout: true });
    await expect(authority.submit(sent)).rejects.toBeInstanceOf(TaxAuthorityUnavailable);
    await sim.faults({ timeout: false, outage: { seconds: 20, mode: 'unavailable' } });
    await expect(authority.submit(sent)).rejects.toThrow(/HTTP 503/);
    await sim.faults({ outage: { seconds: 20 } });
    await expect(authority.submit(sent)).rejects.toBeInstanceOf(TaxAuthorityUnavailable);
    expect(await sim.stats()).toMatchObject({ received: 0, faulted: 5 });

    clock.advance(20_001);
    expect((await authority.submit(sent)).status).toBe('accepted');
  });

  it('commitThenDrop: the reply is lost, the look-up finds the answer', async () => {
    const sim = await simulator();
    const authority = adapter(sim.url);
    const { message: sent } = await message();
    await sim.faults({ commitThenDrop: true });
    await expect(authority.submit(sent)).rejects.toBeInstanceOf(TaxAuthorityUnavailable);
    expect((await authority.query(sent.messageId)).status).toBe('accepted');
    expect(await sim.stats()).toMatchObject({ received: 1, accepted: 1, resent: 0 });
  });

  it('keeps its answers in the data dir across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-tax-sim-'));
    const { message: sent } = await message();
    const first = await startSimulator({ dataDir });
    const answer = await adapter(first.url).submit(sent);
    await first.close();
    const second = await simulator({ dataDir });
    const authority = adapter(second.url);
    expect(await authority.query(sent.messageId)).toEqual(answer);
    expect(await authority.submit({ ...sent, messageId: newMessageId('HOADON') })).toMatchObject({
      status: 'rejected',
    });
    expect(await second.stats()).toMatchObject({ received: 2, accepted: 1, duplicates: 1 });
    expect((await second.call('GET', '/health')).json.data).toMatchObject({ status: 'ok', storage: 'file' });
  });

  it('answers malformed requests and fault settings with an enveloped 400', async () => {
    const sim = await simulator();
    const bad = await sim.call('POST', '/messages', { messageId: 'not-an-id', invoiceId: 'x', xml: '<HDon/>' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    for (const patch of [{ errorRate: 2 }, { latencyMs: -1 }, { outage: { seconds: 0 } }, { noSuchFault: true }]) {
      const r = await sim.call('POST', '/admin/faults', patch);
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await sim.call('GET', '/messages/NOT-AN-ID')).status).toBe(400);
    expect((await sim.call('GET', '/no-such-route')).json.error.code).toBe('NOT_FOUND');
    const refused = adapter(sim.url);
    await expect(refused.query('lower-case-id')).rejects.toThrow(/HTTP 400/);
  });

  it('serves the MST look-up the node asks upstream', async () => {
    const sim = await simulator();
    const upstream = createHttpMstUpstream(sim.url);
    expect(await upstream.lookup('0300588569')).toEqual({
      kind: 'found',
      record: { mst: '0300588569', name: 'Công ty Cổ phần Sữa Việt Nam', address: 'TP. Hồ Chí Minh', status: 'active' },
    });
    expect(await upstream.lookup('0101360697')).toEqual({ kind: 'unknown' });
    expect((await sim.call('GET', '/mst/0314409058-002')).json.data.mst).toBe('0314409058002');
    expect((await sim.call('GET', '/mst/0100233480')).json.error.details[0].message).toContain('checkDigit');
  });
});

describe('choosing the adapter from the store config', () => {
  it('sends through the configured url, waits without one, and follows a url change', async () => {
    const sim = await simulator();
    const other = await simulator();
    const store = await startTestNode();
    const { services } = store.node;
    const patch = (transmission: Record<string, unknown>) =>
      store.request('PATCH', '/config', { body: { transmission } });
    const health = async () => (await store.request('GET', '/health', { token: null })).json.data.transmissionQueue;
    try {
      // Out of demo mode: a demo node sends to the embedded simulator only (docs/decisions.md §7).
      await sellerReady(store);
      expect((await patch({ adapter: 'http', url: sim.url })).status).toBe(200);
      expect(await health()).toMatchObject({ adapter: 'http', simulated: false, state: 'online' });
      expect((await store.request('GET', '/mst/lookup?mst=0100112437')).json.data.name).toBe(
        'Ngân hàng TMCP Ngoại thương Việt Nam',
      );

      // Until the registration is accepted (103) the node stays in demo mode and says why.
      expect((await store.request('GET', '/health', { token: null })).json.data).toMatchObject({
        mode: 'demo',
        missing: [expect.stringMatching(/01\/ĐKTĐ-HĐĐT/)],
      });
      expect((await store.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
      await services.transmission.worker.tick();
      expect((await store.request('GET', '/transmission/registration')).json.data).toMatchObject({
        state: 'accepted',
        cashRegisterPrefix: expect.stringMatching(/^[0-9A-F]{5}$/),
      });

      const first = (await store.request('POST', '/invoices', { body: invoiceBody() })).json.data.id;
      await services.transmission.worker.tick();
      expect((await store.request('GET', `/invoices/${first}`)).json.data.transmission).toMatchObject({
        state: 'accepted',
        attempts: 1,
      });

      await patch({ url: null });
      const waiting = (await store.request('POST', '/invoices', { body: invoiceBody() })).json.data.id;
      expect(services.taxAuthority.current()).toBeUndefined();
      expect(await health()).toMatchObject({ adapter: 'http', state: 'offline', problem: MISSING_URL });

      await patch({ url: `${other.url}/` });
      expect(await health()).not.toHaveProperty('problem');
      await services.transmission.worker.tick();
      expect((await store.request('GET', `/invoices/${waiting}`)).json.data.transmission).toMatchObject({
        state: 'accepted',
      });
      expect([(await sim.stats()).received, (await other.stats()).received]).toEqual([1, 1]);
      await patch({ adapter: 'embedded' });
      expect(await health()).toMatchObject({ adapter: 'embedded', simulated: true });
    } finally {
      await services.taxAuthority.close();
      await store.close();
    }
  });

  it('keeps one embedded simulator and one http adapter per url', async () => {
    let config: { adapter: 'embedded' | 'http'; url: string | null } = { adapter: 'embedded', url: null };
    const embedded = createEmbeddedTaxAuthority({ verify: () => [], now: () => new Date() });
    const selector = createTaxAuthoritySelector({ config: () => config, embedded });
    expect(selector.current()).toBe(embedded);
    config = { adapter: 'http', url: 'http://127.0.0.1:9/' };
    const http = selector.current();
    expect(http).toMatchObject({ name: 'http', url: 'http://127.0.0.1:9' });
    expect(selector.current()).toBe(http);
    config = { adapter: 'http', url: 'http://127.0.0.1:10' };
    expect(selector.current()).not.toBe(http);
    config = { adapter: 'http', url: null };
    await expect(
      selector.authority.submit({ messageId: newMessageId('HOADON'), invoiceId: 'x', xml: '' }),
    ).rejects.toThrow(MISSING_URL);
    await selector.close();
  });
});
