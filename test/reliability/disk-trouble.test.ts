import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * A full disk is SQLite's SQLITE_FULL: capping the database's page count produces exactly that error
 * (running as root, file permissions cannot simulate it). query_only produces SQLITE_READONLY.
 */
describe('disk trouble', () => {
  let node: TestNode;
  const count = () =>
    (node.node.database.sqlite.prepare('SELECT count(*) AS n FROM invoices').get() as { n: number }).n;
  const health = async () => (await node.request('GET', '/health', { token: null })).json.data;

  beforeAll(async () => {
    node = await startTestNode();
    expect((await node.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
  });
  afterAll(() => node.close());

  it('answers 503 on a full disk, writes nothing, reports degraded, and recovers with the disk', async () => {
    const { sqlite } = node.node.database;
    const pages = sqlite.pragma('page_count', { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${pages}`);
    const before = count();
    const bigBuyer = { name: 'Khách lớn', address: 'x'.repeat(300) };
    let refused: ApiResponse | undefined;
    for (let i = 0; i < 50; i += 1) {
      refused = await node.request('POST', '/invoices', {
        body: invoiceBody({ buyer: bigBuyer, items: Array.from({ length: 50 }, () => invoiceBody().items[0]) }),
      });
      if (refused.status !== 201) break;
    }
    expect(refused!.status).toBe(503);
    expect(refused!.json.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(refused!.body).not.toMatch(/SQLITE|database or disk/);
    const afterRefusal = count();
    expect(sqlite.prepare('SELECT max(number) AS n FROM invoices').get()).toEqual({ n: afterRefusal });
    expect(await health()).toMatchObject({
      status: 'degraded',
      storage: { writable: false, lastError: { code: 'SQLITE_FULL' } },
    });
    expect(afterRefusal).toBeGreaterThanOrEqual(before);

    sqlite.pragma('max_page_count = 4294967294');
    const recovered = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(recovered.status).toBe(201);
    expect(recovered.json.data.number).toBe(afterRefusal + 1);
    expect(await health()).toMatchObject({ status: 'ok', storage: { writable: true } });
  });

  it('answers 503 on a read-only database', async () => {
    const { sqlite } = node.node.database;
    sqlite.pragma('query_only = ON');
    try {
      const r = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(r.status).toBe(503);
      expect((await node.request('GET', '/invoices')).status).toBe(200);
    } finally {
      sqlite.pragma('query_only = OFF');
    }
  });
});
