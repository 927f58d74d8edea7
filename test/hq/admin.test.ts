import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HQ_BACKENDS, invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

let t: TestHq;
let shop1: string;
let shop2: string;

const invoice = (seq: number, id: string, issueDate: string, status = 'issued') =>
  invoiceRecord(seq, id, 1, { status, issueDate, createdAt: `${issueDate}T0${seq}:00:00.000Z` });

describe.each(HQ_BACKENDS)('on %s', (backend) => {
  beforeEach(async () => ({ t, shop1, shop2 } = await startHqWithTwoStores(backend)));
  afterEach(async () => t.close());

  describe('/hq/v1 access', () => {
    it('serves health without a token', async () => {
      const health = await t.request('GET', '/hq/v1/health', { token: null });
      expect(health.status).toBe(200);
      expect(health.json.data).toMatchObject({ status: 'ok', db: 'ok', stores: 2 });
    });

    it('refuses store credentials with 403 and missing or wrong tokens with 401, on every admin route', async () => {
      const routes: [string, string, unknown?][] = [
        ['GET', '/hq/v1/stores'],
        ['GET', '/hq/v1/invoices'],
        ['GET', '/hq/v1/stores/shop-1/settings'],
        ['PUT', '/hq/v1/stores/shop-1/settings', { templates: { mauSo: '1', kyHieu: 'C26MAB', templateName: 'x' } }],
        [
          'POST',
          '/hq/v1/stores/shop-1/orders',
          { buyer: { name: 'A' }, items: [{ name: 'B', unit: 'cái', quantity: 1, unitPrice: 1, taxRate: 0 }] },
        ],
        ['PUT', '/hq/v1/products', [{ sku: 'A', name: 'A', unitPrice: 1, taxRate: 0 }]],
      ];
      for (const [method, url, body] of routes) {
        expect((await t.request(method, url, { body, token: shop1 })).status, `${method} ${url} store`).toBe(403);
        expect((await t.request(method, url, { body, token: null })).status, `${method} ${url} none`).toBe(401);
        expect((await t.request(method, url, { body, token: 'x'.repeat(43) })).status, `${method} ${url} wrong`).toBe(
          401,
        );
      }
      expect(await t.count('feed')).toBe(0);
    });
  });

  describe('GET /hq/v1/stores', () => {
    it('shows each store with its sync position, lag since the last push and invoice count', async () => {
      await t.push(shop1, 'shop-1', [invoiceRecord(1, 'a'), invoiceRecord(2, 'b'), invoiceRecord(3, 'a', 2)]);
      // A store reports its version and backlog with every pull; an older store that omits them is fine too.
      await t.request('GET', '/sync/v1/pull?cursor=0', {
        token: shop2,
        headers: { 'x-hoadon-version': '0.1.0', 'x-sync-pending': '7' },
      });
      await t.pull(shop2);
      t.clock.advance(90_000);
      const stores = await t.request('GET', '/hq/v1/stores');
      expect(stores.json.data).toEqual([
        {
          id: 'shop-1',
          name: 'Cửa hàng shop-1',
          createdAt: '2026-03-15T03:00:00.000Z',
          lastPushAt: '2026-03-15T03:00:00.000Z',
          lastPullAt: null,
          appliedThroughSeq: 3,
          pullCursor: 0,
          lagSeconds: 90,
          invoiceCount: 2,
          version: null,
          pendingOutbox: null,
          disabledAt: null,
          previousCredentialUntil: null,
        },
        {
          id: 'shop-2',
          name: 'Cửa hàng shop-2',
          createdAt: '2026-03-15T03:00:00.000Z',
          lastPushAt: null,
          lastPullAt: '2026-03-15T03:00:00.000Z',
          appliedThroughSeq: 0,
          pullCursor: 0,
          lagSeconds: null,
          invoiceCount: 0,
          version: '0.1.0',
          pendingOutbox: 7,
          disabledAt: null,
          previousCredentialUntil: null,
        },
      ]);
    });
  });

  describe('GET /hq/v1/invoices', () => {
    beforeEach(async () => {
      await t.push(shop1, 'shop-1', [
        invoice(1, 'a1', '2026-03-01'),
        invoice(2, 'a2', '2026-03-02', 'error'),
        invoice(3, 'a3', '2026-03-03'),
        invoice(4, 'a4', '2026-03-04', 'replaced'),
      ]);
      await t.push(shop2, 'shop-2', [invoice(1, 'b1', '2026-03-01'), invoice(2, 'b2', '2026-03-05', 'error')]);
    });

    const ids = async (query: string) => {
      const r = await t.request('GET', `/hq/v1/invoices${query}`);
      expect(r.status, query).toBe(200);
      return { ids: r.json.data.items.map((i: { id: string }) => i.id), total: r.json.data.total, data: r.json.data };
    };

    it('lists every store newest first (ties: the later received first), with the store of each invoice', async () => {
      const all = await ids('');
      expect(all.ids).toEqual(['b2', 'a4', 'a3', 'a2', 'b1', 'a1']);
      expect(all.total).toBe(6);
      expect(all.data.items[0]).toEqual({
        storeId: 'shop-2',
        id: 'b2',
        version: 1,
        status: 'error',
        mauSo: '1',
        kyHieu: 'C26MAA',
        number: 2,
        issueDate: '2026-03-05',
        buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
        total: 55_000,
        createdAt: '2026-03-05T02:00:00.000Z',
        demo: false,
      });
    });

    it('filters by store, status list and inclusive dates, alone and together', async () => {
      expect(await ids('?storeId=shop-2')).toMatchObject({ ids: ['b2', 'b1'], total: 2 });
      expect(await ids('?status=error')).toMatchObject({ ids: ['b2', 'a2'], total: 2 });
      expect(await ids('?status=error,replaced&storeId=shop-1')).toMatchObject({ ids: ['a4', 'a2'], total: 2 });
      expect(await ids('?dateFrom=2026-03-02&dateTo=2026-03-04')).toMatchObject({ ids: ['a4', 'a3', 'a2'], total: 3 });
      expect(await ids('?dateFrom=2026-03-01&dateTo=2026-03-01&storeId=shop-1')).toMatchObject({
        ids: ['a1'],
        total: 1,
      });
      expect(await ids('?storeId=nowhere')).toMatchObject({ ids: [], total: 0 });
    });

    it('pages like the store API', async () => {
      expect((await ids('?page=1&pageSize=4')).data).toMatchObject({ total: 6, page: 1, pageSize: 4, totalPages: 2 });
      expect((await ids('?page=2&pageSize=4')).ids).toEqual(['b1', 'a1']);
      expect((await ids('?page=3&pageSize=4')).ids).toEqual([]);
      for (const query of [
        '?pageSize=0',
        '?pageSize=101',
        '?page=0',
        '?status=lost',
        '?dateFrom=2026-13-01',
        '?dateFrom=2026-03-05&dateTo=2026-03-01',
        '?storeId=a%20b',
      ]) {
        const r = await t.request('GET', `/hq/v1/invoices${query}`);
        expect(r.status, query).toBe(400);
        expect(r.json.error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('POST /hq/v1/stores/:id/orders', () => {
    const body = {
      channel: 'web',
      buyer: { name: 'Khách web' },
      items: [{ name: 'Bánh mì', unit: 'cái', quantity: 2, unitPrice: 20_000, taxRate: 0.08 }],
    };

    it('sends the order to that store, with a generated id when none is given', async () => {
      const sent = await t.request('POST', '/hq/v1/stores/shop-1/orders', { body });
      expect(sent.status).toBe(201);
      expect(sent.json.data).toEqual({ cursor: 1, order: { id: 'hq-order-1', paymentMethod: 'TM/CK', ...body } });
      const named = await t.request('POST', '/hq/v1/stores/shop-1/orders', { body: { ...body, id: 'WEB-1001' } });
      expect(named.json.data.order.id).toBe('WEB-1001');
      const pulled = (await t.pull(shop1)).json.data.items;
      expect(pulled.map((i: { kind: string; payload: { id: string } }) => [i.kind, i.payload.id])).toEqual([
        ['order', 'hq-order-1'],
        ['order', 'WEB-1001'],
      ]);
      expect((await t.pull(shop2)).json.data.items).toEqual([]);
    });

    it("validates the order with the store's schema and refuses an unknown store", async () => {
      for (const bad of [
        { ...body, items: [] },
        { ...body, id: 'bad id' },
        { ...body, buyer: {} },
      ]) {
        expect((await t.request('POST', '/hq/v1/stores/shop-1/orders', { body: bad })).status).toBe(400);
      }
      const unknown = await t.request('POST', '/hq/v1/stores/nowhere/orders', { body });
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.code).toBe('NOT_FOUND');
      expect(await t.count('feed')).toBe(0);
    });
  });

  describe('PUT /hq/v1/products', () => {
    it('upserts the catalogue and sends it to every store in one feed item', async () => {
      await t.request('PUT', '/hq/v1/products', {
        body: [{ sku: 'CF-1', name: 'Cà phê', unitPrice: 20_000, taxRate: 0.1 }],
      });
      const list = [
        { sku: 'CF-1', name: 'Cà phê sữa đá', unit: 'ly', unitPrice: 25_000, taxRate: 0.1 },
        { sku: 'BM-1', name: 'Bánh mì', unitPrice: 20_000, taxRate: 0.08 },
      ];
      const sent = await t.request('PUT', '/hq/v1/products', { body: list });
      expect(sent.json.data).toEqual({ count: 2, cursor: 2 });
      expect(await t.all('SELECT sku, name, unit, unit_price AS "unitPrice" FROM products ORDER BY sku')).toEqual([
        { sku: 'BM-1', name: 'Bánh mì', unit: null, unitPrice: 20_000 },
        { sku: 'CF-1', name: 'Cà phê sữa đá', unit: 'ly', unitPrice: 25_000 },
      ]);
      for (const credential of [shop1, shop2]) {
        expect((await t.pull(credential, 1)).json.data.items).toEqual([
          { cursor: 2, kind: 'products', payload: { products: list }, at: expect.any(String) },
        ]);
      }
    });

    it('refuses a malformed catalogue', async () => {
      for (const body of [
        [],
        {},
        [{ sku: 'A', name: 'A', unitPrice: -1, taxRate: 0 }],
        [
          { sku: 'A', name: 'A', unitPrice: 1, taxRate: 0 },
          { sku: 'A', name: 'B', unitPrice: 1, taxRate: 0 },
        ],
      ]) {
        const r = await t.request('PUT', '/hq/v1/products', { body });
        expect(r.status, JSON.stringify(body)).toBe(400);
      }
      expect(await t.count('products')).toBe(0);
    });
  });
});
