/**
 * The OpenAPI document a node serves, fetched over HTTP and linted by Redocly's CLI (a real process) with the
 * repository's redocly.yaml (the recommended rules): no error and no warning. `.ci/run` runs this file.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../support/test-node.js';

interface Operation {
  operationId?: string;
  summary?: string;
  responses: Record<string, { content?: Record<string, { example?: unknown; schema?: object }> }>;
}

let node: TestNode;
let document: {
  servers?: unknown[];
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};
let text: string;

beforeAll(async () => {
  node = await startTestNode();
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = node.app.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  text = await response.text();
  document = JSON.parse(text);
});
afterAll(() => node.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

describe('the OpenAPI document', () => {
  it('passes Redocly lint with the recommended rules: no error, no warning', () => {
    const file = join(node.dataDir, 'openapi.json');
    writeFileSync(file, text);
    const lint = spawnSync('node_modules/.bin/redocly', ['lint', file, '--config', 'redocly.yaml', '--format=json'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.status).toBe(0);
  });

  it('gives every operation an operationId, a summary and its error answers with an enveloped example', () => {
    expect(document.servers).toHaveLength(1);
    expect(document.components.schemas.ApiError).toMatchObject({ required: ['code', 'message'] });
    const ids = new Set<string>();
    for (const { name, operation } of operations()) {
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId as string), `${name}: operationId used twice`).toBe(false);
      ids.add(operation.operationId as string);
      expect(operation.summary, name).toBeTruthy();
      const errors = Object.entries(operation.responses).filter(([status]) => status.startsWith('4'));
      expect(errors.length, `${name} documents no 4xx`).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        const example = response.content?.['application/json']?.example as { success: boolean; error: object };
        expect(example, `${name} ${status}`).toMatchObject({ success: false, error: { code: expect.any(String) } });
        expect(response.content?.['application/json']?.schema).toMatchObject({
          properties: { error: { $ref: '#/components/schemas/ApiError' } },
        });
      }
    }
  });

  it('answers an error through the documented envelope, not a 500 from the serializer', async () => {
    const forged = await node.request('GET', '/auth/me', { token: 'a.b.c' });
    expect(forged.status).toBe(401);
    expect(forged.json).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    const invalid = await node.request('POST', '/invoices', { body: { items: [] } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.details.length).toBeGreaterThan(0);
  });
});
