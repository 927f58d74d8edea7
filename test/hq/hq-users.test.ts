/**
 * HQ's users on both databases: roles, a manager's stores, the console's session cookie, throttling, and the
 * server's checks of role and store scope on every /hq/v1 route (another store answers 404, not a hidden button).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, HQ_BACKENDS, invoiceRecord, startHqWithTwoStores, type TestHq } from './hq-test-node.js';

let t: TestHq;
let shop1: string;
let shop2: string;

const PASSWORD = 'mật-khẩu-dài-đủ';

async function signIn(username: string, password = PASSWORD) {
  const answer = await t.request('POST', '/hq/v1/session', { token: null, body: { username, password } });
  const cookie = String(answer.headers['set-cookie'] ?? '');
  return { answer, cookie, header: { cookie: cookie.split(';')[0] ?? '' } };
}

/** A request with the session cookie (no admin token). */
const as = (cookie: { cookie: string }) => (method: string, url: string, body?: unknown) =>
  t.request(method, url, { token: null, headers: cookie, body });

describe.each(HQ_BACKENDS)('HQ users on %s', (backend) => {
  beforeEach(async () => {
    ({ t, shop1, shop2 } = await startHqWithTwoStores(backend));
    const users = t.services.users;
    await users.add({ username: 'chu', role: 'owner', password: PASSWORD });
    await users.add({ username: 'ketoan', role: 'accountant', password: PASSWORD });
    await users.add({ username: 'quanly1', role: 'manager', stores: ['shop-1'], password: PASSWORD });
  });
  afterEach(async () => t.close());

  it('keeps the store node’s password rule and checks roles, stores and names', async () => {
    const users = t.services.users;
    await expect(users.add({ username: 'ngan', role: 'owner', password: 'ngắn' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(users.add({ username: 'ql', role: 'manager', password: PASSWORD })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      users.add({ username: 'ql', role: 'manager', stores: ['shop-9'], password: PASSWORD }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      users.add({ username: 'kt2', role: 'accountant', stores: ['shop-1'], password: PASSWORD }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(users.add({ username: 'chu', role: 'owner', password: PASSWORD })).rejects.toMatchObject({
      status: 409,
    });
    await expect(users.add({ username: 'có khoảng trắng', role: 'owner', password: PASSWORD })).rejects.toMatchObject({
      status: 400,
    });
    const list = await users.list();
    expect(list.map((u) => [u.username, u.role, u.stores, u.disabled])).toEqual([
      ['chu', 'owner', [], false],
      ['ketoan', 'accountant', [], false],
      ['quanly1', 'manager', ['shop-1'], false],
    ]);
    expect(JSON.stringify(await t.all('SELECT password_hash FROM hq_users'))).toMatch(/scrypt\$/);
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie whose session is kept only as a hash', async () => {
    const { answer, cookie, header } = await signIn('chu');
    expect(answer.status).toBe(200);
    expect(answer.json.data.user).toEqual({ username: 'chu', role: 'owner', stores: null });
    expect(cookie).toMatch(/^hq_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const token = header.cookie.split('=')[1] as string;
    const stored = await t.all<{ token_hash: string }>('SELECT token_hash FROM hq_sessions');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect((await as(header)('GET', '/hq/v1/session')).json.data.user).toEqual({
      username: 'chu',
      role: 'owner',
      stores: null,
    });

    expect((await as(header)('DELETE', '/hq/v1/session')).status).toBe(200);
    expect((await as(header)('GET', '/hq/v1/stores')).status).toBe(401);
    expect(await t.count('hq_sessions')).toBe(0);
  });

  it('refuses a wrong password with 401 and throttles repeated failures with 429', async () => {
    const wrong = await signIn('chu', 'sai-mật-khẩu');
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.json.error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.cookie).toBe('');
    expect((await signIn('không-có-ai')).answer.status).toBe(401);
    let last = wrong;
    for (let i = 0; i < 4; i += 1) last = await signIn('chu', 'sai-mật-khẩu');
    expect(last.answer.status).toBe(429);
    // A whole number of seconds, within the hour the guesses are counted over.
    expect(last.answer.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
    expect(Number(last.answer.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Even the right password waits out the delay: the guess counter is not a hint.
    expect((await signIn('chu')).answer.status).toBe(429);
    t.clock.advance(3_600_000);
    expect((await signIn('chu')).answer.status).toBe(200);
  });

  it('ends every session of a user who is disabled or given a new password', async () => {
    const first = await signIn('ketoan');
    await t.services.users.setPassword('ketoan', 'mật-khẩu-mới-dài');
    expect((await as(first.header)('GET', '/hq/v1/stores')).status).toBe(401);
    expect((await signIn('ketoan')).answer.status).toBe(401);
    const second = await signIn('ketoan', 'mật-khẩu-mới-dài');
    expect((await as(second.header)('GET', '/hq/v1/stores')).status).toBe(200);
    await t.services.users.setDisabled('ketoan', true);
    expect((await as(second.header)('GET', '/hq/v1/stores')).status).toBe(401);
    expect((await signIn('ketoan', 'mật-khẩu-mới-dài')).answer.status).toBe(401);
  });

  it('lets an accountant read every store and change nothing; the owner manages users; the admin token still works', async () => {
    const accountant = as((await signIn('ketoan')).header);
    const owner = as((await signIn('chu')).header);
    expect((await accountant('GET', '/hq/v1/stores')).json.data.map((s: { id: string }) => s.id)).toEqual([
      'shop-1',
      'shop-2',
    ]);
    const products = [{ sku: 'CF', name: 'Cà phê', unitPrice: 25_000, taxRate: 0.08 }];
    expect((await accountant('PUT', '/hq/v1/products', products)).status).toBe(403);
    expect((await accountant('GET', '/hq/v1/users')).status).toBe(403);
    expect(
      (await accountant('PUT', '/hq/v1/stores/shop-1/settings', { automation: { autoIssueDelayMinutes: 5 } })).status,
    ).toBe(403);
    expect(await t.count('feed')).toBe(0);

    expect((await owner('PUT', '/hq/v1/products', products)).status).toBe(200);
    const added = await owner('POST', '/hq/v1/users', {
      username: 'quanly2',
      role: 'manager',
      stores: ['shop-2'],
      password: PASSWORD,
    });
    expect(added.status).toBe(201);
    expect(added.json.data).toMatchObject({ username: 'quanly2', role: 'manager', stores: ['shop-2'] });
    expect((await owner('PUT', '/hq/v1/users/quanly2/disabled', { disabled: true })).json.data.disabled).toBe(true);
    expect((await owner('PUT', '/hq/v1/users/quanly2/password', { password: 'x' })).status).toBe(400);

    expect((await t.request('GET', '/hq/v1/users')).json.data).toHaveLength(4);
    expect((await t.request('GET', '/hq/v1/session')).json.data.user.role).toBe('admin');
    // A store's credential is still refused on the admin API, cookie or not.
    expect((await t.request('GET', '/hq/v1/stores', { token: shop1 })).status).toBe(403);
  });

  it('shows a manager only the listed stores, and answers 404 for another store on every route', async () => {
    await t.push(shop1, 'shop-1', [invoiceRecord(1, 'a1')]);
    await t.push(shop2, 'shop-2', [invoiceRecord(1, 'b1'), invoiceRecord(2, 'b2')]);
    const manager = as((await signIn('quanly1')).header);

    expect((await manager('GET', '/hq/v1/session')).json.data.user).toEqual({
      username: 'quanly1',
      role: 'manager',
      stores: ['shop-1'],
    });
    expect((await manager('GET', '/hq/v1/stores')).json.data.map((s: { id: string }) => s.id)).toEqual(['shop-1']);
    const byPage = await manager('GET', '/hq/v1/invoices');
    expect(byPage.json.data.items.map((i: { storeId: string; id: string }) => `${i.storeId}/${i.id}`)).toEqual([
      'shop-1/a1',
    ]);
    expect(byPage.json.data.total).toBe(1);
    const byCursor = await manager('GET', '/hq/v1/invoices/cursor');
    expect(byCursor.json.data.items.map((i: { id: string }) => i.id)).toEqual(['a1']);
    const revenue = await manager('GET', '/hq/v1/revenue?dateFrom=2026-03-01&dateTo=2026-03-31');
    expect(new Set(revenue.json.data.items.map((r: { storeId: string }) => r.storeId))).toEqual(new Set(['shop-1']));
    expect((await manager('GET', '/hq/v1/stores/shop-1')).status).toBe(200);
    expect((await manager('GET', '/hq/v1/stores/shop-1/invoices/a1')).json.data.id).toBe('a1');

    for (const url of [
      '/hq/v1/stores/shop-2',
      '/hq/v1/stores/shop-2/settings',
      '/hq/v1/stores/shop-2/invoices/b1',
      '/hq/v1/invoices?storeId=shop-2',
      '/hq/v1/invoices/cursor?storeId=shop-2',
      '/hq/v1/revenue?dateFrom=2026-03-01&dateTo=2026-03-31&storeId=shop-2',
    ]) {
      const answer = await manager('GET', url);
      expect(answer.status, url).toBe(404);
      expect(answer.body).not.toContain('b1');
    }
    // A store that does not exist and a store of someone else look the same.
    const missing = (await manager('GET', '/hq/v1/stores/shop-9')).json.error;
    const other = (await manager('GET', '/hq/v1/stores/shop-2')).json.error;
    expect(other).toEqual({ ...missing, message: missing.message.replace('shop-9', 'shop-2') });
    expect((await manager('PUT', '/hq/v1/products', [])).status).toBe(403);
    expect((await t.request('GET', '/hq/v1/invoices')).json.data.total).toBe(3);
  });

  it('exports the filtered list as CSV and Excel, only of the caller’s stores', async () => {
    await t.push(shop1, 'shop-1', [invoiceRecord(1, 'a1'), invoiceRecord(2, 'a2', 1, { issueDate: '2026-03-14' })]);
    await t.push(shop2, 'shop-2', [invoiceRecord(1, 'b1')]);
    const manager = as((await signIn('quanly1')).header);
    const csv = await manager('GET', '/hq/v1/invoices/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toEqual([
      '\ufeffCửa hàng,Ký hiệu,Số,Ngày lập,Người mua,MST người mua,Trạng thái,Tổng tiền,Ghi chú',
      'Cửa hàng shop-1,1C26MAA,1,15/03/2026,Công ty TNHH Hòa Bình,0100109106,Đã phát hành,55000,',
      'Cửa hàng shop-1,1C26MAA,2,14/03/2026,Công ty TNHH Hòa Bình,0100109106,Đã phát hành,55000,',
      '',
    ]);
    expect((await manager('GET', '/hq/v1/invoices/export?storeId=shop-2')).status).toBe(404);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/hq/v1/invoices/export?format=xlsx&dateFrom=2026-03-15',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const Excel = (await import('exceljs')).default;
    const book = new Excel.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Hóa đơn')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(3);
    expect(values(1)).toEqual([
      'Cửa hàng',
      'Ký hiệu',
      'Số',
      'Ngày lập',
      'Người mua',
      'MST người mua',
      'Trạng thái',
      'Tổng tiền',
      'Ghi chú',
    ]);
    // The newest first: the same date and time, so the later arrival (shop-2's) comes first.
    expect(values(2)).toEqual([
      'Cửa hàng shop-2',
      '1C26MAA',
      1,
      new Date('2026-03-15T00:00:00.000Z'),
      'Công ty TNHH Hòa Bình',
      '0100109106',
      'Đã phát hành',
      55_000,
    ]);
    expect(values(3)[0]).toBe('Cửa hàng shop-1');
  });

  it('pages a manager’s revenue across several stores in the answer’s order', async () => {
    await t.services.users.add({ username: 'ql12', role: 'manager', stores: ['shop-2', 'shop-1'], password: PASSWORD });
    await t.push(shop1, 'shop-1', [invoiceRecord(1, 'a1'), invoiceRecord(2, 'a2', 1, { issueDate: '2026-03-14' })]);
    await t.push(shop2, 'shop-2', [invoiceRecord(1, 'b1')]);
    const manager = as((await signIn('ql12')).header);
    const range = 'dateFrom=2026-03-01&dateTo=2026-03-31';
    const whole = (await t.request('GET', `/hq/v1/revenue?${range}`)).json.data.items;
    const pages = [];
    let cursor = '';
    for (;;) {
      const answer = (await manager('GET', `/hq/v1/revenue?${range}&limit=1${cursor}`)).json.data;
      pages.push(...answer.items);
      if (!answer.nextCursor) break;
      cursor = `&cursor=${answer.nextCursor}`;
    }
    expect(pages).toEqual(whole);
    expect(pages.length).toBeGreaterThan(1);
  });
});
