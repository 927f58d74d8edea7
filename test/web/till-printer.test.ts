import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePrinter, startFakePrinter } from '../support/fake-printer.js';
import { consoleUnderTest, expectAccessible, PRODUCTS, poll, signedIn } from './browser.js';
import { scan } from './till-actions.js';

let printer: FakePrinter;
let silent: FakePrinter;
beforeAll(async () => {
  printer = await startFakePrinter('ready');
  silent = await startFakePrinter('silent');
});
afterAll(async () => {
  await printer.close();
  await silent.close();
});

const t = consoleUnderTest();

describe('the till with a printer of the node', () => {
  it('is set up on the Máy in page, then prints each sale there with no print dialog, a copy on F8', async () => {
    const admin = await signedIn(t.browser, t.target, 'admin', '/settings');
    const panel = admin.getByRole('form', { name: 'Máy in' });
    await panel.getByRole('button', { name: 'Thêm máy in' }).click();
    await panel.getByLabel('Địa chỉ (máy:cổng)').fill(printer.address);
    await panel.getByRole('button', { name: 'Lưu' }).click();
    await panel.getByText('Đã lưu.').waitFor();
    await poll(() => panel.getByRole('button', { name: 'In thử' }).isEnabled()).toBe(true);
    await panel.getByRole('button', { name: 'In thử' }).click();
    await panel.getByText('Đã gửi trang in thử tới Quầy 1.').waitFor();
    expect(new Set((await printer.nextJob()).rasterWidths)).toEqual(new Set([576]));
    await expectAccessible(admin, 'settings with a printer');
    await admin.close();
    const till = await t.target.node.request('PATCH', '/settings/till', { body: { autoPrintReceipt: true } });
    expect(till.status).toBe(200);

    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    // The browser's print dialog, counted instead of opened.
    await page.evaluate(() => {
      (window as unknown as { dialogs: number }).dialogs = 0;
      window.print = () => {
        (window as unknown as { dialogs: number }).dialogs += 1;
      };
    });
    await page.getByLabel('Máy in của quầy này').selectOption('quay-1');
    await scan(page, PRODUCTS[0]?.sku ?? '');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    await page.getByText('Đã in hóa đơn trên Quầy 1.').waitFor({ timeout: 20_000 });
    const sale = await printer.nextJob();
    expect(new Set(sale.rasterWidths)).toEqual(new Set([576]));
    expect(sale.commands.includes(Buffer.from([0x1b, 0x70, 0x00, 25, 250]))).toBe(true);
    await page.keyboard.press('F8');
    const copy = await printer.nextJob();
    expect(copy.commands.includes(Buffer.from([0x1b, 0x70, 0x00, 25, 250]))).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { dialogs: number }).dialogs)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('hoadon.till.printer'))).toBe('quay-1');
    await page.close();
  });

  it('says so when the printer does not answer and offers the browser print instead', async () => {
    const printers = await t.target.node.request('GET', '/settings/printers');
    const put = await t.target.node.request('PUT', '/settings/printers', {
      body: [
        ...printers.json.data,
        { ...printers.json.data[0], id: 'im-lang', name: 'Quầy 2', address: silent.address },
      ],
    });
    expect(put.status, put.body).toBe(200);
    const page = await signedIn(t.browser, t.target, 'cashier', '/till');
    await page.evaluate(() => {
      (window as unknown as { dialogs: number }).dialogs = 0;
      window.print = () => {
        (window as unknown as { dialogs: number }).dialogs += 1;
      };
    });
    await page.getByLabel('Máy in của quầy này').selectOption('im-lang');
    await scan(page, PRODUCTS[0]?.sku ?? '');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    await page.getByText('Máy in Quầy 2 không phản hồi', { exact: false }).waitFor({ timeout: 20_000 });
    expect(silent.jobs).toHaveLength(0);
    await expectAccessible(page, 'till after a failed print');
    await page.getByRole('button', { name: 'In qua trình duyệt' }).click();
    await poll(() => page.evaluate(() => (window as unknown as { dialogs: number }).dialogs)).toBe(1);
    await page.close();
  });
});
