/**
 * Every screen at every size a shop uses (phone, tablets, PC): no horizontal scroll, touch targets of 44 px,
 * axe-core without a serious violation, and no English word or raw value on the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { invoiceBody } from '../support/test-node.js';
import { consoleUnderTest, signedIn } from './browser.js';
import { SIZES, screenProblems } from './screen-checks.js';

const LONG_NAME =
  'Bánh bông lan trứng muối phô mai chà bông gà cay đặc biệt hộp quà tặng Tết Nguyên Đán loại lớn 12 cái';

const ids: Record<string, string> = {};

const t = consoleUnderTest(async (target) => {
  const post = async (path: string, body: unknown, key: string) => {
    const r = await target.node.request('POST', path, { body, headers: { 'x-idempotency-key': key } });
    expect(r.status, r.body).toBeLessThan(300);
    return r.json.data;
  };
  const first = await post('/invoices', invoiceBody(), 'screens-1');
  await post(
    '/invoices',
    invoiceBody({ items: [{ name: LONG_NAME, unit: 'hộp', quantity: 1, unitPrice: 450_000, taxRate: 0.08 }] }),
    'screens-2',
  );
  const { buyer, items } = invoiceBody();
  const replacement = await post(
    `/invoices/${first.id}/replace`,
    { buyer, items, reason: 'Sai tên người mua' },
    'screens-3',
  );
  ids.replaced = first.id;
  ids.replacement = replacement.id;
  const customers = await target.node.request('GET', '/customers?search=hoa');
  ids.customer = customers.json.data.items[0].id;
});

const SCREENS: [string, () => string, string, string[]?][] = [
  ['today', () => '/', '[data-testid="queue-count"]'],
  ['till', () => '/till', '#product-search'],
  ['invoices', () => '/invoices', 'table'],
  ['replaced invoice', () => `/invoices/${ids.replaced}`, '[data-testid="invoice-total"]'],
  ['replacement', () => `/invoices/${ids.replacement}`, '[data-testid="invoice-total"]'],
  ['receipt', () => `/invoices/${ids.replacement}/receipt`, '.receipt'],
  ['shifts', () => '/shifts', '#opening-float'],
  ['end of day', () => '/end-of-day', '[data-testid="eod-count"]'],
  ['customers', () => '/customers', 'table'],
  ['customer', () => `/customers/${ids.customer}`, 'figure.chart canvas'],
  ['reports', () => '/reports', 'figure.chart canvas'],
  ['catalogue', () => '/catalogue', 'table'],
  ['settings', () => '/settings', '#ky-hieu'],
  ['going live', () => '/settings/going-live', '#step-seller-title'],
  // The user names are in the labels of their role and password fields ("Vai trò của admin").
  ['users', () => '/users', 'table', ['admin']],
];

const problems: string[] = [];

async function checkScreen(page: Page, name: string, size: (typeof SIZES)[number], data: string[] = []) {
  problems.push(...(await screenProblems(page, `${name} at ${size.width}×${size.height}`, data)));
}

describe('every screen at every size', () => {
  it.each(SIZES)('fits $width×$height, with axe and in Vietnamese', async (size) => {
    problems.length = 0;
    const page = await signedIn(t.browser, t.target, 'admin', '/');
    await page.setViewportSize(size);
    for (const [name, path, ready, data] of SCREENS) {
      await page.goto(`${t.target.baseUrl}${path()}`);
      await page.locator(ready).first().waitFor();
      await checkScreen(page, name, size, data);
    }
    if (size.width < 700) {
      // On a phone the navigation is behind the menu button, and usable once opened.
      const nav = page.getByRole('navigation', { name: 'Chức năng' });
      expect(await nav.getByRole('link', { name: 'Hóa đơn' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Chức năng' }).click();
      await checkScreen(page, 'open menu', size, ['admin']);
      await nav.getByRole('link', { name: 'Hóa đơn' }).click();
      await page.locator('table').first().waitFor();
    }
    await page.close();
    const login = await t.browser.context.newPage();
    await login.setViewportSize(size);
    await login.goto(`${t.target.baseUrl}/login`);
    await checkScreen(login, 'sign-in', size);
    await login.close();
    expect(problems).toEqual([]);
  });

  it('names a replacement and the invoice it replaces by symbol and number, not by id', async () => {
    const page = await signedIn(t.browser, t.target, 'accountant', `/invoices/${ids.replacement}`);
    await page.locator('[data-testid="invoice-total"]').waitFor();
    const link = page.getByRole('link', { name: /^[CK]\d{2}\w{3} số \d+$/ });
    await link.waitFor();
    expect(await page.getByText(ids.replaced ?? '').count()).toBe(0);
    // Neither replaceable nor adjustable again from the replaced invoice.
    await link.click();
    await page.getByTestId('invoice-status').getByText('Đã bị thay thế').waitFor();
    expect(await page.getByRole('button', { name: 'Lập hóa đơn thay thế' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Lập hóa đơn điều chỉnh' }).count()).toBe(0);
    await page.close();
  });
});
