/**
 * The lookup portal as a buyer's phone opens it (docs/delivery.md), on the store node and on HQ (on
 * PostgreSQL) after the store synced: at 390 px, by code and by MST + ký hiệu + số + total, the replaced
 * invoice pointing at its replacement, both downloads byte for byte the store's, wrong codes ending in 429,
 * axe-clean, no horizontal scroll.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildHqApp } from '../../sync/hq/hq-app.js';
import { ADMIN_TOKEN, openTestHqServices } from '../hq/hq-test-node.js';
import { testClock } from '../support/clock.js';
import { goLive, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { type Browser, expectAccessible, launchBrowser } from './browser.js';
import { expectNoHorizontalScroll } from './screen-checks.js';

interface Issued {
  id: string;
  lookupCode: string;
  mauSo: string;
  kyHieu: string;
  number: number;
}

describe('the lookup portal on the node and at HQ, on a phone', () => {
  vi.setConfig({ testTimeout: 180_000 });
  const clock = testClock('2026-03-15T03:00:00.000Z');
  let store: TestNode;
  let hq: Awaited<ReturnType<typeof openTestHqServices>>;
  let hqApp: FastifyInstance;
  let browser: Browser;
  let nodeUrl = '';
  let hqUrl = '';
  let original: Issued;
  let replacement: Issued;

  const storeFile = async (url: string) => {
    // From an address of its own: the browser's guesses below block 127.0.0.1 on the node.
    const response = await store.app.inject({
      url,
      remoteAddress: '127.0.0.2',
      headers: { authorization: `Bearer ${store.token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    let ids = 0;
    const opened = await openTestHqServices('postgres', clock, () => `hq-${++ids}`);
    hq = opened;
    hqApp = await buildHqApp(opened.services, { adminToken: ADMIN_TOKEN, logLevel: 'silent' });
    await hqApp.listen({ host: '127.0.0.1', port: 0 });
    hqUrl = `http://127.0.0.1:${(hqApp.server.address() as { port: number }).port}`;

    store = await startTestNode({ clock });
    await goLive(store);
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    nodeUrl = `http://127.0.0.1:${(store.app.server.address() as { port: number }).port}`;
    original = (await store.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    const replaced = await store.request('POST', `/invoices/${original.id}/replace`, {
      body: { buyer: invoiceBody().buyer, items: invoiceBody().items, reason: 'Sai tên' },
    });
    expect(replaced.status, replaced.body).toBe(200);
    replacement = replaced.json.data;
    await store.node.services.invoiceXml.signWaiting();
    const { credential } = await opened.services.admin.addStore('cua-hang-1', 'Cửa hàng 1');
    store.node.services.connectHq({ url: hqUrl, storeId: 'cua-hang-1', credential });
    for (let pass = 0; pass < 2; pass++) {
      const result = await store.node.services.sync.runNow();
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    }
    await opened.services.users.add({ username: 'ketoan', role: 'accountant', password: 'mat-khau-ke-toan-1' });
    browser = await launchBrowser({ width: 390, height: 844 });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await store?.close();
    await hqApp?.close();
    await hq?.db.close();
  });

  for (const where of ['node', 'HQ'] as const) {
    it(`answers on the ${where}: by code, by the invoice's facts, downloads, then 429 for guessing`, async () => {
      const base = where === 'node' ? nodeUrl : hqUrl;
      const page = await browser.context.newPage();
      await page.goto(`${base}/tra-cuu`);
      await expectAccessible(page, `${where}: form`);
      await expectNoHorizontalScroll(page, `${where}: form`);

      // By code: the replaced invoice, which points at its replacement.
      await page.getByLabel('Mã tra cứu').fill(original.lookupCode);
      await page.getByRole('button', { name: 'Tra cứu' }).first().click();
      await page
        .getByRole('heading', { name: `Hóa đơn ${original.mauSo}${original.kyHieu} số ${original.number}` })
        .waitFor();
      expect(await page.getByText('Đã bị thay thế').count()).toBe(1);
      await expectAccessible(page, `${where}: replaced invoice`);
      await expectNoHorizontalScroll(page, `${where}: replaced invoice`);
      await page
        .getByRole('link', { name: `hóa đơn ${replacement.mauSo}${replacement.kyHieu} số ${replacement.number}` })
        .click();
      await page.waitForURL(`${base}/tra-cuu/${replacement.lookupCode}`);

      // By the seller's MST, the symbol, the number and the total.
      await page.goto(`${base}/tra-cuu`);
      await page.getByLabel('Mã số thuế người bán').fill(LIVE_SELLER.mst);
      await page.getByLabel('Ký hiệu (ví dụ 1C26MAA)').fill(`${replacement.mauSo}${replacement.kyHieu}`);
      await page.getByLabel('Số hóa đơn').fill(String(replacement.number));
      await page.getByLabel('Tổng tiền thanh toán (đồng)').fill('55.000');
      await page.getByRole('button', { name: 'Tra cứu' }).last().click();
      await page.waitForURL(`${base}/tra-cuu/${replacement.lookupCode}`);
      expect(await page.getByText('Chữ ký số hợp lệ.').count()).toBe(1);
      await expectAccessible(page, `${where}: invoice`);
      await expectNoHorizontalScroll(page, `${where}: invoice`);

      // Both downloads, as the page links them, byte for byte the store's.
      for (const invoice of [original, replacement]) {
        const xml = await page.request.get(`${base}/tra-cuu/${invoice.lookupCode}/hoa-don.xml`);
        expect((await xml.body()).equals(await storeFile(`/api/v1/invoices/${invoice.id}/xml`))).toBe(true);
        const pdf = await page.request.get(`${base}/tra-cuu/${invoice.lookupCode}/hoa-don.pdf`);
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        expect((await pdf.body()).equals(await storeFile(`/tra-cuu/${invoice.lookupCode}/hoa-don.pdf`))).toBe(true);
      }

      // Guessing: the same 404 page each time, then 429 with Retry-After.
      const pages = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const wrong = await page.goto(`${base}/tra-cuu/SAI${i}X${i}`);
        expect(wrong?.status()).toBe(404);
        pages.add(await wrong!.text());
      }
      expect(pages.size).toBe(1);
      await expectAccessible(page, `${where}: not found`);
      const blocked = await page.goto(`${base}/tra-cuu/${replacement.lookupCode}`);
      expect(blocked?.status()).toBe(429);
      expect(Number(blocked?.headers()['retry-after'])).toBeGreaterThan(0);
      expect(blocked?.headers()['cache-control']).toBe('private, no-store');
      await page.close();
    });
  }

  it('offers the synced invoice’s PDF and XML in HQ’s console, the XML byte for byte the store’s', async () => {
    const page = await browser.context.newPage();
    await page.context().clearCookies();
    await page.goto(`${hqUrl}/`);
    await page.getByLabel('Tên đăng nhập').fill('ketoan');
    await page.getByLabel('Mật khẩu').fill('mat-khau-ke-toan-1');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.getByRole('button', { name: 'Đăng xuất' }).waitFor();
    await page.goto(`${hqUrl}/hoa-don/cua-hang-1/${original.id}`);
    const xmlLink = page.getByRole('link', { name: 'Tải tệp hóa đơn (XML)' });
    await xmlLink.waitFor();
    await expectAccessible(page, 'HQ console: invoice files');
    const xml = await page.request.get(`${hqUrl}${await xmlLink.getAttribute('href')}`);
    expect((await xml.body()).equals(await storeFile(`/api/v1/invoices/${original.id}/xml`))).toBe(true);
    const pdfHref = await page.getByRole('link', { name: 'Tải hóa đơn (PDF)' }).getAttribute('href');
    const pdf = await page.request.get(`${hqUrl}${pdfHref}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.close();
  });
});
