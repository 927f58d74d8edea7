/**
 * HQ's console against real stores: HQ on PostgreSQL on loopback, two store nodes in this process that went
 * live with the tax-authority simulator over HTTP, sold, and synced with HQ by their own sync pass
 * (`services.sync.runNow()`: push, pull, status report). The simulator refuses one invoice of the second store.
 * The owner, then an accountant, then a manager of the first store sign in, at 390, 768, 1024 and 1366 px:
 * - the overview's revenue per store and per rate is each store's own `GET /api/v1/aggregate` of the day;
 * - the refused invoice is on "Lỗi cơ quan thuế" with the authority's reason;
 * - an invoice's XML downloaded from HQ is the store's byte for byte;
 * - a price sent from the catalogue screen reaches both stores at their next pass (`GET /api/v1/products`),
 *   and the screen then says each store applied it;
 * - the manager never sees the other store, on the screen or through the API (404);
 * - no horizontal overflow, axe clean, no English word.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildHqApp } from '../../sync/hq/hq-app.js';
import { type OpenedPgHq, openPgHq } from '../../sync/hq/pg/pg-hq-node.js';
import { goLive } from '../support/live-seller.js';
import { createTestDatabase } from '../support/postgres.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { startSimulator, waitFor } from '../transmission/support.js';
import { type Browser, launchBrowser } from './browser.js';
import { hqScreens } from './hq-screens.js';
import { SIZES, screenProblems } from './screen-checks.js';

const ADMIN_TOKEN = 'hq-live-admin-token-0123456789abcdefghij';
const PASSWORD = 'mật-khẩu-trụ-sở';
const STORES = { q1: 'Chi nhánh Quận Một', q3: 'Chi nhánh Quận Ba' } as const;
type StoreId = keyof typeof STORES;
const REASON = 'Mã số thuế người mua không tồn tại (giả lập)';

let hq: OpenedPgHq;
let app: Awaited<ReturnType<typeof buildHqApp>>;
let baseUrl: string;
let browser: Browser;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const nodes = {} as Record<StoreId, TestNode>;
let rejected = { id: '', symbol: '', number: 0 };
let sold = { id: '', symbol: '', number: 0 };
const DATA = ['chu', 'ketoan', 'quanly', 'q1', 'q3'];

/** How the overview names a rate: the stores here sell at 8 and 10 % only. */
const rateLabel = (group: string) => group.replace('%', '\u00a0%');
const money = (amount: number) => new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(amount);

async function asAdmin(path: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the answer holds
  return (await response.json()) as { data: any };
}

async function sell(node: TestNode, items: object[]) {
  const created = await node.request('POST', '/invoices', { body: invoiceBody({ items }) });
  expect(created.status, created.body).toBe(201);
  return created.json.data as { id: string; mauSo: string; kyHieu: string; number: number };
}

async function pass(storeId: StoreId) {
  const result = await nodes[storeId].node.services.sync.runNow();
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/** The store's own figures of its day (the store's local date, as HQ's overview counts it). */
async function aggregate(storeId: StoreId) {
  const r = await nodes[storeId].request('GET', '/aggregate');
  expect(r.status, r.body).toBe(200);
  return r.json.data as { date: string; totalAmount: number; byRate: { taxGroup: string; total: number }[] };
}

/** Runs the store's transmission worker until the invoice reaches `state`. */
async function settled(storeId: StoreId, id: string, state: string) {
  const node = nodes[storeId];
  const transmission = async () => (await node.request('GET', `/invoices/${id}`)).json.data.transmission;
  await waitFor(
    async () => {
      await node.node.services.transmission.worker.tick();
      return (await transmission()).state === state;
    },
    async () => JSON.stringify(await transmission()),
  );
}

beforeAll(async () => {
  sim = await startSimulator();
  hq = await openPgHq(await createTestDatabase(inject('pgClusterUrl'), 'hoadon_hq_console_live'), { poolSize: 4 });
  app = await buildHqApp(hq.services, { adminToken: ADMIN_TOKEN, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  for (const [id, name] of Object.entries(STORES) as [StoreId, string][]) {
    const node = await startTestNode();
    await goLive(node, sim.url);
    // A chain's stores share the seller's tax code: each numbers its own series.
    if (id === 'q3') {
      const series = await node.request('PATCH', '/settings/templates', { body: { kyHieu: 'C26MQB' } });
      expect(series.status, series.body).toBe(200);
    }
    const { credential } = await hq.services.admin.addStore(id, name);
    node.node.services.connectHq({ url: baseUrl, storeId: id, credential });
    nodes[id] = node;
    // Connected before it sells, as a chain's store is: from HQ's first answer on, each invoice's XML goes up
    // with the invoice (docs/sync.md "Invoice documents").
    await pass(id);
  }
  const coffee = (unitPrice: number, taxRate: number, quantity = 1) => ({
    name: 'Cà phê sữa đá',
    unit: 'ly',
    sku: 'CF-1',
    quantity,
    unitPrice,
    taxRate,
  });
  const cake = (unitPrice: number, taxRate: number) => ({
    name: 'Bánh mì',
    unit: 'cái',
    sku: 'BM-1',
    quantity: 2,
    unitPrice,
    taxRate,
  });
  const first = await sell(nodes.q1, [coffee(25_000, 0.08, 2), cake(15_000, 0.1)]);
  const sales = [
    { store: 'q1' as const, id: first.id },
    { store: 'q1' as const, id: (await sell(nodes.q1, [coffee(25_000, 0.08)])).id },
    { store: 'q3' as const, id: (await sell(nodes.q3, [cake(15_000, 0.1)])).id },
  ];
  // Every sale accepted first, so that the refusal below is that of the one invoice sent next.
  for (const sale of sales) await settled(sale.store, sale.id, 'accepted');
  await sim.faults({ rejectNext: 1, rejectReason: REASON });
  const refused = await sell(nodes.q3, [coffee(30_000, 0.08)]);
  await settled('q3', refused.id, 'rejected');
  for (const data of [first, refused]) DATA.push(`${data.mauSo}${data.kyHieu}`, data.kyHieu);
  rejected = { id: refused.id, symbol: `${refused.mauSo}${refused.kyHieu}`, number: refused.number };
  sold = { id: first.id, symbol: `${first.mauSo}${first.kyHieu}`, number: first.number };
  await pass('q1');
  await pass('q3');

  const users = hq.services.users;
  await users.add({ username: 'chu', role: 'owner', password: PASSWORD });
  await users.add({ username: 'ketoan', role: 'accountant', password: PASSWORD });
  await users.add({ username: 'quanly', role: 'manager', stores: ['q1'], password: PASSWORD });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const node of Object.values(nodes)) await node?.close();
  await app?.close();
  await hq?.close();
  await sim?.close();
});

const { signIn, open } = hqScreens(() => ({ browser, baseUrl }), PASSWORD);

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text }).first();

/** The overview holds each store's aggregate of the day, and per rate the sum of both stores' (all sold today). */
async function overviewMatchesStores(page: Page, stores: StoreId[]) {
  await open(page, '/', 'Tổng quan');
  const figures = await Promise.all(stores.map(aggregate));
  expect(await page.getByTestId('today-revenue').textContent()).toBe(
    money(figures.reduce((sum, f) => sum + f.totalAmount, 0)),
  );
  for (const [i, id] of stores.entries())
    expect(await row(page, STORES[id]).textContent()).toContain(money(figures[i]!.totalAmount));
  const perRate = new Map<string, number>();
  for (const f of figures) for (const r of f.byRate) perRate.set(r.taxGroup, (perRate.get(r.taxGroup) ?? 0) + r.total);
  expect(perRate.size).toBeGreaterThan(1);
  const rateTable = page.getByRole('table', { name: 'Theo thuế suất (7 ngày qua)' });
  expect(await rateTable.locator('tbody tr').count()).toBe(perRate.size);
  for (const [group, total] of perRate)
    expect(
      await rateTable
        .getByRole('row')
        .filter({ hasText: rateLabel(group) })
        .textContent(),
    ).toContain(money(total));
}

describe('the HQ console with live stores', { timeout: 300_000 }, () => {
  it('gives the owner each store’s own figures, the refusal, the store’s XML, and a price that reaches the stores', async () => {
    // The API first: HQ's revenue per store and rate is each store's aggregate, line for line.
    for (const id of Object.keys(STORES) as StoreId[]) {
      const own = await aggregate(id);
      const revenue = (await asAdmin(`/hq/v1/revenue?dateFrom=${own.date}&dateTo=${own.date}&storeId=${id}`)).data
        .items as { taxGroup: string; amount: number; taxAmount: number }[];
      expect(Object.fromEntries(revenue.map((r) => [r.taxGroup, r.amount + r.taxAmount]))).toEqual(
        Object.fromEntries(own.byRate.map((r) => [r.taxGroup, r.total])),
      );
    }

    const problems: string[] = [];
    const screens = [
      { path: '/cua-hang', heading: 'Cửa hàng' },
      { path: '/hoa-don', heading: 'Hóa đơn' },
      { path: `/hoa-don/q1/${sold.id}`, heading: `Hóa đơn ${sold.symbol} số ${sold.number}` },
      { path: '/hang-hoa', heading: 'Hàng hóa và cài đặt' },
      { path: '/nguoi-dung', heading: 'Người dùng' },
    ];
    for (const size of SIZES) {
      const page = await signIn('chu', size);
      await overviewMatchesStores(page, ['q1', 'q3']);
      problems.push(...(await screenProblems(page, `owner / at ${size.width}`, DATA)));
      await open(page, '/loi-co-quan-thue', 'Lỗi cơ quan thuế');
      const refusal = row(page, `${rejected.symbol} số ${rejected.number}`);
      expect(await refusal.textContent()).toContain(STORES.q3);
      expect(await refusal.getByTestId('tax-reason').textContent()).toContain(REASON);
      problems.push(...(await screenProblems(page, `owner tax errors at ${size.width}`, DATA)));
      for (const screen of screens) {
        await open(page, screen.path, screen.heading);
        problems.push(...(await screenProblems(page, `owner ${screen.path} at ${size.width}`, DATA)));
      }
      await page.close();
    }
    expect(problems).toEqual([]);

    // The XML as HQ serves it from the invoice's page is the store's, byte for byte.
    const page = await signIn('chu', SIZES[3]);
    await open(page, `/hoa-don/q1/${sold.id}`, `Hóa đơn ${sold.symbol} số ${sold.number}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Tải tệp hóa đơn (XML)' }).click(),
    ]);
    const fromHq = readFileSync((await download.path()) as string);
    const fromStore = await nodes.q1.app.inject({
      method: 'GET',
      url: `/api/v1/invoices/${sold.id}/xml`,
      headers: { authorization: `Bearer ${nodes.q1.token}` },
    });
    expect(fromStore.statusCode).toBe(200);
    expect(fromHq.length).toBeGreaterThan(1000);
    expect(fromHq.equals(fromStore.rawPayload)).toBe(true);

    // A new price from the catalogue screen: each store has it after its next pass, and HQ says it applied it.
    await open(page, '/hang-hoa', 'Hàng hóa và cài đặt');
    await page.getByLabel('Mã hàng').fill('CF-1');
    await page.getByLabel('Tên hàng').fill('Cà phê sữa đá');
    await page.getByLabel('Đơn vị tính').fill('ly');
    await page.getByLabel('Đơn giá (đồng)').fill('27.000');
    await page.getByLabel('Thuế suất').selectOption({ label: '8 %' });
    await page.getByRole('button', { name: 'Gửi xuống các cửa hàng' }).click();
    await page.getByText('Đã gửi 1 mặt hàng.').waitFor();
    for (const id of Object.keys(STORES) as StoreId[])
      expect(await row(page, STORES[id]).textContent()).toContain('Chưa áp dụng');
    for (const id of Object.keys(STORES) as StoreId[]) {
      await pass(id);
      const products = (await nodes[id].request('GET', '/products?q=CF-1')).json.data;
      expect(JSON.stringify(products)).toContain('"unitPrice":27000');
    }
    await page.getByRole('button', { name: 'Cập nhật' }).click();
    for (const id of Object.keys(STORES) as StoreId[])
      await expect.poll(() => row(page, STORES[id]).textContent()).toContain('Đã áp dụng');
    await page.close();
  });

  it('gives the accountant every store’s figures and refusals, to read', async () => {
    const problems: string[] = [];
    for (const size of SIZES) {
      const page = await signIn('ketoan', size);
      await overviewMatchesStores(page, ['q1', 'q3']);
      problems.push(...(await screenProblems(page, `accountant / at ${size.width}`, DATA)));
      await open(page, '/loi-co-quan-thue', 'Lỗi cơ quan thuế');
      expect(
        await row(page, `${rejected.symbol} số ${rejected.number}`).getByTestId('tax-reason').textContent(),
      ).toContain(REASON);
      problems.push(...(await screenProblems(page, `accountant tax errors at ${size.width}`, DATA)));
      await open(page, '/hang-hoa', 'Hàng hóa và cài đặt');
      expect(await page.getByRole('button', { name: 'Gửi xuống các cửa hàng' }).count()).toBe(0);
      problems.push(...(await screenProblems(page, `accountant catalogue at ${size.width}`, DATA)));
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  it('never shows the manager the other store, on the screen or through the API', async () => {
    const problems: string[] = [];
    for (const size of SIZES) {
      const page = await signIn('quanly', size);
      await overviewMatchesStores(page, ['q1']);
      expect(await page.textContent('body')).not.toContain(STORES.q3);
      for (const screen of [
        { path: '/cua-hang', heading: 'Cửa hàng' },
        { path: '/hoa-don', heading: 'Hóa đơn' },
        { path: '/loi-co-quan-thue', heading: 'Lỗi cơ quan thuế' },
        { path: '/hang-hoa', heading: 'Hàng hóa và cài đặt' },
      ]) {
        await open(page, screen.path, screen.heading);
        problems.push(...(await screenProblems(page, `manager ${screen.path} at ${size.width}`, DATA)));
        expect(await page.textContent('body'), screen.path).not.toContain(STORES.q3);
        expect(await page.textContent('body'), screen.path).not.toContain(`${rejected.symbol} số ${rejected.number}`);
      }
      const statuses = await page.evaluate(
        async (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).status)),
        [
          '/hq/v1/stores/q3',
          '/hq/v1/invoices?storeId=q3',
          `/hq/v1/stores/q3/invoices/${rejected.id}`,
          `/hq/v1/stores/q3/invoices/${rejected.id}/xml`,
          '/hq/v1/tax-problems?storeId=q3',
          '/hq/v1/revenue?dateFrom=2026-01-01&dateTo=2026-01-31&storeId=q3',
          '/hq/v1/stores/q3/settings',
          '/hq/v1/feed-applied?storeId=q3',
        ],
      );
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
      await page.goto(`${baseUrl}/hoa-don/q3/${rejected.id}`);
      await page.getByRole('alert').waitFor();
      expect(await page.textContent('main')).not.toContain(STORES.q3);
      await page.close();
    }
    expect(problems).toEqual([]);
  });
});
