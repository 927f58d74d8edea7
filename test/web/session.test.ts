import { describe, expect, it } from 'vitest';
import { consoleUnderTest, expectAccessible, signedIn } from './browser.js';

const t = consoleUnderTest();

describe('console sign-in and roles', () => {
  it('shows the sign-in at /, refuses a wrong password beside the form, then lands on the page asked for', async () => {
    const page = await t.browser.context.newPage();
    await page.goto(`${t.target.baseUrl}/invoices?status=issued`);
    await page.waitForURL(/\/login\?next=/);
    await expectAccessible(page, 'sign-in');
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu').fill('wrong password');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/mật khẩu/i);
    await page.getByLabel('Mật khẩu').fill('test-admin-password');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.waitForURL(`${t.target.baseUrl}/invoices?status=issued`);
    const nav = await page.getByRole('navigation', { name: 'Chức năng' }).textContent();
    expect(nav).toContain('Cài đặt');
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('hoadon.session') ?? '{}').token as string,
    );
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL(/\/login$/);
    // Signing out ends the token on the node, not only in the tab.
    expect((await t.target.node.request('GET', '/auth/me', { token })).status).toBe(401);
    await page.close();
  });

  it('offers a cashier the till, invoices, shifts and end of day only, and refuses the settings screen and its API', async () => {
    const page = await signedIn(t.browser, t.target, 'cashier');
    await page.waitForURL(/\/till$/);
    const links = await page.getByRole('navigation', { name: 'Chức năng' }).getByRole('link').allTextContents();
    expect(links).toEqual(['Bán hàng', 'Hóa đơn', 'Ca thu ngân', 'Chốt ca cuối ngày']);
    await page.goto(`${t.target.baseUrl}/settings`);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('không được dùng chức năng này');
    const status = await page.evaluate(async () => {
      const session = JSON.parse(sessionStorage.getItem('hoadon.session') ?? '{}') as { token: string };
      const answer = await fetch('/api/v1/config', {
        method: 'PATCH',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ storeName: 'Cửa hàng của thu ngân' }),
      });
      return answer.status;
    });
    expect(status).toBe(403);
    await page.close();
  });

  it('sends an expired session to sign in again and back to the same page', async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/invoices');
    await page.waitForURL(/\/invoices$/);
    // A token the node no longer accepts, as after its expiry. Spoiled as the next page loads, before the
    // console runs: spoiled earlier, a poll of the open page could end the session before the navigation.
    await page.addInitScript(() => {
      const session = JSON.parse(sessionStorage.getItem('hoadon.session') ?? '{}') as { token: string };
      sessionStorage.setItem('hoadon.session', JSON.stringify({ ...session, token: `${session.token}x` }));
    });
    await page.goto(`${t.target.baseUrl}/end-of-day`);
    await page.waitForURL(/\/login\?expired=1&next=%2Fend-of-day/);
    await expect(page.getByRole('status').textContent()).resolves.toContain('hết hạn');
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu').fill('test-admin-password');
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.waitForURL(`${t.target.baseUrl}/end-of-day`);
    await page.close();
  });
});
