/**
 * The till for touch, at shelf prices (VAT included, the store's default): a sale made by tapping tiles at
 * 390 and 768 px whose invoice, and its XML, total exactly the shelf prices; the change on screen until the
 * next sale; a transfer paid with the whole VietQR (bank name, amount, reference) in view and "Đã nhận tiền";
 * the receipt with the lookup code, its link and the amount in words (printed page and PDF); "Hủy đơn" asking
 * first; a sale parked with "Lưu tạm" and taken up again. Each screen is axe-clean and Vietnamese only.
 * HOADON_SCREENSHOTS=<dir> saves the screens (docs/console/).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../src/domain/vn-number-words.js';
import { consoleUnderTest, poll, signedIn } from './browser.js';
import { screenProblems } from './screen-checks.js';

const BANK = { bin: '970436', accountNumber: '0071000123456', accountName: 'CUA HANG HOA BINH' };
const PORTAL = 'https://tracuu.hoabinh.vn';

const t = consoleUnderTest(async (target) => {
  target.node.node.services.products.upsertFromHeadquarters({
    sku: 'BANH-FLAN',
    name: 'Bánh flan',
    unit: 'cái',
    unitPrice: 29_000,
    taxRate: 0.08,
  });
  await target.node.request('PATCH', '/settings/till', { body: { bankAccount: BANK } });
  await target.node.request('PATCH', '/config', {
    body: { storeName: 'Cà phê Hòa Bình', seller: { phone: '0901234567' }, lookupUrl: PORTAL },
  });
});

async function shot(page: Page, name: string) {
  const dir = process.env.HOADON_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) });
}

async function till(size: { width: number; height: number }) {
  const page = await signedIn(t.browser, t.target, 'cashier', '/till');
  await page.setViewportSize(size);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByRole('button', { name: /^Thêm Bánh flan/ }).waitFor();
  return page;
}

const tap = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Thêm ${name},`) }).click();

const ISSUED = /Đã xuất hóa đơn 1[CK]\d{2}\w+ số (\d{8})/;

async function issuedInvoice(page: Page) {
  const status = page.getByText(ISSUED);
  await status.waitFor({ timeout: 20_000 });
  const number = Number(ISSUED.exec((await status.textContent()) ?? '')?.[1]);
  const list = await t.target.node.request('GET', '/invoices?pageSize=1');
  const invoice = list.json.data.items[0];
  expect(invoice.number).toBe(number);
  return (await t.target.node.request('GET', `/invoices/${invoice.id}`)).json.data;
}

const xmlText = (xml: string, tag: string) =>
  new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName(tag)[0]?.textContent;

describe('the till at shelf prices, by touch', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
  ]) {
    it(`sells by tapping tiles at ${size.width} px: the invoice totals the shelf prices`, async () => {
      const page = await till(size);
      await tap(page, 'Cà phê sữa đá');
      await tap(page, 'Cà phê sữa đá');
      await tap(page, 'Bánh flan');
      await tap(page, 'Nước suối');
      await page.getByRole('button', { name: 'Thêm một Nước suối' }).click();
      await page.getByRole('button', { name: 'Bớt một Nước suối' }).click();
      await page.getByRole('button', { name: 'Bớt một Nước suối' }).click();
      await poll(() => page.getByLabel('Số lượng Cà phê sữa đá').inputValue()).toBe('2');
      await poll(() => page.getByLabel('Số lượng Nước suối').count()).toBe(0);
      // 2 × 25.000 + 29.000, VAT included: what the shelf says.
      await poll(() => page.getByTestId('sale-total').textContent()).toMatch(/^79\.000\s₫$/);
      const totals = (await page.getByTestId('sale-totals').textContent()) ?? '';
      expect(totals.replace(/\s+/g, ' ')).toMatch(
        /Tổng tiền hàng ?73\.148 ₫ ?Chiết khấu ?0 ₫ ?Tiền thuế ?5\.852 ₫ ?Tổng thanh toán ?79\.000 ₫/,
      );
      // A tile shows the initials of the name where a picture would be.
      expect(
        await page
          .getByRole('button', { name: /^Thêm Bánh flan,/ })
          .locator('.tile-initials')
          .textContent(),
      ).toBe('BF');
      await page.getByLabel('Email nhận hóa đơn').fill('khach@example.com');
      await page.getByLabel('Số điện thoại nhận hóa đơn').fill('0912345678');
      await page.getByLabel('Khách đưa').fill('100.000');
      await poll(() => page.getByTestId('change').textContent()).toMatch(/^21\.000\s₫$/);
      expect(await screenProblems(page, `till-touch-${size.width}`, ['khach@example.com', '0912345678'])).toEqual([]);
      await shot(page, `till-touch-${size.width}`);
      await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
      const invoice = await issuedInvoice(page);
      expect(invoice.totals).toMatchObject({ subtotal: 73_148, taxAmount: 5_852, total: 79_000 });
      expect(invoice.items.map((i: { shelfPrice: number }) => i.shelfPrice)).toEqual([25_000, 29_000]);
      expect(invoice.buyer).toMatchObject({ email: 'khach@example.com', phone: '0912345678' });
      const xml = (await t.target.node.request('GET', `/invoices/${invoice.id}/xml`)).body;
      expect(xmlText(xml, 'TgTTTBSo')).toBe('79000');
      expect(xmlText(xml, 'TgTThue')).toBe('5852');
      // The change stays on screen until the next sale.
      await poll(() => page.getByTestId('issued-change').textContent()).toMatch(/Tiền thừa 21\.000\s₫/);
      await page.close();
    });
  }

  it('pays by transfer with the whole VietQR in view at 390 and 768 px, then "Đã nhận tiền"', async () => {
    for (const size of [
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
    ]) {
      const page = await till(size);
      await tap(page, 'Bánh flan');
      await page.getByRole('button', { name: 'Chuyển khoản', exact: true }).click();
      const qr = page.getByTestId('vietqr');
      // The cashier scrolls to it: the QR, the bank, the amount and the reference fit in one screen.
      await qr.evaluate((figure) => figure.scrollIntoView({ block: 'start' }));
      await expect(page.getByTestId('vietqr-bank').textContent()).resolves.toContain('Vietcombank');
      await expect(page.getByTestId('vietqr-amount').textContent()).resolves.toMatch(/^29\.000\s₫$/);
      // The reference the transfer carries, shown as the QR holds it (EMVCo 62/08).
      const content = (await qr.locator('code').textContent()) ?? '';
      expect(content).toMatch(/^tt [0-9a-z]{1,10}$/);
      expect(await qr.getAttribute('data-payload')).toContain(content);
      const box = await qr.boundingBox();
      const bar = await page.locator('.issue-bar').boundingBox();
      expect(box && bar).toBeTruthy();
      if (!box || !bar) return;
      // Whole: inside the viewport, and above the issue bar that stays at the bottom.
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(Math.min(size.height, bar.y) + 0.5);
      expect(await screenProblems(page, `till-touch-vietqr-${size.width}`)).toEqual([]);
      await shot(page, `till-touch-vietqr-${size.width}`);
      await page.getByRole('button', { name: 'Đã nhận tiền' }).click();
      const invoice = await issuedInvoice(page);
      expect(invoice).toMatchObject({ paymentMethod: 'CK', totals: { total: 29_000 } });
      await page.close();
    }
  });

  it('prints a receipt with the lookup code, its link and the amount in words, on the page and in the PDF', async () => {
    const page = await till({ width: 390, height: 844 });
    await tap(page, 'Cà phê sữa đá');
    await page.getByLabel('Khách đưa').fill('50.000');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const invoice = await issuedInvoice(page);
    await page.evaluate(() => {
      window.print = () => {};
    });
    await page.getByRole('button', { name: /In hóa đơn 80 mm/ }).click();
    const link = `${PORTAL}/tra-cuu/${invoice.lookupCode}`;
    const sheet = page.locator('#receipt-sheet');
    await poll(() => sheet.textContent()).toContain(`Mã tra cứu: ${invoice.lookupCode}`);
    const printed = (await sheet.textContent()) ?? '';
    for (const fact of [
      `Tra cứu hóa đơn tại: ${link}`,
      `Bằng chữ: ${amountInWords(25_000)}`,
      'Khởi tạo từ máy tính tiền',
      'Thu ngân: test-cashier',
      'Điện thoại: 0901234567',
      'Tiền khách đưa50.000',
      'Tiền thừa25.000',
    ]) {
      expect(printed).toContain(fact);
    }
    await page.close();

    const pdf = await t.target.node.app.inject({
      method: 'GET',
      url: `/api/v1/invoices/${invoice.id}/pdf?format=receipt&cashGiven=50000`,
      headers: { authorization: `Bearer ${t.target.node.token}` },
    });
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toContain(`Mã tra cứu: ${invoice.lookupCode}`);
    // In the order drawn (-raw): pdftotext's reading order drops a hyphen that ends a line ("tra-" / "cuu"),
    // which the link may wrap at, as the paper shows it.
    const drawn = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf.rawPayload });
    expect(drawn.toString('utf8').replace(/\s+/g, '')).toContain(`Tracứuhóađơntại:${link}`);
    expect(text.replace(/\s+/g, ' ')).toContain(`Bằng chữ: ${amountInWords(25_000)}`);
  });

  it('asks before "Hủy đơn" clears a cart, and parks a sale with "Lưu tạm"', async () => {
    const page = await till({ width: 390, height: 844 });
    await tap(page, 'Bánh flan');
    await page.getByRole('button', { name: 'Hủy đơn', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await screenProblems(page, 'till-touch-cancel-390')).toEqual([]);
    await page.getByRole('button', { name: 'Không hủy' }).click();
    await poll(() => page.getByLabel('Số lượng Bánh flan').count()).toBe(1);

    await page.getByRole('button', { name: 'Lưu tạm' }).click();
    await poll(() => page.getByLabel('Số lượng Bánh flan').count()).toBe(0);
    await tap(page, 'Nước suối');
    await page.getByRole('button', { name: /^Tiếp tục đơn 1 \(29\.000\s₫\)$/ }).click();
    await poll(() => page.getByLabel('Số lượng Bánh flan').count()).toBe(1);
    // The sale taken up again put the other one aside.
    await page.getByRole('button', { name: /^Tiếp tục đơn 1 \(10\.000\s₫\)$/ }).waitFor();
    await shot(page, 'till-touch-parked-390');

    await page.getByRole('button', { name: 'Hủy đơn', exact: true }).click();
    await page.getByRole('button', { name: 'Đồng ý hủy đơn' }).click();
    await poll(() => page.getByLabel('Số lượng Bánh flan').count()).toBe(0);
    await page.close();
  });

  it('tells an MST the register does not know in neutral words, and the sale goes on', async () => {
    const page = await till({ width: 390, height: 844 });
    await tap(page, 'Nước suối');
    // A valid tax code (its check digit holds) that neither this node nor an upstream knows.
    await page.getByLabel('Mã số thuế', { exact: true }).fill('0100109106');
    await page.getByRole('button', { name: 'Tra cứu MST' }).click();
    const told = page.getByText('Chưa tìm thấy tên doanh nghiệp, hãy nhập tay', { exact: true });
    await told.waitFor();
    // Neutral: the hint's colours, the field not marked wrong.
    expect(await told.getAttribute('class')).toBe('muted');
    expect(await page.getByLabel('Mã số thuế', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Tên người mua').fill('Công ty TNHH Hòa Bình');
    await page.getByLabel('Khách đưa').fill('10.000');
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const invoice = await issuedInvoice(page);
    expect(invoice.buyer).toMatchObject({ name: 'Công ty TNHH Hòa Bình', mst: '0100109106' });
    await page.close();
  });

  it("asks for a cash total rounded to the shop's step and prints the rounding, the invoice keeping its total", async () => {
    t.target.node.node.services.products.upsertFromHeadquarters({
      sku: 'KEO-GUNG',
      name: 'Kẹo gừng',
      unit: 'gói',
      unitPrice: 12_300,
      taxRate: 0.1,
    });
    expect((await t.target.node.request('PATCH', '/settings/till', { body: { cashRounding: 1000 } })).status).toBe(200);
    const page = await till({ width: 390, height: 844 });
    await tap(page, 'Kẹo gừng');
    await poll(() => page.getByTestId('sale-total').textContent()).toMatch(/^12\.300\s₫$/);
    await poll(() => page.getByTestId('cash-rounding').textContent()).toMatch(/Làm tròn: \u2212300\s₫ · .*12\.000\s₫/);
    await page.getByLabel('Khách đưa').fill('20.000');
    await poll(() => page.getByTestId('change').textContent()).toMatch(/^8\.000\s₫$/);
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const invoice = await issuedInvoice(page);
    // The invoice is the sum of its lines; the rounding is the till's, on the receipt only.
    expect(invoice.totals.total).toBe(12_300);
    await page.evaluate(() => {
      window.print = () => {};
    });
    await page.getByRole('button', { name: /In hóa đơn 80 mm/ }).click();
    const sheet = page.locator('#receipt-sheet');
    await poll(() => sheet.textContent()).toContain(`Mã tra cứu: ${invoice.lookupCode}`);
    const printed = ((await sheet.textContent()) ?? '').replace(/\s+/g, ' ');
    for (const fact of ['Làm tròn\u2212300', 'Khách cần trả12.000', 'Tiền khách đưa20.000', 'Tiền thừa8.000']) {
      expect(printed).toContain(fact);
    }
    await page.close();
  });

  it('sells by card with one tap on "Thẻ": no cash asked, the invoice paid by card', async () => {
    const page = await till({ width: 768, height: 1024 });
    await tap(page, 'Nước suối');
    const card = page.getByRole('button', { name: 'Thẻ', exact: true });
    await card.click();
    await poll(() => card.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Khách đưa').count()).toBe(0);
    expect(await page.getByTestId('vietqr').count()).toBe(0);
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const invoice = await issuedInvoice(page);
    expect(invoice).toMatchObject({ paymentMethod: 'THE', totals: { total: 10_000 } });
    await page.close();
  });
});
