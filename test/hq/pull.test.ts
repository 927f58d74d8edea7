import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PG_READ_FEED_SQL } from '../../sync/hq/pg/pg-hq-store.js';
import { READ_FEED_SQL } from '../../sync/hq/sqlite-hq-store.js';
import { HQ_BACKENDS, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

let t: TestHq;
let shop1: string;
let shop2: string;

const order = (id: string) => ({
  id,
  channel: 'web',
  buyer: { name: 'Khách web' },
  items: [{ name: 'Bánh mì', unit: 'cái', quantity: 1, unitPrice: 20_000, taxRate: 0.08 }],
});
const sendOrder = (store: string, id: string) =>
  t.request('POST', `/hq/v1/stores/${store}/orders`, { body: order(id) });
const products = [{ sku: 'CF-1', name: 'Cà phê sữa đá', unit: 'ly', unitPrice: 25_000, taxRate: 0.1 }];

describe.each(HQ_BACKENDS)('on %s', (backend) => {
  beforeEach(async () => ({ t, shop1, shop2 } = await startHqWithTwoStores(backend)));
  afterEach(async () => t.close());

  describe('GET /sync/v1/pull', () => {
    it("answers a store its own and everyone's items, never another store's, oldest first", async () => {
      await sendOrder('shop-1', 'o-1'); // cursor 1
      await sendOrder('shop-2', 'o-2'); // cursor 2
      await t.request('PUT', '/hq/v1/products', { body: products }); // cursor 3
      await sendOrder('shop-2', 'o-3'); // cursor 4
      await sendOrder('shop-1', 'o-4'); // cursor 5

      const one = await t.pull(shop1);
      expect(one.status).toBe(200);
      expect(one.json.data.items.map((i: { cursor: number; kind: string }) => [i.cursor, i.kind])).toEqual([
        [1, 'order'],
        [3, 'products'],
        [5, 'order'],
      ]);
      expect(one.json.data).toMatchObject({ nextCursor: 5, hasMore: false });
      expect(one.json.data.items[1].payload).toEqual({ products });

      const two = await t.pull(shop2);
      expect(two.json.data.items.map((i: { payload: { id?: string } }) => i.payload.id ?? 'products')).toEqual([
        'o-2',
        'products',
        'o-3',
      ]);
    });

    it('pages with cursor and limit, and records what it served', async () => {
      for (let i = 1; i <= 5; i += 1) await sendOrder('shop-1', `o-${i}`);
      await sendOrder('shop-2', 'not-mine');
      const first = await t.pull(shop1, 0, 2);
      expect(first.json.data).toMatchObject({ nextCursor: 2, hasMore: true });
      const second = await t.pull(shop1, 2, 2);
      expect(second.json.data).toMatchObject({ nextCursor: 4, hasMore: true });
      t.clock.advance(60_000);
      const last = await t.pull(shop1, 4, 2);
      expect(last.json.data.items.map((i: { payload: { id: string } }) => i.payload.id)).toEqual(['o-5']);
      expect(last.json.data).toMatchObject({ nextCursor: 5, hasMore: false });
      const empty = await t.pull(shop1, 5, 2);
      expect(empty.json.data).toEqual({ items: [], nextCursor: 5, hasMore: false, hqPublicUrl: null });
      expect(await t.services.store.findStore('shop-1')).toMatchObject({
        pullCursor: 5,
        lastPullAt: '2026-03-15T03:01:00.000Z',
      });
      expect(await t.services.store.findStore('shop-2')).toMatchObject({ pullCursor: 0, lastPullAt: null });
    });

    it('refuses bad credentials and bad paging', async () => {
      expect((await t.pull('shop-1.not-the-right-secret-at-all')).status).toBe(401);
      expect((await t.request('GET', '/sync/v1/pull')).status).toBe(401); // the admin token is not a store credential
      for (const query of ['cursor=-1', 'limit=0', `limit=501`, 'cursor=abc']) {
        const r = await t.request('GET', `/sync/v1/pull?${query}`, { token: shop1 });
        expect(r.status, query).toBe(400);
        expect(r.json.error.code).toBe('VALIDATION_ERROR');
      }
    });

    it('reads the feed through the (store_id, cursor) index without sorting, however many items other stores have', async () => {
      if (backend === 'sqlite') {
        const plan = await t.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${READ_FEED_SQL}`, ['shop-1', 0, 0, 10]);
        const details = plan.map((row) => row.detail).join('\n');
        expect(details).toMatch(/SEARCH feed USING (COVERING )?INDEX feed_store_cursor \(store_id=\? AND cursor>\?\)/);
        expect(details).toMatch(
          /SEARCH feed USING (COVERING )?INDEX feed_store_cursor \(store_id=\? AND cursor>\?\)[\s\S]*SEARCH feed USING/,
        );
        expect(details).not.toMatch(/TEMP B-TREE/);
        return;
      }
      // PostgreSQL plans by statistics: 100,000 items of another store, some for everyone, then the plan.
      await t.db.all(`INSERT INTO feed (store_id, kind, payload, at)
        SELECT CASE WHEN n % 50 = 0 THEN NULL ELSE 'shop-2' END, 'order', '{}', '2026-03-15T03:00:00.000Z'
        FROM generate_series(1, 100000) AS n`);
      await t.db.all('ANALYZE feed');
      const plan = await t.db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${PG_READ_FEED_SQL}`, ['shop-1', 0, 10]);
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Merge Append/);
      expect(text).toMatch(/Index (Only )?Scan using feed_store_cursor/);
      expect(text).toMatch(/Index (Only )?Scan using feed_everyone_cursor/);
      expect(text).not.toMatch(/Seq Scan|\n\s*->\s*Sort/);
    });
  });
});
