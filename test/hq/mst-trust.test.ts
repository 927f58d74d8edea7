/**
 * A business's name at a store (issue 26, item 5): a name another store's cashier typed reaches a store, if
 * at all, as headquarters' entry, and the tax authority's answer outranks it; HQ itself sends none down
 * (push.test.ts). Real store node, the authority's look-up on loopback.
 */

import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellerReady } from '../support/live-seller.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

const MST = '0100109106';
const AUTHORITY_NAME = 'Công ty TNHH Hòa Bình (theo cơ quan thuế)';

let node: TestNode;
const authority = Fastify();

beforeAll(async () => {
  authority.get('/mst/:mst', async () => ({ mst: MST, name: AUTHORITY_NAME, address: 'Hà Nội', status: 'active' }));
  await authority.listen({ host: '127.0.0.1', port: 0 });
  node = await startTestNode();
  await sellerReady(node);
  const url = `http://127.0.0.1:${(authority.server.address() as AddressInfo).port}`;
  await node.request('PATCH', '/config', { body: { transmission: { adapter: 'http', url } } });
});
afterAll(async () => {
  await node.close();
  await authority.close();
});

it("answers the tax authority's name over a name headquarters sent, and keeps it when HQ sends one again", async () => {
  node.node.services.mst.upsertFromHeadquarters({ mst: MST, name: 'Tên bịa đặt', status: 'active' });
  const looked = await node.request('GET', `/mst/lookup?mst=${MST}`);
  expect(looked.json.data.name).toBe(AUTHORITY_NAME);

  node.node.services.mst.upsertFromHeadquarters({ mst: MST, name: 'Tên bịa đặt lần hai', status: 'active' });
  expect((await node.request('GET', `/mst/lookup?mst=${MST}`)).json.data.name).toBe(AUTHORITY_NAME);
});
