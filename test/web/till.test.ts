import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleUnderTest, expectAccessible, PRODUCTS, poll, signedIn } from './browser.js';
import { invoiceCount, scan } from './till-actions.js';

const t = consoleUnderTest(async (target) => {
  // This file's sums are of prices before tax (the till's setting off; test/web/till-touch.test.ts sells at shelf prices).
  await target.node.request('PATCH', '/settings/till', { body: { pricesIncludeVat: false } });
});

const ISSUED = /Đã xuất hóa đơn 1[CK]\d{2}\w+ số (\d{8})/;

async function issuedNumber(page: Page): Promise<string> {
  const status = page.getByText(ISSUED);
  await status.waitFor({ timeout: 20_000 });
  return ISSUED.exec((await status.textContent()) ?? '')?.[1] ?? '';
}

describe('the till', () => {
  it('sells by barcode and by name, issues, and prints the 80 mm receipt', async () => {
    const before = await invoiceCount(t.target);
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    await scan(page, PRODUCTS[0]?.sku ?? '');
    await scan(page, PRODUCTS[0]?.sku ?? '');
    await scan(page, 'banh mi');
    await expect(page.getByLabel('Số lượng Cà phê sữa đá').inputValue()).resolves.toBe('2');
    // 2 × 25.000 + 20.000 = 70.000, VAT 8 % = 5.600
    await expect(page.getByTestId('sale-total').textContent()).resolves.toMatch(/^75\.600\s₫$/);
    await page.getByLabel('Mã số thuế').fill('0100109105');
    await poll(() => page.getByText('Mã số thuế sai chữ số kiểm tra.').count()).toBe(1);
    await page.getByLabel('Mã số thuế').fill('0100109106');
    await page.getByText('Mã số thuế hợp lệ.').waitFor();
    await page.getByLabel('Tên người mua / đơn vị').fill('Công ty TNHH Hòa Bình');
    await page.getByRole('button', { name: 'Chuyển khoản', exact: true }).click();
    await expectAccessible(page, 'till with a sale');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const number = await issuedNumber(page);
    expect(await invoiceCount(t.target)).toBe(before + 1);

    // The receipt goes to the browser's print dialog from the till's page: no tab opens.
    let tabs = 0;
    page.context().on('page', () => {
      tabs += 1;
    });
    await page.getByRole('button', { name: 'In hóa đơn 80 mm' }).click();
    await poll(() => page.locator('#receipt-sheet').textContent()).toContain(number);
    expect(tabs).toBe(0);

    const list = await t.target.node.request('GET', '/invoices?pageSize=1');
    const invoice = list.json.data.items[0];
    expect(invoice.number).toBe(Number(number));
    expect(invoice.paymentMethod).toBe('CK');
    expect(invoice.buyer).toEqual({ name: 'Công ty TNHH Hòa Bình', mst: '0100109106' });
    expect(invoice.totals).toEqual({ subtotal: 70_000, taxAmount: 5_600, total: 75_600 });
    await page.close();
  });

  it('issues one invoice for a double click and for a retry after the answer was lost', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    const before = await invoiceCount(t.target);
    await scan(page, 'NUOC-1');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).dblclick();
    await issuedNumber(page);
    expect(await invoiceCount(t.target)).toBe(before + 1);

    // The node issues, but the answer never reaches the browser: the till retries with the same key.
    let dropped = 0;
    await page.route('**/api/v1/invoices/one-click', async (route) => {
      if (dropped > 0) return route.continue();
      dropped += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await scan(page, 'NUOC-1');
    expect(await page.getByText(ISSUED).count()).toBe(0);
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    await page.getByText(/Đã xuất hóa đơn .* số \d{8}/).waitFor({ timeout: 20_000 });
    expect(dropped).toBe(1);
    expect(await invoiceCount(t.target)).toBe(before + 2);
    await page.close();
  });

  it('keeps a sale through a reload and a node restart, and issues it once', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    const before = await invoiceCount(t.target);
    await scan(page, 'BM-01');
    await scan(page, 'BM-01');
    await page.reload();
    await page.getByText('Đã khôi phục đơn hàng đang bán dở.').waitFor();
    await expect(page.getByLabel('Số lượng Bánh mì thịt').inputValue()).resolves.toBe('2');
    await t.target.restart(async () => {
      await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
      await page.getByText(/Đang kết nối lại/).waitFor();
    });
    await issuedNumber(page);
    // The banner goes once the node's health answers again, asked as soon as the sale reached it.
    await page.getByText(/Đang kết nối lại/).waitFor({ state: 'hidden', timeout: 5_000 });
    expect(await invoiceCount(t.target)).toBe(before + 1);
    await page.close();
  });

  it('sells from the keyboard alone (Tab to the button, or F9)', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    const before = await invoiceCount(t.target);
    // The search field has the focus when the till opens.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product-search');
    await page.keyboard.type('NUOC-1');
    await page.keyboard.press('Enter');
    await poll(() => page.getByLabel('Số lượng Nước suối').count()).toBe(1);
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === 'Xuất hóa đơn') break;
    }
    await page.keyboard.press('Enter');
    await issuedNumber(page);
    expect(await invoiceCount(t.target)).toBe(before + 1);
    await expectAccessible(page, 'till after a sale');

    // The next sale: the search field has the focus again; scan, and F9 issues.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('product-search');
    await page.keyboard.type('BM-01');
    await page.keyboard.press('Enter');
    await poll(() => page.getByLabel('Số lượng Bánh mì thịt').count()).toBe(1);
    await page.keyboard.press('F9');
    await poll(() => invoiceCount(t.target)).toBe(before + 2);
    await issuedNumber(page);
    await page.close();
  });
});
