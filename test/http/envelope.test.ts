import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Answer } from '../support/answer.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const expectError = (r: { status: number; json: Answer }, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.json).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
};

describe('error envelope on every error path', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('answers unknown routes with 404 NOT_FOUND, with or without a token', async () => {
    expectError(await node.request('GET', '/no-such-thing'), 404, 'NOT_FOUND');
    expectError(await node.request('DELETE', '/invoices', { token: null }), 404, 'NOT_FOUND');
    // Outside the API, a GET is the console's (its pages answer any path); any other method is refused here.
    const outside = await node.app.inject({ method: 'POST', url: '/elsewhere' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    expectError(await node.request('POST', '/invoices', { body: '{"buyer": ' }), 400, 'VALIDATION_ERROR');
    expectError(
      await node.request('POST', '/invoices', { body: '', headers: { 'content-type': 'application/json' } }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('answers bodies over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const huge = JSON.stringify(invoiceBody({ note: 'x'.repeat(1024 * 1024) }));
    const refused = await node.request('POST', '/invoices', { body: huge });
    expectError(refused, 413, 'PAYLOAD_TOO_LARGE');
    expect(refused.json.error.message).toBe('Nội dung yêu cầu vượt quá 1 MiB.');
  });

  it('answers non-JSON bodies with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const r = await node.request('POST', '/invoices', { body: 'buyer=x', headers: { 'content-type': type } });
      expectError(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('lists every failing field in details with a Vietnamese message', async () => {
    const r = await node.request('POST', '/invoices', {
      body: {
        buyer: { name: 'A', email: 'not-an-email' },
        items: [{ name: 'X', unit: 'cái', quantity: '2', unitPrice: -1, taxRate: 0.1 }],
      },
    });
    expectError(r, 400, 'VALIDATION_ERROR');
    const paths = r.json.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.buyer.email', 'body.items.0.quantity', 'body.items.0.unitPrice']),
    );
    expect(r.json.error.message).toMatch(/Dữ liệu không hợp lệ/);
  });

  it.each([
    ['a string quantity', { quantity: '1' }],
    ['a zero quantity', { quantity: 0 }],
    ['a tax rate that is not configured', { taxRate: 0.07 }],
    ['a line total 2 đồng off', { total: 50_002 }],
  ])('refuses %s with 400 and issues nothing', async (_name, change) => {
    const before = (await node.request('GET', '/invoices')).json.data.total;
    const body = invoiceBody();
    body.items = [{ ...body.items[0]!, ...change }] as typeof body.items;
    expectError(await node.request('POST', '/invoices', { body }), 400, 'VALIDATION_ERROR');
    expect((await node.request('GET', '/invoices')).json.data.total).toBe(before);
  });

  it('refuses a negative zero price (JSON -0) with 400', async () => {
    const raw = JSON.stringify(invoiceBody()).replace('"unitPrice":25000', '"unitPrice":-0');
    expect(raw).toContain('-0');
    expectError(await node.request('POST', '/invoices', { body: raw }), 400, 'VALIDATION_ERROR');
  });

  it('answers 404 NOT_FOUND for an unknown invoice id', async () => {
    expectError(await node.request('GET', '/invoices/unknown-id-0'), 404, 'NOT_FOUND');
  });
});

describe('unexpected failures', () => {
  it('answer 500 INTERNAL_ERROR with a request id and no internals', async () => {
    const node = await startTestNode();
    node.node.database.close();
    const r = await node.request('GET', '/invoices');
    expectError(r, 500, 'INTERNAL_ERROR');
    expect(r.json.error.requestId).toEqual(expect.any(String));
    expect(r.body).not.toMatch(/sqlite|SELECT|database|\/tmp|at .*\.ts/i);
    await node.app.close();
  });

  it('refuse to start when a route has no entry in the access table', async () => {
    const node = await startTestNode();
    const app = await buildApp(node.node.services, { logLevel: 'silent' });
    expect(() => app.get('/api/v1/unguarded', async () => 'open')).toThrow(/access\.ts/);
    await app.close();
    await node.close();
  });
});
