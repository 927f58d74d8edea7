/**
 * A request body says what it means, or it is refused: every write route of the served OpenAPI document
 * declares `additionalProperties: false` on its JSON body, and answers an unknown field with 400
 * VALIDATION_ERROR whose Vietnamese message names the field as the client wrote it, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  additionalProperties?: unknown;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  $ref?: string;
}

let node: TestNode;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  node = await startTestNode();
  const r = await node.request('GET', '/openapi.json');
  expect(r.status).toBe(200);
  paths = r.json.paths;
});
afterAll(() => node.close());

const WRITES = ['post', 'put', 'patch'];

const writeRoutes = () =>
  Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => WRITES.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

/** `/invoices/{id}/replace` → `/invoices/x/replace`: validation answers before any lookup. */
const concrete = (path: string) => path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, 'x');

/** Every object of a schema, nested ones too, through anyOf (an optional body) and arrays' items. */
function objects(schema: JsonSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  const own = schema.type === 'object' || schema.properties ? [schema] : [];
  return [
    ...own,
    ...Object.values(schema.properties ?? {}).flatMap((p) => objects(p)),
    ...(schema.anyOf ?? []).flatMap(objects),
    ...objects(schema.items),
  ];
}

describe('strict request bodies', () => {
  it('documents additionalProperties: false on every object of every write body', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path, operation } of routes) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      expect(schema, `${method} ${path} has a JSON body schema`).toBeDefined();
      for (const object of objects(schema)) {
        expect(object.additionalProperties, `${method} ${path}`).toBe(false);
      }
    }
  });

  it('answers 400 naming an unknown field on every write route, whatever else the body lacks', async () => {
    for (const { method, path, operation } of writeRoutes()) {
      if (path.endsWith('/auth/login')) continue; // below: without a token
      // A list body (the printers) carries the unknown field on its first element.
      const isList = operation.requestBody?.content?.['application/json']?.schema?.type === 'array';
      const body = isList ? [{ surplusField: 1 }] : { surplusField: 1 };
      const r = await node.request(method, concrete(path), { body });
      expect(r.status, `${method} ${path}: ${r.body}`).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
      expect(r.json.error.message, `${method} ${path}`).toContain('surplusField');
      expect(r.json.error.details).toContainEqual(
        expect.objectContaining({ path: isList ? 'body.0.surplusField' : 'body.surplusField' }),
      );
    }
    const login = await node.request('POST', '/auth/login', {
      token: null,
      body: { username: 'admin', password: 'x', remember: true },
    });
    expect(login.status).toBe(400);
    expect(login.json.error.message).toContain('remember');
  });

  it('names each unknown nested field of an invoice as the client wrote it, and issues nothing', async () => {
    const before = (await node.request('GET', '/invoices')).json.data.total;
    const body = invoiceBody({
      buyer: { name: 'Công ty TNHH Hòa Bình', taxCode: '0100109106' },
      items: [{ name: 'Cà phê', unit: 'ly', quantity: 2, unitPrice: 25_000, taxRate: 0.1, discount: 5_000 }],
    });
    const r = await node.request('POST', '/invoices', { body });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.message).toContain('items[0].discount');
    expect(r.json.error.message).toContain('buyer.taxCode');
    expect(r.json.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.items.0.discount' }),
        expect.objectContaining({ path: 'body.buyer.taxCode' }),
      ]),
    );
    expect((await node.request('GET', '/invoices')).json.data.total).toBe(before);
  });

  it('still takes a write that has no body, or an empty one', async () => {
    expect((await node.request('POST', '/notifications/read-all')).status).toBe(200);
    expect((await node.request('POST', '/notifications/read-all', { body: {} })).status).toBe(200);
  });
});
