/**
 * Property-based fuzzing of every API route (enumerated from the app's route table, not a hand list):
 * generated path params, query strings, bodies and headers — wrong types, huge and odd strings, unicode,
 * nulls, prototype-pollution keys, edge numbers. Always an enveloped answer, never a 500, and a refused
 * request never changes the database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import {
  contentTypes,
  fuzzRuns,
  headerValue,
  oddStrings,
  oddValues,
  pollutedObject,
  queries,
  strayBodies,
} from './arbitraries.js';
import { expectHarmless } from './fuzz-oracle.js';

const RUNS = fuzzRuns(100);

/** Bodies shaped like real ones with one part broken, plus arbitrary JSON and pollution attempts. */
const bodies: fc.Arbitrary<string> = fc.oneof(
  strayBodies,
  fc
    .record({
      field: fc.constantFrom(
        'buyer',
        'items',
        'channel',
        'paymentMethod',
        'reason',
        'type',
        'orderId',
        'mauSo',
        'kyHieu',
        'delayMinutes',
        'channels',
        'taxRates',
        'seller',
        'username',
        'password',
      ),
      value: oddValues,
    })
    .map(({ field, value }) => JSON.stringify({ ...invoiceBody(), [field]: value })),
  fc
    .record({ field: fc.constantFrom('name', 'quantity', 'unitPrice', 'taxRate', 'total', 'sku'), value: oddValues })
    .map(({ field, value }) => JSON.stringify(invoiceBody({ items: [{ ...invoiceBody().items[0], [field]: value }] }))),
  oddValues.map((v) => pollutedObject('"buyer":{"name":"x","__proto__":{"admin":true}},"items":[]', v)),
);

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

  const totalChanges = () =>
    (node.node.database.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

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
            if (idempotencyKey !== null) headers['x-idempotency-key'] = headerValue(idempotencyKey);
            // An invoice a valid case issued is signed just after its answer: signed now, so that only this
            // request's own writes are counted.
            await node.node.services.invoiceXml.signWaiting();
            const before = totalChanges();
            const r = await node.app.inject({
              method: route.method as 'GET',
              url: `/api/v1${path}${query ? `?${query}` : ''}`,
              headers,
              ...(route.method === 'GET' ? {} : { payload: body }),
            });
            const where = `${route.method} ${path.slice(0, 80)}?${query.slice(0, 80)} ${body.slice(0, 120)} → ${r.statusCode} ${r.body.slice(0, 200)}`;
            expectHarmless(r, totalChanges() - before, where);
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 600_000);
});
