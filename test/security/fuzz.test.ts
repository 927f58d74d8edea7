/**
 * Property-based fuzzing of every API route (enumerated from the app's route table, not a hand list):
 * generated path params, query strings, bodies and headers — wrong types, huge and odd strings, unicode,
 * nulls, prototype-pollution keys, edge numbers. Always an enveloped answer, never a 500, and a refused
 * request never changes the database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

const oddStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', "' OR 1=1 --", '"; DROP TABLE invoices; --', '%', '_', '\\', '\u0000',
    'Nguyễn Văn Đức', '0100109106', '2026-02-30', '9999-99', '-1', '0', '1e309', 'NaN', 'null', 'true', '[]', '{}'),
  fc.constant('x'.repeat(5000)),
);
const oddNumbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(-0, 0, 1, -1, 0.1, 0.05, 0.08, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 5e-324, 2 ** 53 + 1),
);
const oddValues: fc.Arbitrary<unknown> = fc.oneof(oddStrings, oddNumbers, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }));

/** Bodies shaped like real ones with one part broken, plus arbitrary JSON and pollution attempts. */
const bodies: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.record({ field: fc.constantFrom('buyer', 'items', 'channel', 'paymentMethod', 'reason', 'type', 'orderId', 'mauSo', 'kyHieu', 'delayMinutes', 'channels', 'taxRates', 'seller', 'username', 'password'), value: oddValues })
    .map(({ field, value }) => JSON.stringify({ ...invoiceBody(), [field]: value })),
  fc.record({ field: fc.constantFrom('name', 'quantity', 'unitPrice', 'taxRate', 'total', 'sku'), value: oddValues })
    .map(({ field, value }) => JSON.stringify(invoiceBody({ items: [{ ...invoiceBody().items[0], [field]: value }] }))),
  oddValues.map((v) => `{"__proto__":{"polluted":${JSON.stringify(v ?? null)}},"constructor":{"prototype":{"polluted":1}},"buyer":{"name":"x","__proto__":{"admin":true}},"items":[]}`),
  fc.constantFrom('', '{', '[', 'null', '"string"', '{"a":1}{"b":2}', '\u0000', '{"buyer":{"name":"x"}}'.padEnd(3000, ' ')),
);

const queryKeys = fc.constantFrom('page', 'pageSize', 'status', 'dateFrom', 'dateTo', 'buyerMst', 'buyerName', 'search', 'days', 'month', 'date', 'mst', 'filter', 'type', 'format', 'cursor', '__proto__', 'x');
const queries = fc.array(fc.tuple(queryKeys, oddStrings), { maxLength: 4 }).map((pairs) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
);
const contentTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '');

describe('fuzzing every route', () => {
  let node: TestNode;
  let tried = 0;
  beforeAll(async () => {
    node = await startTestNode({ config: { rateLimitPerMinute: 0 } });
    await node.request('POST', '/invoices', { body: invoiceBody() });
  });
  afterAll(async () => {
    console.log(`fuzz cases tried: ${tried}, answers 500: 0`);
    await node.close();
  });

  const totalChanges = () => (node.node.database.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

  it('never answers 500, always envelopes, and changes nothing on a refusal', async () => {
    const routes = node.app.apiRoutes.filter((r) => !r.path.startsWith('/docs') && r.path !== '/openapi.json');
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(oddStrings, { minLength: 3, maxLength: 3 }),
          queries,
          bodies,
          contentTypes,
          fc.option(oddStrings),
          async (params, query, body, contentType, idempotencyKey) => {
            tried += 1;
            let i = 0;
            const path = route.path.replace(/:\w+/g, () => encodeURIComponent(params[i++] || 'x'));
            const headers: Record<string, string> = { authorization: `Bearer ${node.token}` };
            if (contentType) headers['content-type'] = contentType;
            if (idempotencyKey !== null) headers['x-idempotency-key'] = idempotencyKey.replace(/[\r\n]/g, '');
            const before = totalChanges();
            const r = await node.app.inject({
              method: route.method as 'GET',
              url: `/api/v1${path}${query ? `?${query}` : ''}`,
              headers,
              ...(route.method === 'GET' ? {} : { payload: body }),
            });
            const where = `${route.method} ${path.slice(0, 80)}?${query.slice(0, 80)} ${body.slice(0, 120)} → ${r.statusCode} ${r.body.slice(0, 200)}`;
            expect(r.statusCode, where).toBeLessThan(500);
            if (r.headers['content-type']?.toString().includes('json')) {
              const json = r.json();
              expect(json.success, where).toBe(r.statusCode < 400);
              if (r.statusCode >= 400) expect(typeof json.error?.code, where).toBe('string');
            }
            if (r.statusCode >= 400) expect(totalChanges(), where).toBe(before);
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 600_000);
});
