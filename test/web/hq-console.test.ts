/**
 * HQ's console in Chromium: HQ on PostgreSQL (the same app as `hoadon hq`, listening on loopback) with two
 * stores that pushed their invoices, and its three roles signed in one after the other. At each of the four
 * widths every screen the role may open is checked (no horizontal overflow, axe clean, no English word), the
 * overview's figures are the revenue API's per store and in total, a manager never sees the other store
 * (neither on the screen nor through the API), and a product sent from the catalogue screen reaches the
 * stores' feed, and the invoice list downloads as CSV with the caller's stores only. The stores report their facts
 * and an invoice the tax authority rejected (POST /sync/v1/status, as a store does after its sync pass): the
 * rejection shows on "Lỗi cơ quan thuế" with its reason, an accountant marks it handled with a note, a store
 * whose certificate expires within 30 days is flagged. A demo invoice is labelled "dùng thử" and left out of the
 * overview. The owner edits a store's automation document (a value the store's schema refuses is answered
 * beside its field) and sees when the store has applied it; the accountant reads it; the manager sees only
 * their store's. Screenshots of each screen at 390 and 1366 px go to
 * docs/hq-console/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildHqApp } from '../../sync/hq/hq-app.js';
import { type OpenedPgHq, openPgHq } from '../../sync/hq/pg/pg-hq-node.js';
import { invoiceRecord } from '../hq/hq-test-node.js';
import { createTestDatabase } from '../support/postgres.js';
import { type Browser, launchBrowser } from './browser.js';
import { hqScreens } from './hq-screens.js';
import { SIZES, screenProblems } from './screen-checks.js';

const ADMIN_TOKEN = 'hq-console-admin-token-0123456789abcdefgh';
const PASSWORD = 'mật-khẩu-trụ-sở';
const SHOTS = 'docs/hq-console';
const STORES = { quan1: 'Chi nhánh Quận Một', quan3: 'Chi nhánh Quận Ba' } as const;

let hq: OpenedPgHq;
let app: Awaited<ReturnType<typeof buildHqApp>>;
let baseUrl: string;
let browser: Browser;
const credentials: Record<string, string> = {};

/** Today in the stores' zone, yyyy-MM-dd: the overview's "today". */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
const money = (amount: number) => new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(amount);
const line = (taxRate: number, total: number) => ({
  lineNo: 1,
  name: 'Cà phê sữa',
  quantity: 1,
  unitPrice: total,
  taxRate,
  total,
  taxAmount: Math.round(total * taxRate),
});

async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the answer holds
  return (await response.json()) as { data: any };
}

const REASON = 'Hóa đơn 1C26MAA số 1: Mã số thuế người mua không tồn tại';

async function report(storeId: string, body: object) {
  const response = await fetch(`${baseUrl}/sync/v1/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${credentials[storeId]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const facts = (mst: string, certificateExpiresAt: string) => ({
  mst,
  sellerName: 'Công ty TNHH Cà phê Hòa Bình',
  symbols: ['1C26MAA'],
  mode: 'live',
  version: '1.0.0',
  certificateExpiresAt,
});
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function push(storeId: string, records: ReturnType<typeof invoiceRecord>[]) {
  const response = await fetch(`${baseUrl}/sync/v1/push`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${credentials[storeId]}`,
      'content-type': 'application/json',
      'x-idempotency-key': `${storeId}:${records[0]?.seq}`,
    },
    body: JSON.stringify({ storeId, batchSeq: records[0]?.seq ?? 1, records }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  hq = await openPgHq(await createTestDatabase(inject('pgClusterUrl'), 'hoadon_hq_console'), { poolSize: 4 });
  app = await buildHqApp(hq.services, { adminToken: ADMIN_TOKEN, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  for (const [id, name] of Object.entries(STORES))
    credentials[id] = (await hq.services.admin.addStore(id, name)).credential;
  const sale = (seq: number, id: string, items: object[], extra = {}) =>
    invoiceRecord(seq, id, 1, { issueDate: today, createdAt: `${today}T01:0${seq}:00.000Z`, items, ...extra });
  await push('quan1', [
    sale(1, 'q1-a', [line(0.08, 50_000)], { totals: { subtotal: 50_000, taxAmount: 4_000, total: 54_000 } }),
    sale(2, 'q1-b', [line(0.1, 20_000)], { totals: { subtotal: 20_000, taxAmount: 2_000, total: 22_000 } }),
  ]);
  await push('quan3', [
    sale(1, 'q3-a', [line(0.08, 100_000)], {
      totals: { subtotal: 100_000, taxAmount: 8_000, total: 108_000 },
      buyer: { name: 'Công ty TNHH Bến Thành', mst: '0312345678' },
    }),
    invoiceRecord(2, 'q3-demo', 1, {
      kyHieu: 'C26MDT',
      number: 1,
      issueDate: today,
      createdAt: `${today}T01:09:00.000Z`,
      items: [line(0.1, 30_000)],
      totals: { subtotal: 30_000, taxAmount: 3_000, total: 33_000 },
      demo: true,
    }),
  ]);
  await report('quan1', { facts: facts('0300588569', inDays(10)), taxProblems: [] });
  await report('quan3', {
    facts: facts('0300588569-001', inDays(300)),
    taxProblems: [
      {
        invoiceId: 'q3-a',
        mauSo: '1',
        kyHieu: 'C26MAA',
        number: 1,
        issueDate: today,
        total: 108_000,
        demo: false,
        state: 'rejected',
        reason: REASON,
        at: `${today}T02:00:00.000Z`,
      },
    ],
  });
  const users = hq.services.users;
  await users.add({ username: 'chu', role: 'owner', password: PASSWORD });
  await users.add({ username: 'ketoan', role: 'accountant', password: PASSWORD });
  await users.add({ username: 'quanly', role: 'manager', stores: ['quan1'], password: PASSWORD });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await hq?.close();
});

const { signIn, open } = hqScreens(() => ({ browser, baseUrl }), PASSWORD);

const SCREENS = [
  { path: '/', heading: 'Tổng quan', shot: 'tong-quan' },
  { path: '/cua-hang', heading: 'Cửa hàng', shot: 'cua-hang' },
  { path: '/cua-hang/quan1', heading: STORES.quan1, shot: 'cua-hang-chi-tiet' },
  { path: '/hoa-don', heading: 'Hóa đơn', shot: 'hoa-don' },
  { path: '/hoa-don/quan1/q1-a', heading: 'Hóa đơn 1C26MAA số 1', shot: 'hoa-don-chi-tiet' },
  { path: '/loi-co-quan-thue', heading: 'Lỗi cơ quan thuế', shot: 'loi-co-quan-thue' },
  { path: '/hang-hoa', heading: 'Hàng hóa và cài đặt', shot: 'hang-hoa' },
  { path: '/nguoi-dung', heading: 'Người dùng', shot: 'nguoi-dung', owner: true },
];

const DATA = ['chu', 'ketoan', 'quanly', 'quan1', 'quan3', '1C26MAA', 'C26MAA', '1C26MDT', 'C26MDT'];

async function pickStore(page: Page, name: string) {
  await page.getByLabel('Chọn cửa hàng').selectOption({ label: name });
  await page.getByRole('heading', { name: 'Tự động hóa' }).waitFor();
}

async function pull(storeId: string, cursor: number): Promise<number> {
  const response = await fetch(`${baseUrl}/sync/v1/pull?cursor=${cursor}`, {
    headers: { authorization: `Bearer ${credentials[storeId]}` },
  });
  return ((await response.json()) as { data: { nextCursor: number } }).data.nextCursor;
}

describe('the HQ console', { timeout: 600_000 }, () => {
  it('shows the owner every screen at every width, with the revenue API’s figures, and sends a price to the stores', async () => {
    const revenue = (await admin('GET', `/hq/v1/revenue?dateFrom=${today}&dateTo=${today}`)).data.items as {
      storeId: string;
      amount: number;
      taxAmount: number;
    }[];
    const gross = (storeId?: string) =>
      revenue.filter((r) => !storeId || r.storeId === storeId).reduce((sum, r) => sum + r.amount + r.taxAmount, 0);
    expect(gross()).toBe(54_000 + 22_000 + 108_000);
    const problems: string[] = [];
    for (const size of SIZES) {
      const page = await signIn('chu', size);
      for (const screen of SCREENS) {
        await open(page, screen.path, screen.heading);
        problems.push(...(await screenProblems(page, `${screen.path} at ${size.width}`, DATA)));
        if (size.width === 390 || size.width === 1366)
          await page.screenshot({ path: `${SHOTS}/${screen.shot}-${size.width}.png`, fullPage: true });
      }
      if (size.width === 390 || size.width === 1366) {
        await open(page, '/hang-hoa', 'Hàng hóa và cài đặt');
        await pickStore(page, STORES.quan1);
        problems.push(...(await screenProblems(page, `settings at ${size.width}`, DATA)));
        await page.screenshot({ path: `${SHOTS}/hang-hoa-cai-dat-${size.width}.png`, fullPage: true });
      }
      await open(page, '/hoa-don', 'Hóa đơn');
      const demoRow = page.getByRole('row').filter({ hasText: 'C26MDT số 1' });
      expect(await demoRow.textContent()).toContain('dùng thử');
      expect(await page.getByRole('row').filter({ hasText: 'C26MAA số 1' }).first().textContent()).not.toContain(
        'dùng thử',
      );
      await open(page, '/', 'Tổng quan');
      expect(await page.textContent('main')).toContain('không gồm hóa đơn dùng thử');
      await expect.poll(() => page.getByTestId('today-revenue').textContent()).toBe(money(gross()));
      const row = (name: string) => page.getByRole('row').filter({ hasText: name }).first();
      for (const [id, name] of Object.entries(STORES))
        expect(await row(name).textContent()).toContain(money(gross(id)));
      expect(await page.getByTestId('store-total').textContent()).toContain(money(gross()));
      await open(page, '/loi-co-quan-thue', 'Lỗi cơ quan thuế');
      const rejected = row(STORES.quan3);
      expect(await rejected.textContent()).toContain('1C26MAA số 1');
      expect(await rejected.getByTestId('tax-reason').textContent()).toBe(REASON);
      expect(await rejected.getByRole('link', { name: STORES.quan3 }).getAttribute('href')).toBe('/cua-hang/quan3');
      await open(page, '/cua-hang', 'Cửa hàng');
      expect(await row(STORES.quan1).textContent()).toContain('sắp hết hạn');
      expect(await row(STORES.quan3).textContent()).not.toContain('sắp hết hạn');
      expect(await row(STORES.quan3).textContent()).toContain('0300588569-001');
      await open(page, '/cua-hang/quan3', STORES.quan3);
      await page.getByRole('link', { name: '1 lỗi cơ quan thuế chưa xử lý' }).waitFor();
      await page.close();
    }
    expect(problems).toEqual([]);

    const page = await signIn('chu', SIZES[3]);
    await open(page, '/hang-hoa', 'Hàng hóa và cài đặt');
    await page.getByLabel('Mã hàng').fill('CF-01');
    await page.getByLabel('Tên hàng').fill('Cà phê sữa đá');
    await page.getByLabel('Đơn giá (đồng)').fill('29.000');
    await page.getByRole('button', { name: 'Gửi xuống các cửa hàng' }).click();
    await page.getByText('Đã gửi 1 mặt hàng.').waitFor();
    const feed = await fetch(`${baseUrl}/sync/v1/pull?cursor=0`, {
      headers: { authorization: `Bearer ${credentials.quan3}` },
    });
    const items = ((await feed.json()) as { data: { items: { kind: string; payload: unknown }[] } }).data.items;
    expect(items.at(-1)).toMatchObject({
      kind: 'products',
      payload: { products: [{ sku: 'CF-01', name: 'Cà phê sữa đá', unitPrice: 29_000, taxRate: 0.1 }] },
    });
    // A store applies a page and keeps its cursor in one transaction: its next pull says what it applied.
    await pull('quan3', await pull('quan3', 0));
    await page.getByRole('button', { name: 'Cập nhật' }).click();
    const storeRow = (name: string) => page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => storeRow(STORES.quan3).textContent()).toContain('Đã áp dụng');
    expect(await storeRow(STORES.quan1).textContent()).toContain('Chưa áp dụng');

    await open(page, '/hoa-don/quan3/q3-demo', 'Hóa đơn 1C26MDT số 1 dùng thử');
    await page.getByText('Hóa đơn dùng thử: không có giá trị pháp lý').waitFor();

    // The store's own schema refuses a delay past a day: the refusal stands beside the field, nothing is sent.
    await open(page, '/hang-hoa', 'Hàng hóa và cài đặt');
    await pickStore(page, STORES.quan1);
    const automation = page.locator('form', { has: page.getByRole('heading', { name: 'Tự động hóa' }) });
    await automation.getByLabel('Chờ (phút) trước khi phát hành').fill('5000');
    await automation.getByLabel('Bán tại quầy').check();
    await automation.getByRole('button', { name: 'Gửi xuống cửa hàng' }).click();
    const refusal = automation.locator('.field-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Không được lớn hơn 1.440.');
    expect(await automation.getByRole('alert').textContent()).toContain('Dữ liệu chưa hợp lệ');
    expect((await admin('GET', '/hq/v1/stores/quan1/settings')).data.current).toEqual([]);
    expect(await screenProblems(page, 'settings refused', DATA)).toEqual([]);
    await automation.getByLabel('Chờ (phút) trước khi phát hành').fill('15');
    await automation.getByRole('button', { name: 'Gửi xuống cửa hàng' }).click();
    await automation.getByText('Đã gửi. Cửa hàng áp dụng trong lần đồng bộ kế tiếp.').waitFor();
    expect((await admin('GET', '/hq/v1/stores/quan1/settings')).data.current).toEqual([
      expect.objectContaining({
        name: 'automation',
        origin: 'hq',
        document: expect.objectContaining({ delayMinutes: 15, channels: ['POS'] }),
      }),
    ]);
    const applied = async () =>
      (await admin('GET', '/hq/v1/feed-applied?storeId=quan1')).data.items[0] as { settingsApplied: boolean };
    expect(await applied()).toMatchObject({ settingsApplied: false });
    // The store's pass: the pull, then its status report saying where its cursor now stands.
    const cursor = await pull('quan1', 0);
    await report('quan1', { facts: facts('0300588569', inDays(10)), taxProblems: [], feedCursor: cursor });
    expect(await applied()).toMatchObject({ settingsApplied: true, catalogueApplied: true });
    await page.getByRole('button', { name: 'Cập nhật' }).click();
    await expect.poll(() => storeRow(STORES.quan1).textContent()).not.toContain('Chưa áp dụng');
    await page.close();
  });

  it('lets the accountant read every store but not the owner’s screens', async () => {
    const problems: string[] = [];
    for (const size of SIZES) {
      const page = await signIn('ketoan', size);
      for (const screen of SCREENS.filter((s) => !s.owner)) {
        await open(page, screen.path, screen.heading);
        problems.push(...(await screenProblems(page, `accountant ${screen.path} at ${size.width}`, DATA)));
      }
      await open(page, '/hoa-don', 'Hóa đơn');
      expect(await page.getByRole('table').textContent()).toContain('0312345678');
      expect(await page.locator('nav').textContent()).not.toContain('Người dùng');
      await page.goto(`${baseUrl}/nguoi-dung`);
      await page.getByText('Vai trò của bạn không được dùng chức năng này.').waitFor();
      await open(page, '/hang-hoa', 'Hàng hóa và cài đặt');
      expect(await page.getByRole('button', { name: 'Gửi xuống các cửa hàng' }).count()).toBe(0);
      await pickStore(page, STORES.quan1);
      await page.getByText('Chỉ chủ chuỗi được sửa và gửi cài đặt.').waitFor();
      expect(await page.getByLabel('Chờ (phút) trước khi phát hành').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Gửi xuống cửa hàng' }).count()).toBe(0);
      problems.push(...(await screenProblems(page, `accountant settings at ${size.width}`, DATA)));
      await page.close();
    }
    expect(problems).toEqual([]);

    const search = await signIn('ketoan', SIZES[3]);
    await open(search, '/hoa-don', 'Hóa đơn');
    await search.getByLabel('MST người mua').fill('0312345678');
    await search.getByLabel('Tổng tiền từ (đồng)').fill('100.000');
    // Dates typed as the shop writes them, whatever the browser's language; the address keeps the API's form.
    const [year, month, day] = today.split('-');
    await search.getByLabel('Từ ngày').fill(`${day}/${month}/${year}`);
    await search.getByLabel('Đến ngày').fill(`${day}/${month}/${year}`);
    await search.getByRole('button', { name: 'Lọc' }).click();
    await expect.poll(() => search.getByRole('row').count()).toBe(2);
    expect(await search.getByRole('table').textContent()).toContain('C26MAA số 1');
    expect(await search.getByRole('table').textContent()).toContain(money(108_000));
    expect(new URL(search.url()).searchParams.get('mst')).toBe('0312345678');
    expect(new URL(search.url()).searchParams.get('tu')).toBe(today);
    expect(new URL(search.url()).searchParams.get('den')).toBe(today);
    expect(await search.getByRole('link', { name: 'Tải tệp CSV' }).getAttribute('href')).toContain(
      'buyerMst=0312345678',
    );
    await search.close();

    const page = await signIn('ketoan', SIZES[0]);
    await open(page, '/loi-co-quan-thue', 'Lỗi cơ quan thuế');
    await page.getByRole('button', { name: 'Đánh dấu đã xử lý hóa đơn 1C26MAA số 1' }).click();
    await page.getByLabel('Ghi chú cách xử lý').fill('Đã lập hóa đơn thay thế.');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Đã đánh dấu hóa đơn 1C26MAA số 1 là đã xử lý.').waitFor();
    expect(await screenProblems(page, 'accountant after handling', DATA)).toEqual([]);
    await page.getByRole('button', { name: 'Xem cả lỗi đã xử lý' }).click();
    await page.getByText('Đã xử lý bởi ketoan', { exact: false }).waitFor();
    const problems2 = (await admin('GET', '/hq/v1/tax-problems?all=1')).data.items;
    expect(problems2).toEqual([
      expect.objectContaining({ invoiceId: 'q3-a', handled: expect.objectContaining({ by: 'ketoan' }) }),
    ]);
    await page.close();
  });

  it('never shows a manager the other store, on the screen or through the API', async () => {
    const problems: string[] = [];
    for (const size of SIZES) {
      const page = await signIn('quanly', size);
      for (const screen of SCREENS.filter((s) => !s.owner)) {
        await open(page, screen.path, screen.heading);
        problems.push(...(await screenProblems(page, `manager ${screen.path} at ${size.width}`, DATA)));
        expect(await page.textContent('body'), screen.path).not.toContain(STORES.quan3);
        expect(await page.textContent('body'), screen.path).not.toContain('0312345678');
      }
      await open(page, '/', 'Tổng quan');
      expect(await page.getByTestId('today-revenue').textContent()).toBe(money(54_000 + 22_000));
      const statuses = await page.evaluate(async () =>
        Promise.all(
          [
            '/hq/v1/stores/quan3',
            '/hq/v1/invoices?storeId=quan3',
            '/hq/v1/stores/quan3/invoices/q3-a',
            '/hq/v1/tax-problems?storeId=quan3',
            '/hq/v1/stores/quan3/facts',
            '/hq/v1/stores/quan3/settings',
            '/hq/v1/feed-applied?storeId=quan3',
          ].map(async (url) => (await fetch(url)).status),
        ),
      );
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404]);
      if (size.width === 1366) {
        await open(page, '/hoa-don', 'Hóa đơn');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Tải tệp CSV' }).click(),
        ]);
        const csv = readFileSync((await download.path()) as string, 'utf8');
        expect(csv.trim().split('\r\n')).toHaveLength(3);
        expect(csv).toContain(STORES.quan1);
        expect(csv).not.toContain(STORES.quan3);
      }
      await open(page, '/hang-hoa', 'Hàng hóa và cài đặt');
      expect(await page.getByLabel('Chọn cửa hàng').locator('option').allTextContents()).toEqual(['—', STORES.quan1]);
      await page.goto(`${baseUrl}/cua-hang/quan3`);
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('Không tìm thấy cửa hàng');
      await page.close();
    }
    expect(problems).toEqual([]);
  });
});
