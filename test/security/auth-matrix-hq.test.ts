/**
 * Every headquarters route (from the HQ app's route table) × every kind of caller, the expected answer
 * read from one small table; then what matters most over a chain's WAN: a store's credential never reads
 * or writes another store's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCredential } from '../../sync/protocol.js';
import { ADMIN_TOKEN, invoiceRecord, record, startTestHq, type TestHq } from '../hq/hq-test-node.js';
import { type HqRoute, hqRoutes } from './hq-routes.js';

type Caller = 'none' | 'malformed' | 'wrongSecret' | 'otherStoresSecret' | 'unknownStore' | 'store' | 'admin';

/** What each caller gets on each kind of route; 'ok' is neither 401 nor 403. */
const MATRIX: Record<Caller, Record<HqRoute['caller'], 'ok' | 401 | 403>> = {
  none: { store: 401, admin: 401, public: 'ok' },
  malformed: { store: 401, admin: 401, public: 'ok' },
  wrongSecret: { store: 401, admin: 401, public: 'ok' },
  otherStoresSecret: { store: 401, admin: 401, public: 'ok' },
  unknownStore: { store: 401, admin: 401, public: 'ok' },
  // A known store on the admin API is a known caller without the right: 403. The admin token is no store
  // credential at all: 401 on /sync/v1.
  store: { store: 'ok', admin: 403, public: 'ok' },
  admin: { store: 401, admin: 'ok', public: 'ok' },
};

const A = 'shop-a';
const B = 'shop-b';
const secretOf = (credential: string) => credential.slice(credential.lastIndexOf('.') + 1);

let t: TestHq;
let credA: string;
let credB: string;

beforeAll(async () => {
  t = await startTestHq();
  credA = await t.addStore(A);
  credB = await t.addStore(B);
});
afterAll(() => t.close());

const totalChanges = () => (t.hq.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

describe('HQ auth matrix', () => {
  /** Authorization header values per caller (several ways to be wrong for the wrong ones). */
  const headersOf = (caller: Caller): (string | undefined)[] => {
    switch (caller) {
      case 'none':
        return [undefined];
      case 'malformed':
        return [
          'Bearer',
          'Bearer ',
          `Basic ${Buffer.from(`${A}:x`).toString('base64')}`,
          `bearer ${credA}`,
          `Bearer ${credA} x`,
          `Bearer ${A}`,
          `Bearer ${A}.short`,
          `Bearer .${secretOf(credA)}`,
          `Bearer ${A}..${secretOf(credA)}`,
          `Bearer ${'a'.repeat(5000)}.${secretOf(credA)}`,
          `Bearer ${credA}\u0000`,
        ];
      case 'wrongSecret':
        return [
          `Bearer ${storeCredential(A, 'x'.repeat(43))}`,
          `Bearer ${credA.slice(0, -1)}${credA.endsWith('A') ? 'B' : 'A'}`,
        ];
      case 'otherStoresSecret':
        return [`Bearer ${storeCredential(A, secretOf(credB))}`, `Bearer ${storeCredential(B, secretOf(credA))}`];
      case 'unknownStore':
        return [
          `Bearer ${storeCredential('no-such-store', secretOf(credA))}`,
          `Bearer ${storeCredential(A.toUpperCase(), secretOf(credA))}`,
        ];
      case 'store':
        return [`Bearer ${credA}`];
      case 'admin':
        return [`Bearer ${ADMIN_TOKEN}`];
    }
  };

  it('covers every HQ route', () => {
    const routes = hqRoutes(t.app).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /sync/v1/push',
        'GET /sync/v1/pull',
        'GET /hq/v1/health',
        'GET /hq/v1/stores',
        'PUT /hq/v1/products',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
  });

  it('answers each caller as the table says, and a refusal changes nothing', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of hqRoutes(t.app)) {
      const url = route.path.replace(/:\w+/g, B);
      for (const caller of Object.keys(MATRIX) as Caller[]) {
        const expected = MATRIX[caller][route.caller];
        for (const authorization of headersOf(caller)) {
          tried += 1;
          const before = totalChanges();
          const r = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...(authorization === undefined ? {} : { authorization }),
              ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
            },
            ...(route.method === 'GET' ? {} : { payload: '{}' }),
          });
          // A download (the invoice list as CSV or XLSX) and the API document are not envelopes; every refusal is.
          const isJson =
            String(r.headers['content-type'] ?? '').startsWith('application/json') &&
            !route.path.endsWith('/openapi.json');
          const json = isJson ? r.json() : { success: r.statusCode < 400 };
          const ok = expected === 'ok' ? r.statusCode !== 401 && r.statusCode !== 403 : r.statusCode === expected;
          const code = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' }[r.statusCode];
          if (!ok || r.statusCode >= 500 || json.success !== r.statusCode < 400 || (code && json.error.code !== code)) {
            failures.push(
              `${route.method} ${route.path} as ${caller} (${authorization?.slice(0, 40)}): expected ${expected}, got ${r.statusCode} ${r.body.slice(0, 120)}`,
            );
          }
          if (expected !== 'ok' && totalChanges() !== before)
            failures.push(`${route.method} ${route.path} as ${caller}: refused but wrote`);
        }
      }
    }
    console.log(`HQ auth matrix: ${tried} requests`);
    expect(failures).toEqual([]);
  });
});

describe("a store's credential never reaches another store's data", () => {
  const storeRow = (id: string) => t.hq.services.store.findStore(id);
  const feedOf = (id: string) =>
    (
      t.hq.sqlite.prepare('SELECT cursor FROM feed WHERE store_id = ? OR store_id IS NULL ORDER BY cursor').all(id) as {
        cursor: number;
      }[]
    ).map((r) => r.cursor);
  const order = (id: string) => ({
    id,
    channel: 'web',
    buyer: { name: 'Khách web' },
    items: [{ name: 'Bánh mì', unit: 'cái', quantity: 1, unitPrice: 20_000, taxRate: 0.08 }],
  });
  const templates = (kyHieu: string) => ({ mauSo: '1', kyHieu, templateName: 'Hóa đơn' });

  beforeAll(async () => {
    expect((await t.push(credB, B, [invoiceRecord(1, 'b-1')])).status).toBe(200);
    expect((await t.push(credA, A, [invoiceRecord(1, 'a-1')])).status).toBe(200);
    for (const store of [A, B])
      expect((await t.request('POST', `/hq/v1/stores/${store}/orders`, { body: order(`o-${store}`) })).status).toBe(
        201,
      );
    expect(
      (await t.request('PUT', `/hq/v1/stores/${B}/settings`, { body: { templates: templates('C26MAB') } })).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', '/hq/v1/products', {
          body: [{ sku: 'CF-1', name: 'Cà phê', unitPrice: 25_000, taxRate: 0.1 }],
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a push of store A's credential carrying store B's storeId, with any key, and writes nothing", async () => {
    const bBefore = await storeRow(B);
    for (const [batch, key] of [
      [[invoiceRecord(2, 'forged')], `${B}:2`],
      [[invoiceRecord(2, 'forged')], `${A}:2`],
      [[invoiceRecord(1, 'b-1', 9, { status: 'replaced' })], `${B}:1`],
    ] as const) {
      const before = totalChanges();
      const r = await t.push(credA, B, [...batch], key);
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('FORBIDDEN');
      expect(totalChanges()).toBe(before);
    }
    expect(await storeRow(B)).toEqual(bBefore);
    expect(await t.count('records', `store_id = '${B}'`)).toBe(1);
    expect(t.hq.sqlite.prepare(`SELECT version, status FROM invoices WHERE store_id = '${B}'`).all()).toEqual([
      { version: 1, status: 'issued' },
    ]);
  });

  it("keeps a record with another store's ids as the pushing store's own", async () => {
    const r = await t.push(credA, A, [
      invoiceRecord(2, 'b-1', 5, { status: 'replaced' }),
      record(
        3,
        'settings',
        'settings:templates',
        {
          name: 'templates',
          document: templates('C26MAC'),
          hlc: `00${Date.parse('2026-03-15T02:30:00.000Z')}:00000:${B}`,
        },
        3,
      ),
    ]);
    expect(r.status).toBe(200);
    expect(
      t.hq.sqlite
        .prepare(`SELECT store_id AS storeId, version, status FROM invoices WHERE invoice_id = 'b-1' ORDER BY store_id`)
        .all(),
    ).toEqual([
      { storeId: A, version: 5, status: 'replaced' },
      { storeId: B, version: 1, status: 'issued' },
    ]);
    const bSettings = (await t.request('GET', `/hq/v1/stores/${B}/settings`)).json.data;
    expect(bSettings.current).toMatchObject([{ document: templates('C26MAB'), origin: 'hq' }]);
    expect(bSettings.losers).toEqual([]);
  });

  it("answers a pull only the store's own and everyone's items, whatever the query asks", async () => {
    for (const query of [
      '',
      `storeId=${B}`,
      `store=${B}`,
      'cursor=0&limit=500',
      `cursor=0&storeId=${B}&store_id=${B}`,
    ]) {
      const r = await t.request('GET', `/sync/v1/pull?${query}`, { token: credA });
      expect(r.status, query).toBe(200);
      expect(
        r.json.data.items.map((i: { cursor: number }) => i.cursor),
        query,
      ).toEqual(feedOf(A));
      expect(JSON.stringify(r.json.data), query).not.toContain(`o-${B}`);
    }
    expect((await t.pull(credB)).json.data.items.map((i: { cursor: number }) => i.cursor)).toEqual(feedOf(B));
  });

  it("moves only the pulling store's cursor", async () => {
    const bBefore = await storeRow(B);
    await t.pull(credA, 0, 1);
    expect(await storeRow(B)).toEqual(bBefore);
  });
});
