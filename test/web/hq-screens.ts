/** Signing in to HQ's console and opening its screens, for the tests that drive it in Chromium. */
import type { Page } from 'playwright-core';
import type { Browser } from './browser.js';

/** `where` is read at each call: the tests set their browser and HQ's address in `beforeAll`. */
export function hqScreens(where: () => { browser: Browser; baseUrl: string }, password: string) {
  return {
    async signIn(username: string, size: { width: number; height: number }): Promise<Page> {
      const { browser, baseUrl } = where();
      const page = await browser.context.newPage();
      await page.setViewportSize(size);
      await page.context().clearCookies();
      await page.goto(`${baseUrl}/`);
      await page.getByLabel('Tên đăng nhập').fill(username);
      await page.getByLabel('Mật khẩu').fill(password);
      await page.getByRole('button', { name: 'Đăng nhập' }).click();
      await page.getByRole('button', { name: 'Đăng xuất' }).waitFor();
      return page;
    },

    /** Opens a screen through the address bar and waits for its heading and for the reads to end. */
    async open(page: Page, path: string, heading: string): Promise<void> {
      await page.goto(`${where().baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForFunction(() => !document.body.textContent?.includes('Đang tải…'));
    },
  };
}
