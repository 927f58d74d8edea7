import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { sellerReady } from '../support/live-seller.js';
import { runHoadon } from '../support/processes.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

/** A small stand-in for the tax authority's look-up service, on loopback. */
async function startRegistry(known: Record<string, { name: string; address: string; status: string }>) {
  const app: FastifyInstance = Fastify();
  let calls = 0;
  let down = false;
  app.get<{ Params: { mst: string } }>('/mst/:mst', async (request, reply) => {
    calls += 1;
    if (down) return reply.code(503).send({ error: 'maintenance' });
    const record = known[request.params.mst];
    return record ? { mst: request.params.mst, ...record } : reply.code(404).send({ error: 'unknown' });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    calls: () => calls,
    setDown: (value: boolean) => (down = value),
    close: () => app.close(),
  };
}

describe('GET /mst/lookup', () => {
  const clock = testClock('2026-08-01T03:00:00.000Z');
  let node: TestNode;
  let registry: Awaited<ReturnType<typeof startRegistry>>;

  beforeAll(async () => {
    node = await startTestNode({ clock });
    registry = await startRegistry({
      '0300588569': { name: 'Công ty Cổ phần Vinamilk', address: 'TP. Hồ Chí Minh', status: 'active' },
    });
  });
  afterAll(async () => {
    await node.close();
    await registry.close();
  });

  it.each([
    ['', 'present'],
    ['abc', 'digits'],
    ['123', 'length'],
    ['12345678901', 'length'],
    ['0100233480', 'checkDigit'],
  ])('refuses mst=%s with 400 naming the rule %s', async (mst, rule) => {
    const r = await node.request('GET', `/mst/lookup?mst=${mst}`);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.details[0].message).toContain(rule);
  });

  it('refuses the printed branch form with 400, showing the digits-only form; invoices still accept it', async () => {
    const r = await node.request('GET', '/mst/lookup?mst=0100109106-001');
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.message).toContain('"0100109106001"');
    expect(r.json.error.details[0].path).toBe('querystring.mst');
    const issued = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Chi nhánh Hòa Bình', mst: '0100109106-001' } }),
    });
    expect(issued.status).toBe(201);
    expect(issued.json.data.buyer.mst).toBe('0100109106001');
  });

  it('refuses a missing mst with 400', async () => {
    expect((await node.request('GET', '/mst/lookup')).status).toBe(400);
  });

  it('knows the buyers of issued invoices', async () => {
    await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106', address: 'Hà Nội' } }),
    });
    const r = await node.request('GET', '/mst/lookup?mst=0100109106', { token: await node.tokenFor('cashier') });
    expect(r.json.data).toEqual({
      mst: '0100109106',
      name: 'Công ty TNHH Hòa Bình',
      address: 'Hà Nội',
      status: 'active',
    });
  });

  it('answers 404 for an unknown code when no upstream is configured', async () => {
    expect((await node.request('GET', '/mst/lookup?mst=0300588569')).status).toBe(404);
  });

  it('asks the upstream, caches the answer, and serves it stale when the upstream is down', async () => {
    await sellerReady(node);
    await node.request('PATCH', '/config', { body: { transmission: { adapter: 'http', url: registry.url } } });
    const first = await node.request('GET', '/mst/lookup?mst=0300588569');
    expect(first.json.data).toEqual({
      mst: '0300588569',
      name: 'Công ty Cổ phần Vinamilk',
      address: 'TP. Hồ Chí Minh',
      status: 'active',
    });
    await node.request('GET', '/mst/lookup?mst=0300588569');
    expect(registry.calls()).toBe(1);

    clock.advance(31 * 24 * 3600 * 1000);
    node.token = await node.login('admin', ADMIN_PASSWORD);
    registry.setDown(true);
    expect((await node.request('GET', '/mst/lookup?mst=0300588569')).json.data.name).toBe('Công ty Cổ phần Vinamilk');
    expect(registry.calls()).toBe(2);
    const unavailable = await node.request('GET', '/mst/lookup?mst=0101248141');
    expect(unavailable.status).toBe(503);
    expect(unavailable.json.error.code).toBe('SERVICE_UNAVAILABLE');
    registry.setDown(false);
    expect((await node.request('GET', '/mst/lookup?mst=0101248141')).status).toBe(404);
  });
});

describe('hoadon mst', () => {
  it('checks a code offline', () => {
    expect(runHoadon(['mst', 'check', '0314409058-002'])).toMatchObject({
      status: 0,
      stdout: '0314409058002: hợp lệ\n',
    });
    const bad = runHoadon(['mst', 'check', '0100233480']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('checkDigit');
  });

  it('looks a code up in the data dir', async () => {
    const node = await startTestNode();
    try {
      await node.request('POST', '/invoices', { body: invoiceBody() });
      const found = runHoadon(['mst', 'lookup', '0100109106', '--json', '--data-dir', node.dataDir]);
      expect(found.status, found.stderr).toBe(0);
      expect(JSON.parse(found.stdout)).toMatchObject({
        mst: '0100109106',
        name: 'Công ty TNHH Hòa Bình',
        status: 'active',
      });
      expect(runHoadon(['mst', 'lookup', '0300588569', '--data-dir', node.dataDir]).status).toBe(1);
      expect(runHoadon(['mst', 'lookup', '123', '--data-dir', node.dataDir]).stderr).toMatch(/10 hoặc 13/);
    } finally {
      await node.close();
    }
  });
});
