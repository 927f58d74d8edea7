import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleUnderTest, expectAccessible, signedIn } from './browser.js';
import { invoiceCount, scan } from './till-actions.js';

const t = consoleUnderTest(async (target) => {
  // This file's sums are of prices before tax (the till's setting off; test/web/till-touch.test.ts sells at shelf prices).
  await target.node.request('PATCH', '/settings/till', { body: { pricesIncludeVat: false } });
});

const ISSUED = /Đã xuất hóa đơn 1[CK]\d{2}\w+ số \d{8}/;
const IDENTITY = 'Giấy tờ người mua (CCCD, hộ chiếu, mã ĐVQHNS)';

const identityOpen = (page: Page) =>
  page.locator('details').evaluate((details) => (details as HTMLDetailsElement).open);

describe("the buyer's identity papers at the till", () => {
  it('issues with the CCCD the cashier typed, and the invoice page shows it', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    const before = await invoiceCount(t.target);
    await scan(page, 'BM-01');
    expect(await identityOpen(page)).toBe(false);
    await page.getByText(IDENTITY).click();
    await page.getByLabel('Số CCCD').fill(' 001099012345 ');
    await expect(page.getByLabel('Số hộ chiếu').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Mã đơn vị quan hệ ngân sách').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'till with the identity papers open');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    await page.getByText(ISSUED).waitFor({ timeout: 20_000 });
    expect(await invoiceCount(t.target)).toBe(before + 1);

    const list = await t.target.node.request('GET', '/invoices?pageSize=1');
    const invoice = await t.target.node.request('GET', `/invoices/${list.json.data.items[0].id}`);
    // Trimmed, and the empty passport and budget unit code not sent at all.
    expect(invoice.json.data.buyer).toEqual({ name: 'Khách lẻ', cccd: '001099012345' });

    await page.getByRole('link', { name: 'Xem hóa đơn' }).click();
    const cccd = page.locator('dt', { hasText: 'Số CCCD' });
    await cccd.waitFor();
    await expect(cccd.locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe('001099012345');
    expect(await page.getByText('Số hộ chiếu').count()).toBe(0);
    await page.close();
  });

  it("shows the node's refusal of a malformed CCCD at the field and issues nothing", async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    const before = await invoiceCount(t.target);
    await scan(page, 'NUOC-1');
    await page.getByText(IDENTITY).click();
    await page.getByLabel('Số CCCD').fill('12ab');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    // Beside the field and tied to it (the form's alert above carries the node's summary as well).
    const message = page.getByText('CCCD phải gồm đúng 12 chữ số.', { exact: true });
    await message.waitFor();
    const field = page.getByLabel('Số CCCD');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
    expect(await invoiceCount(t.target)).toBe(before);
    await page.getByRole('button', { name: 'Hủy đơn' }).click();
    await page.getByRole('button', { name: 'Đồng ý hủy đơn' }).click();
    await page.close();
  });

  it('keeps the papers in the sale draft, and still restores a draft saved before they existed', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    await page.evaluate(() =>
      localStorage.setItem(
        'hoadon.till.sale',
        JSON.stringify({
          orderId: 'POS-older-draft',
          orderKey: 'older-order-key',
          issueKey: 'older-issue-key',
          ordered: false,
          lines: [{ sku: 'BM-01', name: 'Bánh mì thịt', unit: 'ổ', unitPrice: 20_000, taxRate: 0.08, quantity: 1 }],
          buyer: { name: '', mst: '', address: '' },
          paymentMethod: 'TM',
        }),
      ),
    );
    await page.reload();
    await page.getByText('Đã khôi phục đơn hàng đang bán dở.').waitFor();
    expect(await identityOpen(page)).toBe(false);
    await page.getByText(IDENTITY).click();
    await expect(page.getByLabel('Số hộ chiếu').inputValue()).resolves.toBe('');

    await page.getByLabel('Số hộ chiếu').fill('B1234567');
    await page.reload();
    await page.getByText('Đã khôi phục đơn hàng đang bán dở.').waitFor();
    expect(await identityOpen(page)).toBe(true);
    await expect(page.getByLabel('Số hộ chiếu').inputValue()).resolves.toBe('B1234567');
    await page.getByRole('button', { name: 'Hủy đơn' }).click();
    await page.getByRole('button', { name: 'Đồng ý hủy đơn' }).click();
    await page.close();
  });
});
