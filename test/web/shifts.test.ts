/**
 * A cashier's shift in the console: opened with a float, sales at the till, closed with a count by banknote
 * that differs from the expected cash (the note asked for), the slip printed; an admin sees the day's shifts.
 */
import { describe, expect, it } from 'vitest';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

const t = consoleUnderTest();

// The console's money: vi-VN, with the one-character minus sign.
const money = (amount: number) =>
  new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(amount).replace('-', '\u2212');

describe('a shift in the console', () => {
  it('opens with a float, counts the drawer at the close, asks why it differs, and prints the slip', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier', '/shifts');
    await page.getByLabel('Tiền đầu ca (₫)').fill('500000');
    await page.getByRole('button', { name: 'Mở ca' }).click();
    await page.getByText('Đã mở ca.').waitFor();
    await expectAccessible(page, 'open shift');

    // Two sales in cash at the till.
    await page.getByRole('link', { name: 'Bán hàng', exact: true }).click();
    const search = page.getByLabel(/Tìm sản phẩm/);
    for (const sku of ['BM-01', 'NUOC-1']) {
      await search.fill(sku);
      await search.press('Enter');
      await poll(() => search.inputValue()).toBe('');
      await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
      await page
        .getByText(/Đã xuất hóa đơn/)
        .first()
        .waitFor();
    }
    const cashier = await t.target.node.login('test-cashier', 'test-cashier-password');
    const current = (await t.target.node.request('GET', '/shifts/current', { token: cashier })).json.data;
    expect(current.cashSales).toBeGreaterThan(0);
    const expected = 500_000 + current.cashSales;

    await page.getByRole('link', { name: 'Ca thu ngân' }).click();
    await poll(() => page.getByTestId('shift-expected').textContent()).toBe(money(expected));
    // 500.000 + 20.000 + 10.000 + 5.000: short of the expected by what the sales took beyond 35.000.
    await page.getByLabel('Số tờ 500.000 ₫').fill('1');
    await page.getByLabel('Số tờ 20.000 ₫').fill('1');
    await page.getByLabel('Số tờ 10.000 ₫').fill('1');
    await page.getByLabel('Số tờ 5.000 ₫').fill('1');
    const counted = 535_000;
    await poll(() => page.getByTestId('close-difference').textContent()).toBe(money(counted - expected));
    await page.getByRole('button', { name: 'Kết ca' }).click();
    await poll(() => page.locator('#shift-note-error').textContent()).toContain('ghi chú');
    await page.getByLabel('Ghi chú').fill('Thiếu tiền lẻ, đã báo quản lý');
    await page.getByRole('button', { name: 'Kết ca' }).click();
    await page.getByText('Đã kết ca.').waitFor();
    const slip = page.locator('.shift-slip');
    await poll(() => slip.getByTestId('shift-counted').textContent()).toBe(money(counted));
    expect(await slip.getByTestId('shift-difference').textContent()).toBe(money(counted - expected));
    expect(await slip.getByText('Thiếu tiền lẻ, đã báo quản lý').count()).toBe(1);
    await expectAccessible(page, 'closed shift');
    // Printing shows the slip alone.
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.body.classList.add('printing-shift'));
    expect(await page.locator('#shift-day-title').isVisible()).toBe(false);
    expect(await slip.isVisible()).toBe(true);
    await page.evaluate(() => document.body.classList.remove('printing-shift'));
    await page.emulateMedia({ media: 'screen' });
    // A new shift can be opened once this one is closed.
    await page.reload();
    await page.getByLabel('Tiền đầu ca (₫)').waitFor();
    await page.close();

    const admin = await signedIn(t.browser, t.target, 'admin', '/shifts');
    await poll(() => admin.getByTestId('day-counted').textContent()).toBe(money(counted));
    expect(await admin.getByTestId('day-difference').textContent()).toBe(money(counted - expected));
    expect(await admin.getByRole('cell', { name: 'test-cashier', exact: true }).count()).toBe(1);

    // The date is written and typed dd/mm/yyyy whatever the browser's language.
    const day = admin.getByLabel('Ngày', { exact: true });
    expect(await day.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await day.fill('31/02/2026');
    await poll(() => day.getAttribute('aria-invalid')).toBe('true');
    expect(await admin.locator('#shift-date-format').textContent()).toBe(
      'Ngày chưa đúng: nhập theo dạng ngày/tháng/năm, ví dụ 28/11/2026.',
    );
    await day.fill('1/2/2026');
    await poll(() => day.getAttribute('aria-invalid')).toBeNull();
    await admin.getByRole('button', { name: 'Xem', exact: true }).click();
    await admin.waitForURL(/date=2026-02-01/);
    await admin.getByText('Chưa có ca nào trong ngày này.').waitFor();
    await poll(() => day.inputValue()).toBe('01/02/2026');
    await expectAccessible(admin, 'shifts of another day');
    await admin.close();
  });
});
