import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredKeys } from '../../src/idempotency/idempotency.plugin.js';
import type { Answer } from '../support/answer.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const withKey = (key: string) => ({ 'x-idempotency-key': key });

describe('X-Idempotency-Key (docs/decisions.md §4)', () => {
  const clock = testClock('2026-06-01T01:00:00.000Z');
  let node: TestNode;
  const count = async () => (await node.request('GET', '/invoices')).json.data.total as number;

  beforeAll(async () => {
    node = await startTestNode({ clock });
  });
  afterAll(() => node.close());

  it('replays the stored answer for the same request and does the work once', async () => {
    const before = await count();
    const first = await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey('order-1001') });
    const second = await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey('order-1001') });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(await count()).toBe(before + 1);
  });

  it('treats the same JSON with keys in another order as the same request', async () => {
    const body = invoiceBody();
    const reordered = {
      channel: body.channel,
      paymentMethod: body.paymentMethod,
      items: body.items,
      buyer: body.buyer,
    };
    const first = await node.request('POST', '/invoices', { body, headers: withKey('order-1002') });
    const second = await node.request('POST', '/invoices', { body: reordered, headers: withKey('order-1002') });
    expect(second.json.data.id).toBe(first.json.data.id);
  });

  it('refuses the same key on a different body with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey('order-1003') });
    const before = await count();
    const other = await node.request('POST', '/invoices', {
      body: invoiceBody({ channel: 'web' }),
      headers: withKey('order-1003'),
    });
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count()).toBe(before);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['non-ASCII', 'hóa-đơn-1'],
    ['with a space', 'a b'],
  ])('refuses a %s key with 400', async (_name, key) => {
    const before = await count();
    const r = await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey(key) });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(await count()).toBe(before);
  });

  it('scopes keys to the user: another user with the same key gets its own invoice', async () => {
    const cashier = await node.tokenFor('cashier');
    const mine = await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey('shared-key') });
    const theirs = await node.request('POST', '/invoices', {
      token: cashier,
      body: invoiceBody(),
      headers: withKey('shared-key'),
    });
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json.data.id).not.toBe(mine.json.data.id);
  });

  it('does not store failures: a corrected retry with the same key succeeds', async () => {
    const bad = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: '' } }),
      headers: withKey('retry-me'),
    });
    expect(bad.status).toBe(400);
    const again = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: '' } }),
      headers: withKey('retry-me'),
    });
    expect(again.status).toBe(400);
  });

  it('forgets a key after 24 hours and purges it', async () => {
    const first = await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey('daily-key') });
    clock.advance(24 * 3600 * 1000 + 1);
    node.token = await node.login('admin', ADMIN_PASSWORD);
    const later = await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey('daily-key') });
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json.data.id).not.toBe(first.json.data.id);
    const replay = await node.request('POST', '/invoices', { body: invoiceBody(), headers: withKey('daily-key') });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json.data.id).toBe(later.json.data.id);
    clock.advance(24 * 3600 * 1000 + 1);
    expect(purgeExpiredKeys(node.node.services.idempotencyKeys, clock)).toBeGreaterThan(0);
    expect(
      node.node.services.idempotencyKeys.find(node.node.services.users.list()[0]!.id, 'daily-key'),
    ).toBeUndefined();
  });
});

describe('concurrent requests with one key', () => {
  it('create exactly one invoice; the others replay it or are told it is in progress', async () => {
    const node = await startTestNode();
    try {
      await node.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = node.app.server.address() as AddressInfo;
      const send = () =>
        fetch(`http://127.0.0.1:${port}/api/v1/invoices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${node.token}`, 'content-type': 'application/json', ...withKey('burst') },
          body: JSON.stringify(invoiceBody()),
        }).then(async (r) => ({ status: r.status, json: (await r.json()) as Answer }));
      const answers = await Promise.all(Array.from({ length: 30 }, send));
      const created = answers.filter((a) => a.status === 201);
      const inProgress = answers.filter((a) => a.status === 409);
      expect(created.length + inProgress.length).toBe(30);
      expect(new Set(created.map((a) => a.json.data.id)).size).toBe(1);
      for (const a of inProgress) expect(a.json.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect((await node.request('GET', '/invoices')).json.data.total).toBe(1);
    } finally {
      await node.close();
    }
  });
});
