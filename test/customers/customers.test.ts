import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/clock.js';
import { searchKey } from '../../src/domain/text.js';
import { bareStore } from '../support/bare-store.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const searchCustomers = async (node: TestNode, search: string) =>
  (await node.request('GET', `/customers?search=${encodeURIComponent(search)}`)).json.data;

describe('customers extracted from invoices', () => {
  const clock = testClock('2026-01-10T03:00:00.000Z');
  let node: TestNode;
  const issue = async (at: string, buyer: Record<string, string>, extra: Record<string, unknown> = {}) => {
    clock.set(at);
    node.token = await node.login('admin', ADMIN_PASSWORD);
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer, ...extra }) });
    expect(r.status, r.body).toBe(201);
    return r.json.data;
  };
  const customersMatching = (search: string) => searchCustomers(node, search);

  beforeAll(async () => {
    node = await startTestNode({ clock });
    await issue('2026-01-10T03:00:00.000Z', { name: 'Công ty TNHH Hòa Bình', mst: '0100109106', address: 'Hà Nội' });
    await issue(
      '2026-02-11T03:00:00.000Z',
      { name: 'Cty Hòa Bình (tên mới)', mst: '0100109106', email: 'kt@hoabinh.vn' },
      { channel: 'web' },
    );
    await issue('2026-02-12T03:00:00.000Z', { name: 'Nguyễn Thị Mai', email: 'mai@example.com' });
    await issue('2026-02-13T03:00:00.000Z', { name: 'nguyen thi  MAI', email: 'MAI@example.com' });
    await issue('2026-02-14T03:00:00.000Z', { name: 'Nguyễn Thị Mai' });
    await issue('2026-02-15T03:00:00.000Z', { name: 'Khách lẻ' });
    await issue(
      '2026-02-16T03:00:00.000Z',
      { name: 'Khách lẻ' },
      { items: [{ name: 'Trà', unit: 'cái', quantity: 1, unitPrice: 10_000, taxRate: 0.08 }] },
    );
  });
  afterAll(() => node.close());

  it('matches by MST, keeping the newest name and details', async () => {
    const [company] = (await customersMatching('0100109106')).items;
    expect(company).toMatchObject({
      name: 'Cty Hòa Bình (tên mới)',
      mst: '0100109106',
      email: 'kt@hoabinh.vn',
      invoiceCount: 2,
      totalRevenue: 110_000,
    });
    const detail = await node.request('GET', `/customers/${company.id}`);
    expect(detail.json.data).toMatchObject({
      id: company.id,
      address: 'Hà Nội',
      email: 'kt@hoabinh.vn',
      createdAt: '2026-01-10T03:00:00.000Z',
    });
  });

  it('matches a buyer without MST by normalised name and e-mail', async () => {
    const mai = await customersMatching('mai');
    expect(mai.total).toBe(2);
    const counts = mai.items.map((c: { email?: string; invoiceCount: number }) => [c.email ?? null, c.invoiceCount]);
    expect(counts).toEqual(
      expect.arrayContaining([
        ['MAI@example.com', 2],
        [null, 1],
      ]),
    );
    const walkIns = await customersMatching('khach le');
    expect(walkIns.items).toEqual([
      expect.objectContaining({ name: 'Khách lẻ', invoiceCount: 2, totalRevenue: 55_000 + 10_800 }),
    ]);
  });

  it('searches names accent-insensitively, pages, and lists newest first', async () => {
    expect((await customersMatching('HOA BINH')).total).toBe(1);
    expect((await customersMatching('nguyễn')).total).toBe(2);
    const all = (await node.request('GET', '/customers?pageSize=2&page=2')).json.data;
    expect(all).toMatchObject({ total: 4, page: 2, pageSize: 2, totalPages: 2 });
    expect((await node.request('GET', '/customers?pageSize=101')).status).toBe(400);
  });

  it('finds a customer renamed by a later invoice by the new name only', async () => {
    expect((await customersMatching('ten moi')).items).toEqual([
      expect.objectContaining({ mst: '0100109106', name: 'Cty Hòa Bình (tên mới)' }),
    ]);
    expect((await customersMatching('cong ty tnhh')).total).toBe(0);
  });

  it('gives per-customer analytics: stats, months and channels', async () => {
    const [company] = (await customersMatching('0100109106')).items;
    const r = await node.request('GET', `/customers/${company.id}/analytics`);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      customer: { id: company.id, name: 'Cty Hòa Bình (tên mới)' },
      stats: {
        totalInvoices: 2,
        totalRevenue: 110_000,
        avgOrderValue: 55_000,
        firstInvoice: '2026-01-10',
        lastInvoice: '2026-02-11',
      },
      monthly: [
        { month: '2026-01', count: 1, revenue: 55_000 },
        { month: '2026-02', count: 1, revenue: 55_000 },
      ],
      channels: { pos: { count: 1, revenue: 55_000 }, web: { count: 1, revenue: 55_000 } },
    });
  });

  it('answers 404 for an unknown customer and 403 analytics to a cashier', async () => {
    expect((await node.request('GET', '/customers/nope')).status).toBe(404);
    expect((await node.request('GET', '/customers/nope/analytics')).json.error.code).toBe('NOT_FOUND');
    const cashier = await node.tokenFor('cashier');
    const [company] = (await customersMatching('0100109106')).items;
    expect((await node.request('GET', `/customers/${company.id}/analytics`, { token: cashier })).status).toBe(403);
  });
});

describe('customer figures in the list', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('follow replacements and decrease adjustments, as the invoices give them', async () => {
    const issued: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const r = await node.request('POST', '/invoices', { body: invoiceBody() });
      expect(r.status, r.body).toBe(201);
      issued.push(r.json.data.id);
    }
    const replaced = await node.request('POST', `/invoices/${issued[0]}/replace`, {
      body: {
        buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
        items: [{ name: 'Trà đá', unit: 'cái', quantity: 2, unitPrice: 5_000, taxRate: 0 }],
        reason: 'Sai hàng',
      },
    });
    expect(replaced.status, replaced.body).toBe(200);
    const adjusted = await node.request('POST', `/invoices/${issued[1]}/adjust`, {
      body: {
        type: 'decrease',
        items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 1, unitPrice: 25_000 }],
        reason: 'Trả một ly',
      },
    });
    expect(adjusted.status, adjusted.body).toBe(200);
    const [company] = (await searchCustomers(node, '0100109106')).items;
    const fromInvoices = node.node.database.sqlite
      .prepare(
        "SELECT count(*) AS invoiceCount, sum(total) AS totalRevenue FROM invoices WHERE customer_id = ? AND status IN ('issued', 'adjusted')",
      )
      .get(company.id);
    expect(company).toMatchObject(fromInvoices as object);
    expect(company).toMatchObject({ invoiceCount: 3, totalRevenue: 10_000 + 55_000 - 27_500 });

    const analytics = (await node.request('GET', `/customers/${company.id}/analytics`)).json.data;
    const { sqlite } = node.node.database;
    const revenue = "customer_id = ? AND status IN ('issued', 'adjusted')";
    const stats = sqlite
      .prepare(
        `SELECT count(*) AS n, sum(total) AS revenue, min(issue_date) AS first, max(issue_date) AS last FROM invoices WHERE ${revenue}`,
      )
      .get(company.id) as {
      n: number;
      revenue: number;
      first: string;
      last: string;
    };
    expect(analytics.stats).toEqual({
      totalInvoices: stats.n,
      totalRevenue: stats.revenue,
      avgOrderValue: Math.round(stats.revenue / stats.n),
      firstInvoice: stats.first,
      lastInvoice: stats.last,
    });
    expect(analytics.monthly).toEqual(
      sqlite
        .prepare(
          `SELECT substr(issue_date, 1, 7) AS month, count(*) AS count, sum(total) AS revenue FROM invoices WHERE ${revenue} GROUP BY month ORDER BY month`,
        )
        .all(company.id),
    );
    const channels = sqlite
      .prepare(
        `SELECT channel, count(*) AS count, sum(total) AS revenue FROM invoices WHERE ${revenue} GROUP BY channel ORDER BY channel`,
      )
      .all(company.id) as { channel: string; count: number; revenue: number }[];
    expect(channels.length).toBeGreaterThan(0);
    expect(analytics.channels).toEqual(
      Object.fromEntries(channels.map(({ channel, ...figures }) => [channel, figures])),
    );
  });
});

describe('customer search on a store whose customers were written around the services', () => {
  let node: TestNode;
  const issue = async (buyer: Record<string, string>) => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer }) });
    expect(r.status, r.body).toBe(201);
  };
  const namesMatching = async (search: string) =>
    (await searchCustomers(node, search)).items.map((c: { name: string }) => c.name).sort();

  beforeAll(async () => {
    const older = bareStore();
    // Customers written by SQL alone: the database's own triggers fill the name index.
    const insert = older.sqlite.prepare(
      `INSERT INTO customers (id, name, name_key, mst, created_at, updated_at) VALUES (@id, @name, @nameKey, @mst, @at, @at)`,
    );
    for (const [name, mst, at] of [
      ['Công ty Cổ phần Sao Mai', '0300588569', '2026-01-05T03:00:00.000Z'],
      ['Công ty TNHH Sao Mai Xanh', '0314409058', '2026-01-06T03:00:00.000Z'],
    ] as const) {
      insert.run({ id: timeOrderedId(), name, nameKey: searchKey(name), mst, at });
    }
    older.close();
    node = await startTestNode({ dataDir: older.dataDir });
  });
  afterAll(() => node.close());

  it('finds the customers it had before the node started', async () => {
    expect(await namesMatching('sao mai')).toEqual(['Công ty Cổ phần Sao Mai', 'Công ty TNHH Sao Mai Xanh']);
  });

  it('finds a customer renamed twice by its newest name only, and leaves the other customers', async () => {
    await issue({ name: 'Cty CP Bình Minh', mst: '0300588569' });
    expect(await namesMatching('binh minh')).toEqual(['Cty CP Bình Minh']);
    expect(await namesMatching('sao mai')).toEqual(['Công ty TNHH Sao Mai Xanh']);
    await issue({ name: 'Công ty Rạng Đông', mst: '0300588569' });
    expect(await namesMatching('rang dong')).toEqual(['Công ty Rạng Đông']);
    expect(await namesMatching('binh minh')).toEqual([]);
  });

  it('finds a customer created by the node, and again after its rename', async () => {
    await issue({ name: 'Cửa hàng Ánh Dương', mst: '0100109106' });
    expect(await namesMatching('anh duong')).toEqual(['Cửa hàng Ánh Dương']);
    await issue({ name: 'Cửa hàng Ánh Dương 2', mst: '0100109106' });
    expect(await namesMatching('anh duong')).toEqual(['Cửa hàng Ánh Dương 2']);
    expect(await namesMatching('cua hang')).toEqual(['Cửa hàng Ánh Dương 2']);
  });
});

describe('buyer MST on invoice creation (docs/decisions.md §6)', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('warns about a wrong check digit but issues the invoice', async () => {
    const r = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'A', mst: '0100233480' } }),
    });
    expect(r.status).toBe(201);
    expect(r.json.data.warnings).toEqual([expect.objectContaining({ code: 'BUYER_MST_CHECK_DIGIT' })]);
  });

  it.each(['12345', '01001091060', 'abcdefghij', '0100109106-00'])('refuses the malformed MST %s', async (mst) => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: 'A', mst } }) });
    expect(r.status).toBe(400);
    expect(r.json.error.details).toEqual([expect.objectContaining({ path: 'body.buyer.mst' })]);
  });

  it('refuses a wrong check digit when the store is strict', async () => {
    const { settings } = node.node.services;
    const current = settings.storeConfig();
    node.node.services.storage.db.$client
      .prepare("INSERT INTO settings (name, value, updated_at) VALUES ('config', ?, '2026-01-01T00:00:00.000Z')")
      .run(JSON.stringify({ ...current, strictBuyerMst: true }));
    const r = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'A', mst: '0100233480' } }),
    });
    expect(r.status).toBe(400);
  });
});

describe('customer search by a name many customers share', () => {
  let node: TestNode;
  afterAll(() => node.close());

  it('pages the same whichever way the page is read (walking the newest, or reading each found)', async () => {
    node = await startTestNode();
    const { sqlite } = node.node.database;
    // 1,800 customers, a third named Trần (more than the walk threshold), one named Xuân Trường.
    sqlite
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1800)
         INSERT INTO customers (id, name, name_key, match_key, created_at, updated_at)
         SELECT printf('c-%05d', i), CASE WHEN i % 3 = 0 THEN 'Trần Văn ' || i WHEN i = 700 THEN 'Xuân Trường' ELSE 'Lê Thị ' || i END,
           CASE WHEN i % 3 = 0 THEN 'tran van ' || i WHEN i = 700 THEN 'xuan truong' ELSE 'le thi ' || i END, 'k' || i,
           strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + (i * 7919) % 1800 * 60, 'unixepoch'), '2026-01-01T00:00:00.000Z'
         FROM n`,
      )
      .run();
    sqlite
      .prepare(
        `INSERT INTO customers (id, name, name_key, match_key, created_at, updated_at)
         VALUES ('c-quote', 'Cửa hàng "Ba" Con', 'cua hang "ba" con', 'k-quote', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
      )
      .run();
    const expected = (key: string) =>
      sqlite
        .prepare('SELECT id FROM customers WHERE name_key GLOB ? ORDER BY created_at DESC, id DESC')
        .pluck()
        .all(`*${key}*`) as string[];
    // Three characters or more are a phrase of trigrams, fewer a GLOB: both hold to the substring the GLOB above finds.
    const searches = [
      ['trần', 'tran'],
      ['TRUONG', 'truong'],
      ['lê', 'le'],
      ['n van 1', 'n van 1'],
      ['"ba" co', '"ba" co'],
      ['a"b', 'a"b'],
      ['x', 'x'],
    ] as const;
    const bounded = new Set<string>();
    for (const [search, key] of searches) {
      const all = expected(key);
      const pages = Math.max(1, Math.ceil(all.length / 20));
      // Page 51 ends past the 1,000th customer: counted exactly, however common the name.
      for (const page of [1, 2, Math.ceil(pages / 2), 51, pages, pages + 1]) {
        const data = (await node.request('GET', `/customers?search=${encodeURIComponent(search)}&page=${page}`)).json
          .data;
        // A common name is counted to the end of the page: with more after it, the total is that bound and
        // the pager offers one page more; otherwise the total is exact.
        const bound = page * 20;
        if (data.totalIsLowerBound) {
          bounded.add(`${key} ${page}`);
          expect(all.length, `${search} page ${page}`).toBeGreaterThan(bound);
          expect(data, `${search} page ${page}`).toMatchObject({ total: bound, totalPages: bound / 20 + 1 });
        } else {
          expect(data, `${search} page ${page}`).not.toHaveProperty('totalIsLowerBound');
          expect(data.total, `${search} page ${page}`).toBe(all.length);
          expect(data.totalPages).toBe(Math.ceil(all.length / 20));
        }
        expect(
          data.items.map((c: { id: string }) => c.id),
          `${search} page ${page}`,
        ).toEqual(all.slice((page - 1) * 20, page * 20));
      }
    }
    // The common names are bounded up to their last pages, which count exactly; the rare ones never are.
    expect([...bounded].sort()).toEqual([
      'le 1',
      'le 2',
      'le 30',
      'n van 1 1',
      'n van 1 2',
      'n van 1 8',
      'tran 1',
      'tran 15',
      'tran 2',
    ]);
    expect(expected('tran').length).toBeGreaterThan(500);
    expect(expected('truong')).toHaveLength(1);
    expect(expected('"ba" co')).toEqual(['c-quote']);
    expect(expected('le').length).toBeGreaterThan(500);
  });
});
