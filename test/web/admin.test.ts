import { describe, expect, it } from 'vitest';
import { goLive } from '../support/live-seller.js';
import { invoiceBody } from '../support/test-node.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

// A live node: its sales carry the symbol set in the settings (a demo node's take the demo series).
const t = consoleUnderTest(async (target) => {
  // This file's sums are of prices before tax (the till's setting off; test/web/till-touch.test.ts sells at shelf prices).
  await target.node.request('PATCH', '/settings/till', { body: { pricesIncludeVat: false } });
  await goLive(target.node);
  const r = await target.node.request('POST', '/invoices', {
    body: invoiceBody(),
    headers: { 'x-idempotency-key': 'admin-seed' },
  });
  expect(r.status, r.body).toBe(201);
});

describe('settings, users, customers and reports in the console', () => {
  it('changes the invoice symbol in settings, and the next sale at the till carries it', async () => {
    const before = (await t.target.node.request('GET', '/settings/templates')).json.data.kyHieu as string;
    const symbol = `${before.slice(0, 4)}ZZ`;
    const page = await signedIn(t.browser, t.target, 'admin', '/settings');
    const field = page.getByLabel('Ký hiệu', { exact: true });
    await poll(() => field.inputValue()).toBe(before);
    await expectAccessible(page, 'settings');
    await field.fill('X');
    await page.locator('#templates-title').locator('..').getByRole('button', { name: 'Lưu' }).click();
    await poll(() => page.locator('#ky-hieu-error').textContent()).toContain('kyHieu');
    await field.fill(symbol);
    await page.locator('#templates-title').locator('..').getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Đã lưu.').waitFor();

    await page.getByRole('link', { name: 'Bán hàng' }).click();
    const search = page.getByLabel(/Tìm sản phẩm/);
    await search.fill('NUOC-1');
    await search.press('Enter');
    await poll(() => search.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    await page.getByText(new RegExp(`Đã xuất hóa đơn 1${symbol} số \\d{8}`)).waitFor();
    await page.close();
  });

  it('adds a product on the catalogue screen, refusing an empty name by field, and the till sells it', async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/catalogue');
    await page.getByRole('button', { name: 'Thêm hàng hóa' }).click();
    const form = page.getByRole('form', { name: 'Hàng hóa mới' });
    await form.getByLabel('Mã SKU').fill('TRA-DAO');
    // This shop prices before VAT (above): the form says so.
    await form.getByLabel('Đơn giá (chưa gồm thuế GTGT, đồng)').fill('35.000');
    await form.getByRole('button', { name: 'Lưu hàng hóa' }).click();
    await poll(() => page.locator('#product-name-error').count()).toBe(1);
    await form.getByLabel('Tên hàng', { exact: true }).fill('Trà đào cam sả');
    await form.getByRole('button', { name: 'Lưu hàng hóa' }).click();
    await page.getByText('Đã lưu hàng hóa TRA-DAO.').waitFor();

    await page.getByRole('link', { name: 'Bán hàng' }).click();
    const search = page.getByLabel(/Tìm sản phẩm/);
    await search.fill('TRA-DAO');
    await search.press('Enter');
    await poll(() => page.getByLabel('Số lượng Trà đào cam sả').count()).toBe(1);
    await page.getByRole('button', { name: 'Hủy đơn' }).click();
    await page.getByRole('button', { name: 'Đồng ý hủy đơn' }).click();
    await page.close();
  });

  it('adds a cashier who can then sign in, and disables them', async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/users');
    await expectAccessible(page, 'users');
    await page.getByLabel('Tên đăng nhập').fill('thu-ngan-moi');
    await page.getByLabel(/Mật khẩu \(ít nhất/).fill('ngan');
    await page.getByRole('button', { name: 'Thêm', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'ít nhất 8 ký tự' }).waitFor();
    await page.getByLabel(/Mật khẩu \(ít nhất/).fill('mat-khau-moi-1');
    await page.getByRole('button', { name: 'Thêm', exact: true }).click();
    await page.getByRole('cell', { name: 'thu-ngan-moi' }).waitFor();
    await t.target.node.login('thu-ngan-moi', 'mat-khau-moi-1');
    await page
      .getByRole('row', { name: /thu-ngan-moi/ })
      .getByRole('button', { name: 'Khóa' })
      .click();
    await page
      .getByRole('row', { name: /thu-ngan-moi/ })
      .getByText('Đã khóa')
      .waitFor();
    const refused = await t.target.node.request('POST', '/auth/login', {
      body: { username: 'thu-ngan-moi', password: 'mat-khau-moi-1' },
      token: null,
    });
    expect(refused.status).toBe(401);
    await page.close();
  });

  it('shows customers, a customer with the monthly revenue chart, and the reports with their charts', async () => {
    const page = await signedIn(t.browser, t.target, 'accountant', '/customers');
    await page.getByRole('link', { name: 'Công ty TNHH Hòa Bình' }).click();
    await page.getByRole('heading', { name: 'Doanh thu theo tháng' }).waitFor();
    await page.locator('figure.chart canvas').first().waitFor();
    await expectAccessible(page, 'customer');
    await page.goBack();
    await page.getByRole('link', { name: 'Công ty TNHH Hòa Bình' }).waitFor();
    await expectAccessible(page, 'customers');

    await page.getByRole('link', { name: 'Báo cáo' }).click();
    await page.getByRole('heading', { name: 'Mặt hàng bán chạy' }).waitFor();
    await poll(() => page.locator('figure.chart canvas').count()).toBe(3);
    await expectAccessible(page, 'reports');
    await page.close();
  });
});
