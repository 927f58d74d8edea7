import { describe, expect, it } from 'vitest';
import { invoiceBody } from '../support/test-node.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

const BUYERS = [
  { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
  { name: 'Nguyễn Văn An' },
  { name: 'Trần Thị Bích' },
];

const t = consoleUnderTest(async (target) => {
  for (const [i, buyer] of BUYERS.entries()) {
    const r = await target.node.request('POST', '/invoices', {
      body: invoiceBody({ buyer, paymentMethod: i === 0 ? 'CK' : 'TM' }),
      headers: { 'x-idempotency-key': `seed-${i}` },
    });
    expect(r.status, r.body).toBe(201);
  }
});

describe('invoices, end of day and today in the console', () => {
  it('filters the list by buyer name without accents, keeps the filter in the URL, and opens the detail', async () => {
    const page = await signedIn(t.browser, t.target, 'accountant', '/invoices');
    await poll(() => page.getByRole('row').count()).toBe(BUYERS.length + 1);
    await expectAccessible(page, 'invoice list');
    await page.getByLabel('Tên người mua', { exact: true }).fill('nguyen');
    await page.getByRole('button', { name: 'Lọc', exact: true }).click();
    await page.waitForURL(/buyerName=nguyen/);
    await poll(() => page.getByRole('row').count()).toBe(2);
    await page.reload();
    await poll(() => page.getByRole('row').count()).toBe(2);
    await expect(page.getByLabel('Tên người mua', { exact: true }).inputValue()).resolves.toBe('nguyen');

    await page.getByLabel('Từ ngày').fill('2026-12-31');
    await page.getByLabel('Đến ngày').fill('2026-01-01');
    await page.getByRole('button', { name: 'Lọc', exact: true }).click();
    // The node's message for dates in the wrong order, under the field its `details` path names.
    await poll(() => page.locator('#filter-dateFrom-error').textContent()).toContain('dateTo');

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('dateFrom'));
    await page.getByRole('link', { name: /số \d{8}/ }).click();
    await page.getByRole('heading', { name: /Hóa đơn 1[CK]\d{2}\w+ số/ }).waitFor();
    await expect(page.getByTestId('invoice-status').textContent()).resolves.toBe('Đã phát hành');
    await poll(() => page.getByText('Nguyễn Văn An').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Kiểm tra chuỗi băm' }).click();
    await poll(() => page.getByText(/Chuỗi băm hợp lệ/).count()).toBe(1);
    await expectAccessible(page, 'invoice detail');
    await page.close();
  });

  it('refuses a replacement without a reason beside the field, then replaces with one', async () => {
    const list = await t.target.node.request('GET', '/invoices?buyerName=bich');
    const original = list.json.data.items[0];
    const page = await signedIn(t.browser, t.target, 'accountant', `/invoices/${original.id}`);
    await page.getByRole('button', { name: 'Lập hóa đơn thay thế' }).click();
    await expectAccessible(page, 'replace form');
    await page.getByRole('button', { name: 'Phát hành hóa đơn thay thế' }).click();
    const reasonError = page.locator('#correction-reason-error');
    await reasonError.waitFor();
    expect(await reasonError.textContent()).not.toBe('');
    expect((await t.target.node.request('GET', `/invoices/${original.id}`)).json.data.status).toBe('issued');

    await page.getByLabel('Số lượng dòng 1').fill('3');
    await page.getByLabel(/Lý do/).fill('Sai số lượng hàng');
    await page.getByRole('button', { name: 'Phát hành hóa đơn thay thế' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(original.id));
    await poll(() => page.getByText('Sai số lượng hàng').count()).toBe(1);
    const after = (await t.target.node.request('GET', `/invoices/${original.id}`)).json.data;
    expect(after.status).toBe('replaced');
    expect(page.url()).toContain(after.replacedBy);
    const replacement = (await t.target.node.request('GET', `/invoices/${after.replacedBy}`)).json.data;
    expect(replacement.items[0].quantity).toBe(3);
    expect(replacement.reason).toBe('Sai số lượng hàng');
    await page.close();
  });

  it('closes the day for a cashier: the aggregate and its breakdown, for any date', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/end-of-day');
    const day = (await t.target.node.request('GET', '/aggregate')).json.data;
    await poll(() => page.getByTestId('eod-count').textContent()).toBe(String(day.invoiceCount));
    await expect(page.getByText('Chuyển khoản').count()).resolves.toBe(1);
    await expectAccessible(page, 'end of day');
    await page.getByRole('textbox', { name: 'Ngày' }).fill('2020-01-02');
    await page.getByRole('button', { name: 'Xem' }).click();
    await page.waitForURL(/date=2020-01-02/);
    await poll(() => page.getByTestId('eod-count').textContent()).toBe('0');
    await page.getByRole('heading', { name: 'Báo cáo cuối ngày 02/01/2020' }).waitFor();
    await page.close();
  });

  it("shows the owner today's revenue, the tax-authority queue and its deadline, and the notifications", async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/');
    const queued = (await t.target.node.request('GET', '/health', { token: null })).json.data.transmissionQueue.queued;
    await poll(() => page.getByTestId('queue-count').textContent()).toBe(String(queued));
    await poll(() => page.getByTestId('day-count').textContent()).toBe('3');
    await poll(() => page.getByRole('region', { name: 'Hóa đơn mới nhất hôm nay' }).getByRole('link').count()).toBe(4);
    await page.getByText('Còn lại trước hạn gửi').waitFor();
    // A node without its seller is in demo mode: the home says so and leads to the going-live checklist.
    await page.getByRole('link', { name: 'Bắt đầu xuất hóa đơn thật' }).waitFor();
    await expectAccessible(page, 'today');
    await page.close();
  });
});
