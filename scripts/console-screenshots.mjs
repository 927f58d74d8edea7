// Screenshots of every console screen at the sizes a shop uses (a 390×844 phone, 768×1024 and 1024×768
// tablets, a 1366×768 PC), into docs/console/ (shown in docs/console.md), of a built node with a dozen
// invoices. Usage: node scripts/console-screenshots.mjs [screen names…] (all screens when none is named)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PASSWORD, api, launchChromium, startBuiltNode } from './console-node.mjs';

const OUT = 'docs/console';
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

const LINES = [
  { name: 'Cà phê sữa đá', sku: '8934563138165', unit: 'ly', quantity: 2, unitPrice: 25_000, taxRate: 0.08 },
  { name: 'Bánh mì thịt', sku: 'BM-01', unit: 'ổ', quantity: 1, unitPrice: 20_000, taxRate: 0.08 },
  { name: 'Nước suối Lavie', sku: 'NUOC-1', unit: 'chai', quantity: 3, unitPrice: 10_000, taxRate: 0.1 },
];
const BUYERS = [
  { name: 'Công ty TNHH Hòa Bình', mst: '0100109106', address: '12 Lý Thường Kiệt, Hà Nội' },
  { name: 'Nguyễn Văn An' },
  { name: 'Khách lẻ' },
  { name: 'Trần Thị Bích' },
];

async function seed(base, token) {
  // An open shift: its screen shows the day's cash and the close form.
  await api(base, token, 'POST', '/shifts', { openingFloat: 500_000 });
  for (let i = 0; i < 12; i += 1) {
    await api(base, token, 'POST', '/invoices', {
      buyer: BUYERS[i % BUYERS.length],
      items: LINES.slice(0, 1 + (i % LINES.length)),
      paymentMethod: ['TM', 'CK', 'THE'][i % 3],
      channel: i % 4 === 0 ? 'web' : 'pos',
    });
  }
  await api(base, token, 'PATCH', '/config', { storeName: 'Cửa hàng Hòa Bình – Chi nhánh 1' });
  await api(base, token, 'PATCH', '/settings/till', {
    bankAccount: { bin: '970436', accountNumber: '0071000123456', accountName: 'CUA HANG HOA BINH' },
    freeLineRoles: ['admin', 'cashier'],
  });
  const list = await api(base, token, 'GET', '/invoices?pageSize=1');
  return list.items[0].id;
}

const node = await startBuiltNode();
const url = node.url;
const browser = await launchChromium();
const context = browser.context;
try {
  const admin = (await api(url, null, 'POST', '/auth/login', { username: 'admin', password: ADMIN_PASSWORD }))
    .accessToken;
  const invoiceId = await seed(url, admin);
  const customers = await api(url, admin, 'GET', '/customers?search=hoa');
  const screens = [
    ['sign-in', '/login', 'button'],
    ['today', '/', '[data-testid="queue-count"]'],
    ['till', '/till', '#product-search'],
    ['invoices', '/invoices', 'table'],
    ['invoice', `/invoices/${invoiceId}`, '[data-testid="invoice-total"]'],
    ['end-of-day', '/end-of-day', '[data-testid="eod-count"]'],
    ['customers', '/customers', 'table'],
    ['customer', `/customers/${customers.items[0].id}`, 'figure.chart canvas'],
    ['reports', '/reports', 'figure.chart canvas'],
    ['catalogue', '/catalogue', 'table'],
    ['settings', '/settings', '#ky-hieu'],
    ['users', '/users', 'table'],
    ['shifts', '/shifts', '[data-testid="shift-expected"]'],
    ['going-live', '/settings/going-live', '#step-seller-title'],
  ];
  const only = process.argv.slice(2);
  const wanted = ([name]) => only.length === 0 || only.includes(name);
  mkdirSync(OUT, { recursive: true });
  for (const viewport of VIEWPORTS) {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${url}/login`);
    if (wanted(['sign-in'])) await page.screenshot({ path: join(OUT, `sign-in-${viewport.width}.png`) });
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.locator('#main').waitFor();
    for (const [name, path, ready] of screens.slice(1).filter(wanted)) {
      await page.goto(`${url}${path}`);
      await page.locator(ready).first().waitFor();
      if (name === 'till') {
        await page.evaluate(() => localStorage.clear());
        await page.reload();
        await page.locator('#product-search').waitFor();
        for (const sku of ['8934563138165', '8934563138165', 'BM-01']) {
          await page.locator('#product-search').fill(sku);
          await page.locator('#product-search').press('Enter');
          await page.waitForFunction(() => document.querySelector('#product-search')?.value === '');
        }
        await page.getByLabel('Khách đưa').fill('100.000');
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `${name}-${viewport.width}.png`) });
    }
    if (only.length > 0) {
      await page.close();
      continue;
    }
    // The till paid by transfer: its VietQR.
    await page.goto(`${url}/till`);
    await page.getByLabel('Hình thức thanh toán').selectOption('CK');
    await page.locator('[data-testid="vietqr"]').waitFor();
    await page.locator('[data-testid="vietqr"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUT, `till-vietqr-${viewport.width}.png`) });
    await page.getByLabel('Hình thức thanh toán').selectOption('TM');
    await page.goto(`${url}/invoices/${invoiceId}/receipt`);
    await page.locator('.receipt').waitFor();
    await page.screenshot({ path: join(OUT, `receipt-${viewport.width}.png`) });
    await page.close();
  }
  console.log(`${OUT}: ${(screens.length + 2) * VIEWPORTS.length} screenshots`);
} finally {
  await browser.close();
  await node.stop();
}
