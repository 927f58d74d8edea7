import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/db/open.js';
import { cachedAnswer, registerAnswerCache } from '../../src/http/answer-cache.js';
import { testClock } from '../support/clock.js';
import { nextRun } from '../support/next-run.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('the answer cache (plugin)', () => {
  let app: FastifyInstance;
  afterEach(() => app?.close());

  async function appWith(
    state: { generation: number; date: string; answerSize?: number; writeDuringHandler?: boolean },
    maxBytes = 1 << 20,
  ) {
    const calls: string[] = [];
    app = Fastify();
    app.decorateRequest('user', undefined as never);
    app.addHook('onRequest', async (request) => {
      request.user = { id: String(request.headers['x-user'] ?? 'u1'), role: 'admin' } as never;
    });
    registerAnswerCache(app, { generation: () => String(state.generation), localDate: () => state.date, maxBytes });
    app.get('/kept', { config: cachedAnswer }, async (request) => {
      calls.push(request.url);
      if (state.writeDuringHandler) state.generation += 1;
      return { n: calls.length, pad: 'x'.repeat(state.answerSize ?? 0) };
    });
    app.get('/missing', { config: cachedAnswer }, async (_request, reply) => {
      calls.push('missing');
      return reply.code(404).send({ n: calls.length });
    });
    app.get('/plain', async () => {
      calls.push('plain');
      return { n: calls.length };
    });
    await app.ready();
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'GET', url, headers });
      return {
        status: response.statusCode,
        body: response.json() as { n: number },
        type: response.headers['content-type'],
      };
    };
    return { calls, get };
  }

  it('answers a repeated question from the cache until the generation moves or the date turns', async () => {
    const state = { generation: 1, date: '2026-11-23' };
    const { calls, get } = await appWith(state);
    expect((await get('/kept?a=1')).body.n).toBe(1);
    const again = await get('/kept?a=1');
    expect(again.body.n).toBe(1);
    expect(again.type).toBe('application/json; charset=utf-8');
    expect(calls).toHaveLength(1);
    expect((await get('/kept?a=2')).body.n).toBe(2);

    state.generation += 1;
    expect((await get('/kept?a=1')).body.n).toBe(3);
    expect((await get('/kept?a=1')).body.n).toBe(3);
    state.date = '2026-11-24';
    expect((await get('/kept?a=1')).body.n).toBe(4);
  });

  it('keeps answers per user, honours Cache-Control: no-cache, and keeps neither errors nor routes that did not opt in', async () => {
    const { calls, get } = await appWith({ generation: 1, date: '2026-11-23' });
    await get('/kept');
    expect((await get('/kept', { 'x-user': 'u2' })).body.n).toBe(2);
    expect((await get('/kept', { 'cache-control': 'no-cache' })).body.n).toBe(3);
    expect((await get('/kept')).body.n).toBe(3);
    expect((await get('/missing')).status).toBe(404);
    expect((await get('/missing')).body.n).toBe(5);
    await get('/plain');
    expect((await get('/plain')).body.n).toBe(7);
    expect(calls).toHaveLength(7);
  });

  it('does not keep an answer computed while the data changed', async () => {
    const state = { generation: 1, date: '2026-11-23', writeDuringHandler: true };
    const { get } = await appWith(state);
    await get('/kept');
    state.writeDuringHandler = false;
    expect((await get('/kept')).body.n).toBe(2);
    expect((await get('/kept')).body.n).toBe(2);
  });

  it('counts an answer kept again under the same question once', async () => {
    const { calls, get } = await appWith({ generation: 1, date: '2026-11-23', answerSize: 400 }, 1000);
    await get('/kept?a=1');
    for (let i = 0; i < 10; i += 1) await get('/kept?a=2', { 'cache-control': 'no-cache' });
    expect(calls).toHaveLength(11);
    await get('/kept?a=1');
    await get('/kept?a=2');
    expect(calls).toHaveLength(11);
  });

  it('drops the oldest answers beyond its size', async () => {
    const { calls, get } = await appWith({ generation: 1, date: '2026-11-23', answerSize: 400 }, 1000);
    await get('/kept?a=1');
    await get('/kept?a=2');
    await get('/kept?a=3');
    expect(calls).toHaveLength(3);
    await get('/kept?a=3');
    await get('/kept?a=2');
    expect(calls).toHaveLength(3);
    await get('/kept?a=1');
    expect(calls).toHaveLength(4);
  });
});

describe('the answer cache on a store node', () => {
  let node: TestNode;
  afterEach(() => node?.close());

  it('answers what a write through the API, another connection, or a new local day changed', async () => {
    const clock = testClock('2026-11-23T16:00:00.000Z');
    node = await startTestNode({ clock, config: { timeZone: 'Asia/Ho_Chi_Minh' } });
    const created = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    const list = async () => (await node.request('GET', '/invoices')).json.data;
    const buyerName = async () => (await node.request('GET', `/invoices/${created.id}`)).json.data.buyer.name;
    expect((await list()).total).toBe(1);
    await node.request('POST', '/invoices', { body: invoiceBody() });
    expect((await list()).total).toBe(2);

    const before = await buyerName();
    expect(await buyerName()).toBe(before);
    const other = new Database(join(node.dataDir, DATABASE_FILE));
    try {
      other.prepare("UPDATE invoices SET buyer_name = 'Đổi từ kết nối khác' WHERE id = ?").run(created.id);
    } finally {
      other.close();
    }
    // Seen from the next turn of the event loop (src/db/data-generation.ts `otherCommits`).
    await nextRun();
    expect(await buyerName()).toBe('Đổi từ kết nối khác');

    expect((await node.request('GET', '/aggregate')).json.data.date).toBe('2026-11-23');
    clock.advance(60 * 60 * 1000);
    expect((await node.request('GET', '/aggregate')).json.data.date).toBe('2026-11-24');
  });
});
