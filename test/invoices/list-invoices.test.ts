import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { BUYER_NAME_CANDIDATES } from '../../src/invoices/invoices.repository.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, listInvoices, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * Six invoices around the end of January in Vietnam (UTC+7): 2026-01-31T16:59Z is still 31 January there,
 * 17:00Z is already 1 February.
 */
const FIXTURE = [
  { at: '2026-01-30T03:00:00.000Z', buyer: { name: 'Nguyễn Văn An', mst: '0100109106' } },
  { at: '2026-01-31T16:59:59.999Z', buyer: { name: 'Trần Thị Bình' } },
  { at: '2026-01-31T17:00:00.000Z', buyer: { name: 'Công ty Cổ phần Đức Thành', mst: '0314409058-002' } },
  { at: '2026-02-01T05:00:00.000Z', buyer: { name: 'NGUYEN VAN AN', mst: '0100109106' } },
  { at: '2026-02-02T05:00:00.000Z', buyer: { name: '50%_off shop' } },
  { at: '2026-02-03T05:00:00.000Z', buyer: { name: 'Khách lẻ' } },
];

describe('GET /invoices', () => {
  const clock = testClock(FIXTURE[0]!.at);
  let node: TestNode;
  const ids: string[] = [];
  const list = (query: string) => listInvoices(node, query);
  const numbersOf = (data: { items: { number: number }[] }) => data.items.map((i) => i.number);

  beforeAll(async () => {
    node = await startTestNode({ clock });
    for (const { at, buyer } of FIXTURE) {
      clock.set(at);
      node.token = await node.login('admin', ADMIN_PASSWORD);
      const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer }) });
      expect(r.status, r.body).toBe(201);
      ids.push(r.json.data.id);
    }
  });
  afterAll(() => node.close());

  it('lists newest first with the default page of 20', async () => {
    const data = await list('');
    expect(data).toMatchObject({ total: 6, page: 1, pageSize: 20, totalPages: 1 });
    expect(numbersOf(data)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(data.items[0]).toMatchObject({
      id: ids[5],
      status: 'issued',
      mauSo: '1',
      kyHieu: 'K26MDT',
      buyer: { name: 'Khách lẻ' },
      totals: { total: 55_000 },
      channel: 'pos',
    });
  });

  it('bounds dates by the store-local day, inclusive', async () => {
    expect(numbersOf(await list('dateTo=2026-01-31'))).toEqual([2, 1]);
    expect(numbersOf(await list('dateFrom=2026-02-01'))).toEqual([6, 5, 4, 3]);
    expect(numbersOf(await list('dateFrom=2026-02-01&dateTo=2026-02-01'))).toEqual([4, 3]);
  });

  it('finds buyer names without accents or case', async () => {
    expect(numbersOf(await list('buyerName=nguyen'))).toEqual([4, 1]);
    expect(numbersOf(await list(`buyerName=${encodeURIComponent('ĐỨC THÀNH')}`))).toEqual([3]);
    expect(numbersOf(await list(`buyerName=${encodeURIComponent('%_')}`))).toEqual([5]);
  });

  it('filters by buyer MST, accepting the printed branch form', async () => {
    expect(numbersOf(await list('buyerMst=0100109106'))).toEqual([4, 1]);
    expect(numbersOf(await list('buyerMst=0314409058-002'))).toEqual([3]);
    expect(numbersOf(await list('buyerMst=0314409058002'))).toEqual([3]);
  });

  it('filters by a comma list of statuses', async () => {
    expect((await list('status=issued')).total).toBe(6);
    expect((await list('status=replaced,error')).total).toBe(0);
    expect((await list('status=issued,%20pending')).total).toBe(6);
  });

  it('pages through and answers an empty page beyond the end', async () => {
    const first = await list('pageSize=4');
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4, totalPages: 2 });
    expect(numbersOf(first)).toEqual([6, 5, 4, 3]);
    expect(numbersOf(await list('pageSize=4&page=2'))).toEqual([2, 1]);
    const beyond = await list('pageSize=4&page=3');
    expect(beyond).toMatchObject({ items: [], total: 6, page: 3, totalPages: 2 });
    expect((await list('pageSize=100')).items).toHaveLength(6);
    expect((await list('pageSize=1')).items).toHaveLength(1);
  });

  it.each([
    'pageSize=0',
    'pageSize=101',
    'page=0',
    'page=-1',
    'page=abc',
    'pageSize=1.5',
    'status=issued,bogus',
    'dateFrom=2026-02-30',
    'dateFrom=yesterday',
    'dateFrom=2026-02-02&dateTo=2026-02-01',
  ])('refuses %s with 400 VALIDATION_ERROR', async (query) => {
    const r = await node.request('GET', `/invoices?${query}`);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('shows one invoice in detail with seller, items and version', async () => {
    const r = await node.request('GET', `/invoices/${ids[2]}`);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      id: ids[2],
      number: 3,
      issueDate: '2026-02-01',
      buyer: { name: 'Công ty Cổ phần Đức Thành', mst: '0314409058002' },
      seller: { name: expect.any(String), mst: expect.any(String) },
      items: [
        {
          lineNo: 1,
          name: 'Cà phê sữa đá',
          sku: 'CF-1',
          quantity: 2,
          unitPrice: 25_000,
          taxRate: 0.1,
          total: 50_000,
          taxAmount: 5_000,
        },
      ],
      totals: { subtotal: 50_000, taxAmount: 5_000, total: 55_000 },
      version: 1,
    });
  });
});

describe('GET /invoices?buyerName with a name on more invoices than the cap of other conditions', () => {
  const clock = testClock('2026-11-01T03:00:00.000Z');
  let node: TestNode;
  const list = (query: string) => listInvoices(node, query);

  beforeAll(async () => {
    node = await startTestNode({ clock });
    // "Khách hàng 1" … "Khách hàng N", all before the clock: one more invoice than the cap carries "khach hang".
    insertSyntheticInvoices(node.node.database.sqlite, BUYER_NAME_CANDIDATES + 1);
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: 'Shop [a*b]? 100%' } }) });
    expect(r.status, r.body).toBe(201);
  });
  afterAll(() => node.close());

  it('lists a name alone newest first with its exact total, however many invoices carry it', async () => {
    const first = await list('buyerName=khach%20hang');
    const pages = Math.ceil((BUYER_NAME_CANDIDATES + 1) / 20);
    expect(first).toMatchObject({ total: BUYER_NAME_CANDIDATES + 1, page: 1, pageSize: 20, totalPages: pages });
    expect(first).not.toHaveProperty('totalIsLowerBound');
    expect(first.items.map((i: { number: number }) => i.number)).toEqual(
      Array.from({ length: 20 }, (_, k) => BUYER_NAME_CANDIDATES + 1 - k),
    );
    const last = await list(`buyerName=khach%20hang&page=${pages}`);
    expect(last.items.map((i: { number: number }) => i.number)).toEqual([1]);
    expect((await list(`buyerName=khach%20hang&page=${pages + 1}`)).items).toEqual([]);
  });

  it('pages the invoices of many names as ordering them all does', async () => {
    // "khach hang 1" is in 1,111 of the names ("khach hang 1", "… 10" to "… 19", "… 100" to "… 1999").
    const ordered = node.node.database.sqlite
      .prepare(
        `SELECT number FROM invoices WHERE buyer_name_key GLOB '*khach hang 1*' ORDER BY created_at DESC, rowid DESC`,
      )
      .pluck()
      .all() as number[];
    expect(ordered).toHaveLength(1_111);
    for (const [page, pageSize] of [
      [1, 20],
      [2, 20],
      [7, 100],
      [12, 100],
      [56, 20],
      [57, 20],
    ] as const) {
      const data = await list(`buyerName=khach%20hang%201&page=${page}&pageSize=${pageSize}`);
      expect(data.total).toBe(1_111);
      expect(data.items.map((i: { number: number }) => i.number)).toEqual(
        ordered.slice((page - 1) * pageSize, page * pageSize),
      );
    }
  });

  it('pages a key too short for a trigram as ordering every invoice of its names does', async () => {
    const ordered = node.node.database.sqlite
      .prepare(`SELECT number FROM invoices WHERE buyer_name_key GLOB '*12*' ORDER BY created_at DESC, rowid DESC`)
      .pluck()
      .all() as number[];
    expect(ordered.length).toBeGreaterThan(100);
    for (const page of [1, 3, Math.ceil(ordered.length / 20)]) {
      const data = await list(`buyerName=12&page=${page}`);
      expect(data.total).toBe(ordered.length);
      expect(data.items.map((i: { number: number }) => i.number)).toEqual(ordered.slice((page - 1) * 20, page * 20));
    }
  });

  it('answers an exact total without the flag when the name is rarer', async () => {
    const data = await list('buyerName=khach%20hang%201234');
    expect(data).toEqual(expect.objectContaining({ total: 1, totalPages: 1 }));
    expect(data).not.toHaveProperty('totalIsLowerBound');
    expect(data.items[0].number).toBe(1234);
  });

  it('finds a common name in an older period, which the newest invoices carrying it do not reach', async () => {
    // Invoice 1 is the oldest "khach hang": outside the newest BUYER_NAME_CANDIDATES.
    const weekOf1 = node.node.database.sqlite
      .prepare(
        `SELECT number FROM invoices WHERE buyer_name_key GLOB '*khach hang*' AND created_at >= '2024-10-31T17:00:00.000Z'
         AND created_at < '2024-11-07T17:00:00.000Z' ORDER BY created_at DESC`,
      )
      .pluck()
      .all() as number[];
    expect(weekOf1).toContain(1);
    const week = await list('buyerName=khach%20hang&dateFrom=2024-11-01&dateTo=2024-11-07');
    expect(week).toMatchObject({ total: weekOf1.length, totalPages: 1 });
    expect(week).not.toHaveProperty('totalIsLowerBound');
    expect(week.items.map((i: { number: number }) => i.number)).toEqual(weekOf1);
    const errors = await list('buyerName=khach%20hang&status=error&pageSize=100');
    expect(errors.items.map((i: { number: number }) => i.number)).toEqual(
      Array.from({ length: 20 }, (_, k) => 97 * (20 - k)),
    );
  });

  it('counts a common name within other conditions up to the cap, as a lower bound', async () => {
    const everything = await list('buyerName=khach%20hang&dateFrom=2024-11-01&dateTo=2026-11-30');
    // The pager offers one page more than the bound covers (docs/api.md).
    expect(everything).toMatchObject({
      total: BUYER_NAME_CANDIDATES,
      totalIsLowerBound: true,
      totalPages: BUYER_NAME_CANDIDATES / 20 + 1,
    });
    expect(everything.items.map((i: { number: number }) => i.number)).toEqual(
      Array.from({ length: 20 }, (_, k) => BUYER_NAME_CANDIDATES + 1 - k),
    );
    // A lower bound does not end the list: the page past it still holds the oldest invoice.
    const pastTheBound = await list(
      `buyerName=khach%20hang&dateFrom=2024-11-01&dateTo=2026-11-30&page=${BUYER_NAME_CANDIDATES / 20 + 1}`,
    );
    expect(pastTheBound.items.map((i: { number: number }) => i.number)).toEqual([1]);
  });

  it('matches GLOB and LIKE wildcards in the name literally', async () => {
    expect((await list(`buyerName=${encodeURIComponent('[a*b]?')}`)).total).toBe(1);
    expect((await list(`buyerName=${encodeURIComponent('100%')}`)).total).toBe(1);
    expect((await list(`buyerName=${encodeURIComponent('a?b')}`)).total).toBe(0);
    expect((await list(`buyerName=${encodeURIComponent('[a-z]')}`)).total).toBe(0);
  });

  it('answers the same while new names wait in the backlog, half of them moved, or all in the index', async () => {
    const pages = BUYER_NAME_CANDIDATES / 20;
    const answers = async () =>
      Promise.all(
        ['', '&page=2', `&page=${pages}`, '&pageSize=100&page=7'].map((p) => list(`buyerName=khach%20hang${p}`)),
      );
    const backlog = () =>
      node.node.database.sqlite.prepare('SELECT count(*) AS n FROM buyer_names WHERE indexed = 0').get() as {
        n: number;
      };
    const indexNames = (limit: number) =>
      inTransaction(node.node.database.sqlite, () => node.node.services.invoices.indexBuyerNames(limit));
    expect(backlog().n).toBe(BUYER_NAME_CANDIDATES + 2);
    expect(node.node.services.invoices.hasBuyerNamesToIndex()).toBe(true);
    const waiting = await answers();

    expect(indexNames(1_500)).toBe(1_500);
    expect(await answers()).toEqual(waiting);
    expect(indexNames(BUYER_NAME_CANDIDATES)).toBe(BUYER_NAME_CANDIDATES + 2 - 1_500);
    expect(backlog().n).toBe(0);
    expect(node.node.services.invoices.hasBuyerNamesToIndex()).toBe(false);
    expect(await answers()).toEqual(waiting);
    expect(indexNames(BUYER_NAME_CANDIDATES)).toBe(0);

    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: 'Khách hàng mới' } }) });
    expect(r.status, r.body).toBe(201);
    const newest = await list('buyerName=khach%20hang');
    expect(newest.items[0].id).toBe(r.json.data.id);
    expect(newest.items.slice(1)).toEqual(waiting[0].items.slice(0, 19));
  });
});

describe('GET /invoices?buyerName with a name on several invoices', () => {
  let node: TestNode;
  const numbers = (data: { items: { number: number }[] }) => data.items.map((i) => i.number);

  beforeAll(async () => {
    node = await startTestNode();
    // Numbers 1–5: "Chị Ba" on 1, 3 and 5, "Chị Ba Hai" on 2 and 4; 6 another buyer.
    for (const name of ['Chị Ba', 'Chị Ba Hai', 'Chị Ba', 'Chị Ba Hai', 'Chị Ba', 'Anh Tư']) {
      const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name } }) });
      expect(r.status, r.body).toBe(201);
    }
  });
  afterAll(() => node.close());

  it('pages a single name by its own invoices, newest first', async () => {
    const middle = await listInvoices(node, 'buyerName=chi%20ba%20hai&pageSize=1&page=2');
    expect(middle).toMatchObject({ total: 2, totalPages: 2 });
    expect(numbers(middle)).toEqual([2]);
    expect(numbers(await listInvoices(node, 'buyerName=chi%20ba%20hai&pageSize=1&page=3'))).toEqual([]);
  });

  it('merges the names holding the key, and matches them against other conditions', async () => {
    const both = await listInvoices(node, 'buyerName=chi%20ba');
    expect(both).toMatchObject({ total: 5 });
    expect(numbers(both)).toEqual([5, 4, 3, 2, 1]);
    expect(numbers(await listInvoices(node, 'buyerName=chi%20ba&pageSize=2&page=2'))).toEqual([3, 2]);
    const issued = await listInvoices(node, 'buyerName=chi%20ba&status=issued');
    expect(issued).toMatchObject({ total: 5 });
    expect(issued).not.toHaveProperty('totalIsLowerBound');
    expect(numbers(issued)).toEqual([5, 4, 3, 2, 1]);
    expect(await listInvoices(node, 'buyerName=chi%20ba&status=error')).toMatchObject({ total: 0, items: [] });
  });
});

describe('GET /invoices totals over dates', () => {
  // Vietnam's local days start on a UTC hour (totals from the hourly counts); India's do not (counted).
  it.each(['Asia/Ho_Chi_Minh', 'Asia/Kolkata'])(
    'equal the invoices listed in %s, across status changes',
    async (timeZone) => {
      const start = Date.parse('2026-03-01T00:00:00.000Z');
      const clock = testClock(new Date(start).toISOString());
      const node = await startTestNode({ clock, config: { timeZone } });
      try {
        const ids: string[] = [];
        // Every 5.5 hours for 2.75 days: across local midnights in both zones.
        for (let i = 0; i < 12; i += 1) {
          clock.set(new Date(start + i * 5.5 * 3600_000).toISOString());
          node.token = await node.login('admin', ADMIN_PASSWORD);
          const r = await node.request('POST', '/invoices', { body: invoiceBody() });
          expect(r.status, r.body).toBe(201);
          ids.push(r.json.data.id);
        }
        inTransaction(node.node.database.sqlite, () => {
          for (const id of [ids[3]!, ids[7]!]) node.node.services.invoices.changeStatus(id, 'error', 'admin');
        });
        const queries = [
          'dateFrom=2026-03-01',
          'dateTo=2026-03-01',
          'dateFrom=2026-03-02&dateTo=2026-03-02',
          'dateFrom=2026-03-02&status=issued',
          'dateFrom=2026-03-01&dateTo=2026-03-03&status=error',
          'dateTo=2026-03-02&status=issued,error',
        ];
        for (const query of queries) {
          const data = (await node.request('GET', `/invoices?${query}&pageSize=100`)).json.data;
          expect(data.total, query).toBe(data.items.length);
        }
        expect((await node.request('GET', '/invoices?dateFrom=2026-03-01&status=error')).json.data.total).toBe(2);
      } finally {
        await node.close();
      }
    },
  );
});
