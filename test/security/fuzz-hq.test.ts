/**
 * Property-based fuzzing of every headquarters route (read from the HQ app's route table, not a hand list),
 * each called with its rightful credential so the fuzz reaches the services: pushes shaped like a store's
 * outbox with one part broken (a seq gap, a huge payload, a wrong kind, a negative version, `__proto__`
 * keys, another store's storeId, an odd or mismatched idempotency key), admin bodies with one field broken,
 * odd params and queries. Never a 500, always the envelope, a refusal changes nothing in HQ's database, and
 * a pull never answers another store's items.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceRecord, record, startTestHq, type TestHq } from '../hq/hq-test-node.js';
import {
  contentTypes,
  fuzzRuns,
  headerValue,
  oddNumbers,
  oddStrings,
  oddValues,
  pollutedObject,
  queries,
  strayBodies,
} from './arbitraries.js';
import { expectHarmless } from './fuzz-oracle.js';
import { type HqRoute, hqRoutes, rightfulToken } from './hq-routes.js';

const RUNS = fuzzRuns(50);
const STORE = 'shop-a';
const OTHER = 'shop-b';
/** The greatest clock value the wire format allows. */
const EDGE_HLC = `999999999999999:99999:${STORE}`;

/** One request's body and idempotency key, built when it is sent: a push continues from the store's state. */
type Sent = { body: string; key?: string | undefined };
type Build = (nextSeq: number) => Sent;

let ids = 0;
const KINDS = ['invoice', 'customer', 'audit', 'settings', 'aggregate'] as const;

/** A record of each kind as a store's outbox writes it. */
function realRecord(seq: number, kind: (typeof KINDS)[number]) {
  const id = `fz-${++ids}`;
  switch (kind) {
    case 'invoice':
      return invoiceRecord(seq, id);
    case 'customer':
      return record(seq, 'customer', `customer:${id}`, {
        id,
        name: 'Công ty TNHH Hòa Bình',
        mst: '0100109106',
        address: 'Hà Nội',
      });
    case 'audit':
      return record(seq, 'audit', `audit:${id}`, { seq: 1, action: 'issue', hash: 'ab'.repeat(32) });
    case 'settings':
      return record(
        seq,
        'settings',
        'settings:templates',
        {
          name: 'templates',
          document: { mauSo: '1', kyHieu: 'C26MAB', templateName: 'Hóa đơn' },
          hlc: `00${Date.parse('2026-03-15T02:00:00.000Z')}:${String(seq % 99_999).padStart(5, '0')}:${STORE}`,
        },
        seq,
      ); // every edit of a settings document is a new version of its record
    case 'aggregate':
      return record(seq, 'aggregate', `aggregate:2026-03-15`, {
        date: '2026-03-15',
        totalQty: 3,
        totalAmount: 55_000,
        invoiceCount: 1,
      });
  }
}

const recordFields = fc.constantFrom('seq', 'recordId', 'kind', 'version', 'at', 'payload');
const invoiceFields = fc.constantFrom(
  'id',
  'status',
  'mauSo',
  'kyHieu',
  'number',
  'issueDate',
  'buyer',
  'totals',
  'createdAt',
  'version',
);

/** What is broken in a push (one thing, or nothing: a good push moves the store on). */
const pushBreaks = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ is: 'nothing' as const }) },
  fc.record({ is: fc.constant('gap' as const), ahead: fc.constantFrom(2, 3, 1000, Number.MAX_SAFE_INTEGER / 2) }),
  fc.constant({ is: 'innerGap' as const }),
  fc.record({ is: fc.constant('overlap' as const), back: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ is: fc.constant('huge' as const), bytes: fc.constantFrom(1_100_000, 17 * 1024 * 1024) }),
  fc.record({
    is: fc.constant('kind' as const),
    kind: fc.oneof(fc.constantFrom('order', 'products', 'mst', 'INVOICE', ''), oddStrings),
  }),
  fc.record({
    is: fc.constant('version' as const),
    version: fc.oneof(fc.constantFrom(-1, -(2 ** 31), 0.5, 2 ** 53 + 1), oddNumbers),
  }),
  fc.record({ is: fc.constant('field' as const), field: recordFields, value: oddValues }),
  fc.record({ is: fc.constant('invoiceField' as const), field: invoiceFields, value: oddValues }),
  {
    weight: 2,
    arbitrary: fc.record({
      is: fc.constant('hlc' as const),
      // Clock values at the edges of the format: far in the future, a full counter, before the epoch.
      hlc: fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom(
            EDGE_HLC,
            `00${Date.parse('2026-03-15T04:00:00.000Z')}:99999:${STORE}`,
            '000000000000000:00000:x',
            '1:2:3',
            '',
          ),
        },
        oddStrings,
      ),
    }),
  },
  fc.record({
    is: fc.constant('storeId' as const),
    storeId: fc.oneof(fc.constantFrom(OTHER, 'no-such-store', `${STORE} `, STORE.toUpperCase()), oddStrings),
  }),
  fc.record({ is: fc.constant('proto' as const), value: oddValues }),
  fc.record({ is: fc.constant('batchSeq' as const), value: oddValues }),
);
/** Which idempotency key goes with it. */
const pushKeys = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ is: 'right' as const }) },
  fc.constant({ is: 'missing' as const }),
  fc.constant({ is: 'otherStore' as const }),
  fc.constant({ is: 'otherSeq' as const }),
  fc.record({ is: fc.constant('odd' as const), key: oddStrings }),
);

const pushes: fc.Arbitrary<Build> = fc
  .record({
    kinds: fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 4 }),
    broken: pushBreaks,
    key: pushKeys,
  })
  .map(({ kinds, broken, key }) => (next) => {
    let first = next;
    if (broken.is === 'gap') first = next + broken.ahead - 1;
    if (broken.is === 'overlap') first = Math.max(1, next - broken.back);
    const records: Record<string, unknown>[] = kinds.map((kind, i) => realRecord(first + i, kind));
    const body: Record<string, unknown> = { storeId: STORE, batchSeq: first, records };
    const target = records.at(-1)!;
    const payload = target.payload as Record<string, unknown>;
    switch (broken.is) {
      case 'innerGap':
        target.seq = (target.seq as number) + 2;
        break;
      case 'huge':
        payload.note = 'x'.repeat(broken.bytes);
        break;
      case 'kind':
        target.kind = broken.kind;
        break;
      case 'version':
        target.version = broken.version;
        break;
      case 'field':
        target[broken.field] = broken.value;
        break;
      case 'invoiceField':
        records[records.length - 1] = invoiceRecord(target.seq as number, `fz-${++ids}`, 1, {
          [broken.field]: broken.value,
        });
        break;
      case 'hlc':
        records[records.length - 1] = {
          ...realRecord(target.seq as number, 'settings'),
          payload: { ...realRecord(0, 'settings').payload, hlc: broken.hlc },
        };
        break;
      case 'storeId':
        body.storeId = broken.storeId;
        break;
      case 'batchSeq':
        body.batchSeq = broken.value;
        break;
    }
    let text = JSON.stringify(body);
    // JSON.stringify drops a `__proto__` set by assignment: the pollution attempts are written as text.
    if (broken.is === 'proto')
      text = pollutedObject(
        `"records":[${pollutedObject(JSON.stringify(records).slice(2, -2), broken.value)}],"storeId":"${STORE}","batchSeq":${first}`,
        broken.value,
      );
    const keys = {
      right: `${STORE}:${first}`,
      missing: undefined,
      otherStore: `${OTHER}:${first}`,
      otherSeq: `${STORE}:${first + 1}`,
    };
    return { body: text, key: key.is === 'odd' ? headerValue(key.key) : keys[key.is] };
  });

/** A valid body broken in one field (or not at all), as JSON text. */
const oneFieldBroken = (valid: () => Record<string, unknown>, fields: string[]) =>
  fc
    .oneof(
      fc.constant(null),
      fc.record({ field: fc.constantFrom(...fields), value: oddValues }),
      fc.record({ field: fc.constantFrom(...fields), value: oddValues, nested: fc.constantFrom(...fields) }),
    )
    .map((broken) => {
      const body = valid();
      if (!broken) return JSON.stringify(body);
      // Own properties only: `body.__proto__.name = …` would pollute this process, not the request.
      const inner = 'nested' in broken && Object.hasOwn(body, broken.nested) ? body[broken.nested] : undefined;
      const target = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : body;
      Object.defineProperty(target, broken.field, {
        value: broken.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return JSON.stringify(body);
    });

const order = () => ({
  id: `web-${++ids}`,
  channel: 'web',
  buyer: { name: 'Khách web', mst: '0100109106' },
  items: [{ name: 'Bánh mì', unit: 'cái', sku: 'BM-1', quantity: 1, unitPrice: 20_000, taxRate: 0.08 }],
  paymentMethod: 'CK',
});
const settings = () => ({
  templates: { mauSo: '1', kyHieu: 'C26MAB', templateName: 'Hóa đơn' },
  automation: { autoIssueOnPaid: true, channels: ['POS'], delayMinutes: 5, notifyOnIssue: false, notifyOnError: true },
  plan: { planName: 'Chuỗi', invoiceLimit: 1000, storageLimitMb: 500, features: [{ name: 'sync', available: true }] },
});
const product = () => ({ sku: `SKU-${++ids}`, name: 'Cà phê sữa đá', unit: 'ly', unitPrice: 25_000, taxRate: 0.1 });

/** Bodies shaped for a route where one is known; every route also gets stray ones. */
const shaped: Record<string, fc.Arbitrary<string>> = {
  'POST /sync/v1/push': fc.constant(''), // built from the store's state: see `pushes`
  'PUT /hq/v1/stores/:id/settings': oneFieldBroken(settings, [
    'templates',
    'automation',
    'plan',
    'mauSo',
    'kyHieu',
    'channels',
    'delayMinutes',
    'features',
    'extra',
  ]),
  'POST /hq/v1/stores/:id/orders': oneFieldBroken(order, [
    'id',
    'channel',
    'buyer',
    'items',
    'paymentMethod',
    'name',
    'mst',
    '__proto__',
  ]),
  'PUT /hq/v1/products': fc.oneof(
    oneFieldBroken(product, ['sku', 'name', 'unit', 'unitPrice', 'taxRate']).map((p) => `[${p}]`),
    fc.constantFrom('[]', JSON.stringify([product(), { ...product(), sku: 'SKU-1' }, { ...product(), sku: 'SKU-1' }])),
    fc.constant(0).map(() => JSON.stringify(Array.from({ length: 10_001 }, product))),
  ),
};

function bodiesFor(route: HqRoute): fc.Arbitrary<Build> {
  const key = `${route.method} ${route.path}`;
  const stray = fc
    .tuple(
      fc.oneof(
        strayBodies,
        oddValues.map((v) => pollutedObject('"x":1', v)),
      ),
      fc.option(oddStrings),
    )
    .map(
      ([body, idempotencyKey]): Build =>
        () => ({ body, key: idempotencyKey === null ? undefined : headerValue(idempotencyKey) }),
    );
  if (key === 'POST /sync/v1/push') return fc.oneof({ weight: 5, arbitrary: pushes }, stray);
  const known = shaped[key];
  return known
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: known.map(
            (body): Build =>
              () => ({ body }),
          ),
        },
        stray,
      )
    : stray;
}

describe('fuzzing every headquarters route', () => {
  let t: TestHq;
  let credential: string;
  let tried = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await startTestHq();
    credential = await t.addStore(STORE);
    const other = await t.addStore(OTHER);
    await t.push(credential, STORE, [invoiceRecord(1, 'a-1'), realRecord(2, 'customer')]);
    await t.push(other, OTHER, [invoiceRecord(1, 'b-1')]);
    await t.request('POST', `/hq/v1/stores/${OTHER}/orders`, { body: order() });
    await t.request('PUT', '/hq/v1/products', { body: [product()] });
  });
  afterAll(async () => {
    console.log(
      `HQ fuzz cases tried: ${tried}, answers 500: ${statuses.get(500) ?? 0}, statuses: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    await t.close();
  });

  const totalChanges = () => (t.hq.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const othersFeed = () =>
    new Set(
      (
        t.hq.sqlite.prepare('SELECT cursor FROM feed WHERE store_id IS NOT NULL AND store_id <> ?').all(STORE) as {
          cursor: number;
        }[]
      ).map((r) => r.cursor),
    );

  it('never answers 500, always envelopes, changes nothing on a refusal, and never crosses stores', async () => {
    // The OpenAPI document is not an enveloped answer (as on the store, test/security/fuzz.test.ts).
    const routes = hqRoutes(t.app).filter((r) => !r.path.endsWith('/openapi.json'));
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /sync/v1/push', 'GET /sync/v1/pull', 'GET /hq/v1/stores']),
    );
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(oddStrings, fc.constantFrom(STORE, OTHER, 'no-such-store')), {
            minLength: 2,
            maxLength: 2,
          }),
          queries,
          bodiesFor(route),
          fc.oneof({ weight: 4, arbitrary: fc.constant('application/json') }, contentTypes),
          async (params, query, build, contentType) => {
            tried += 1;
            let i = 0;
            const path = route.path.replace(/:\w+/g, () => encodeURIComponent(params[i++] || 'x'));
            const { body, key } = build(((await t.hq.services.store.findStore(STORE))?.appliedThroughSeq ?? 0) + 1);
            const headers: Record<string, string> = { authorization: `Bearer ${rightfulToken(route, credential)}` };
            if (contentType) headers['content-type'] = contentType;
            if (key !== undefined) headers['x-idempotency-key'] = key;
            const before = totalChanges();
            const r = await t.app.inject({
              method: route.method as 'GET',
              url: `${path}${query ? `?${query}` : ''}`,
              headers,
              ...(route.method === 'GET' ? {} : { payload: body }),
            });
            statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
            const where = `${route.method} ${path.slice(0, 80)}?${query.slice(0, 80)} ${body.slice(0, 300)} [key ${key?.slice(0, 40)}] → ${r.statusCode} ${r.body.slice(0, 300)}`;
            expectHarmless(r, totalChanges() - before, where);
            if (route.path === '/sync/v1/pull' && r.statusCode === 200) {
              const foreign = othersFeed();
              expect(
                r.json().data.items.filter((item: { cursor: number }) => foreign.has(item.cursor)),
                where,
              ).toEqual([]);
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
  }, 600_000);
});

// Found by this fuzzing: a store's clock value at the edge of the format (a full counter, or a wall time
// centuries ahead) moved HQ's shared clock past what the format holds, and every later HQ settings edit, for
// every store, answered 500 after committing a malformed value to the feed.
describe("a store's clock value at the edge of the format", () => {
  let t: TestHq;
  let credential: string;
  beforeAll(async () => {
    t = await startTestHq();
    credential = await t.addStore(STORE);
    t.addStore(OTHER);
  });
  afterAll(() => t.close());

  const pushSettings = (seq: number, hlc: string) =>
    t.push(credential, STORE, [
      { ...realRecord(seq, 'settings'), payload: { ...realRecord(0, 'settings').payload, hlc } },
    ]);
  const hqEdit = async (store: string) => {
    const r = await t.request('PUT', `/hq/v1/stores/${store}/settings`, { body: settings() });
    expect(r.status, r.body).toBe(200);
    return r.json.data.items[0].hlc as string;
  };

  it("leaves HQ's clock usable for the whole chain", async () => {
    const hourAhead = `00${t.clock.now().getTime() + 3600_000}:99999:${STORE}`;
    expect((await pushSettings(1, hourAhead)).status).toBe(200);
    const afterFullCounter = await hqEdit(STORE);
    expect(afterFullCounter > hourAhead).toBe(true);
    expect(afterFullCounter).toMatch(/^\d{15}:\d{5}:hq$/);

    expect((await pushSettings(2, EDGE_HLC)).status).toBe(200);
    const other = await hqEdit(OTHER);
    expect(other).toMatch(/^\d{15}:\d{5}:hq$/);
    // HQ's clock went no further than a day ahead of its wall clock: the other stores' edits keep real time.
    expect(Number(other.slice(0, 15))).toBeLessThanOrEqual(t.clock.now().getTime() + 24 * 3600_000 + 1);
    for (const store of [STORE, OTHER])
      expect((await t.request('GET', `/hq/v1/stores/${store}/settings`)).status).toBe(200);
    const feed = (await t.pull(credential)).json.data.items as { payload: { hlc: string } }[];
    for (const item of feed) expect(item.payload.hlc).toMatch(/^\d{15}:\d{5}:hq$/);
  });
});
