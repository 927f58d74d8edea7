/**
 * What the console shows of the tax rules, in Chromium. The VAT rules (docs/exports.md, "VAT reduction
 * windows"): the home screen warns, with the date and the catalogue's products at 8 %, once the reduction's
 * window ends within 14 days; the till shows the cash warning of a sale of 5,000,000 đ or more to a buyer with
 * an MST, and the sale stands. The replies (docs/transmission.md): an invoice's history shows its error notice
 * received with the 301's number, and the home screen the invoices "quá hạn gửi".
 */
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../src/domain/calendar.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';
import { explainNotice } from '../transmission/support.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';
import { invoiceCount, scan } from './till-actions.js';

const t = consoleUnderTest(async (target) => {
  await target.node.request('PATCH', '/settings/till', { body: { pricesIncludeVat: false } });
  const put = await target.node.request('PUT', '/products/MAY-PHA-1', {
    body: { name: 'Máy pha cà phê', unit: 'cái', unitPrice: 5_000_000, taxRate: 0.1 },
  });
  if (put.status !== 200) throw new Error(`PUT /products/MAY-PHA-1: ${put.status} ${put.body}`);
});

const saleBody = () => ({
  buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
  items: [{ name: 'Nước suối', unit: 'chai', sku: 'NUOC-1', quantity: 1, unitPrice: 10_000, taxRate: 0.1 }],
  channel: 'pos',
});

const ddmmyyyy = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

describe('the console and the VAT rules', () => {
  it('warns on the home screen, with the date, from 14 days before the window ends', async () => {
    const today = localDate(new Date(), 'Asia/Ho_Chi_Minh');
    const endsOn = addDays(today, 10);
    const put = await t.target.node.request('PUT', '/settings/vat-reduction', {
      body: {
        windows: [{ from: addDays(today, -100), to: endsOn, reducedRate: 0.08, basis: 'Nghị định 174/2025/NĐ-CP' }],
      },
    });
    expect(put.status, put.body).toBe(200);
    try {
      const page = await signedIn(t.browser, t.target, 'admin', '/');
      await page.getByText('Cửa hàng đang ở chế độ dùng thử').waitFor();
      const warning = page.locator('p.alert', { hasText: `hết hiệu lực sau ngày ${ddmmyyyy(endsOn)}` });
      await poll(() => warning.count()).toBe(1);
      expect(await warning.textContent()).toContain('Nghị định 174/2025/NĐ-CP');
      // The catalogue's two products at 8 % (PRODUCTS in browser.ts), which the till will refuse after the end.
      expect(await warning.textContent()).toContain('Danh mục còn 2 sản phẩm thuế suất 8%');
      await expectAccessible(page, 'home with the VAT reduction warning');

      // A window that ends later than 14 days from now: no warning.
      await reducedRateOnEveryDate(t.target.node);
      await page.reload();
      // The demo notice comes with the same /health answer as the warning would.
      await page.getByText('Cửa hàng đang ở chế độ dùng thử').waitFor();
      expect(await page.getByText('hết hiệu lực sau ngày').count()).toBe(0);
      await page.close();
    } finally {
      await reducedRateOnEveryDate(t.target.node);
    }
  });

  it('shows the cash warning of a 5,000,000 đ sale to a buyer with an MST, and the sale is issued', async () => {
    const before = await invoiceCount(t.target);
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    await scan(page, 'MAY-PHA-1');
    await expect(page.getByTestId('sale-total').textContent()).resolves.toMatch(/^5\.500\.000\s₫$/);
    await page.getByLabel('Mã số thuế').fill('0100109106');
    await page.getByText('Mã số thuế hợp lệ.').waitFor();
    await page.getByLabel('Tên người mua / đơn vị').fill('Công ty TNHH Hòa Bình');
    await page.getByRole('button', { name: 'Tiền mặt', exact: true }).click();
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const issued = page.getByRole('status').filter({ hasText: 'Đã xuất hóa đơn' });
    await issued.waitFor({ timeout: 20_000 });
    const warning = issued.locator('p.alert');
    await poll(() => warning.count()).toBe(1);
    expect(await warning.textContent()).toContain('48/2024/QH15');
    await expectAccessible(page, 'till with the cash warning');
    expect(await invoiceCount(t.target)).toBe(before + 1);
    const latest = (await t.target.node.request('GET', '/invoices?pageSize=1')).json.data.items[0];
    expect(latest).toMatchObject({ paymentMethod: 'TM', buyer: { mst: '0100109106' } });
    expect(latest.totals).toEqual({ subtotal: 5_000_000, taxAmount: 500_000, total: 5_500_000 });
    await page.close();
  });

  it('refuses at the till an 8 % sale of a product left out of the reduction, naming it, and issues nothing', async () => {
    const put = await t.target.node.request('PUT', '/products/BIA-1', {
      body: { name: 'Bia lon', unit: 'lon', unitPrice: 15_000, taxRate: 0.1, vatReductionEligible: false },
    });
    expect(put.status, put.body).toBe(200);
    // The node never saves it at 8 % itself; the chain's catalogue may (HQ sets the rate, the store keeps its own
    // exclusion), as sync/store/apply.ts applies a feed.
    t.target.node.node.services.products.upsertFromHeadquarters({
      sku: 'BIA-1',
      name: 'Bia lon',
      unit: 'lon',
      unitPrice: 15_000,
      taxRate: 0.08,
    });
    const before = await invoiceCount(t.target);
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    await scan(page, 'BIA-1');
    await page.getByRole('button', { name: 'Chuyển khoản', exact: true }).click();
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'không được giảm thuế GTGT' });
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toContain('Bia lon');
    expect(await refusal.textContent()).toContain('Phụ lục');
    expect(await invoiceCount(t.target)).toBe(before);
    await page.close();
  });

  it("shows the error notice's acceptance with the 301's number in the invoice's history", async () => {
    const services = t.target.node.node.services;
    const issued = await t.target.node.request('POST', '/invoices', { body: { ...saleBody(), paymentMethod: 'CK' } });
    expect(issued.status, issued.body).toBe(201);
    const invoiceId = issued.json.data.id as string;
    await services.transmission.worker.tick();
    const sent = await t.target.node.request('POST', '/transmission/error-notices', {
      body: explainNotice(invoiceId),
    });
    expect(sent.status, sent.body).toBe(202);
    // What the worker does on reading the real 301 (test/transmission/real-replies.test.ts reads one).
    await services.writes.run(() =>
      services.transmission.outcomes.noticeAccepted(sent.json.data.messageId, '771369/TB-HĐĐT'),
    );
    const page = await signedIn(t.browser, t.target, 'admin', `/invoices/${invoiceId}`);
    const history = page.getByRole('region', { name: 'Nhật ký (chuỗi băm)' });
    await poll(() => history.getByText('Thông báo sai sót: đã tiếp nhận (số 771369/TB-HĐĐT)').count()).toBe(1);
    await page.close();
  });

  it('marks on the home screen the cash-register invoices not accepted by the end of their day', async () => {
    const issued = await t.target.node.request('POST', '/invoices', { body: { ...saleBody(), paymentMethod: 'CK' } });
    expect(issued.status, issued.body).toBe(201);
    const { id, kyHieu } = issued.json.data as { id: string; kyHieu: string };
    expect(kyHieu[3]).toBe('M');
    const page = await signedIn(t.browser, t.target, 'admin', '/');
    await page.getByTestId('queue-count').filter({ hasText: /\d/ }).waitFor();
    expect(await page.getByText('Quá hạn gửi', { exact: true }).count()).toBe(0);
    // Issued yesterday and still waiting (no worker runs in this node): the queue flags it overdue.
    const yesterday = addDays(localDate(new Date(), 'Asia/Ho_Chi_Minh'), -1);
    const sqlite = t.target.node.node.database.sqlite;
    sqlite.prepare('UPDATE invoices SET issue_date = ? WHERE id = ?').run(yesterday, id);
    sqlite.prepare('UPDATE transmissions SET queued_at = ? WHERE invoice_id = ?').run(`${yesterday}T05:00:00.000Z`, id); // queued at issue, at noon in Hồ Chí Minh City
    const queue = (await t.target.node.request('GET', '/transmission/queue')).json.data;
    expect(
      queue.waiting.filter((e: { overdue: boolean }) => e.overdue).map((e: { invoiceId: string }) => e.invoiceId),
    ).toEqual([id]);
    expect(queue.overdueCount).toBe(1);
    await page.reload();
    await page.getByText('Quá hạn gửi', { exact: true }).waitFor();
    await poll(() =>
      page.getByText('1 hóa đơn máy tính tiền chưa được cơ quan thuế tiếp nhận trong ngày lập').count(),
    ).toBe(1);
    await expectAccessible(page, 'home with an overdue invoice');
    await page.close();
  });
});
