/**
 * Going live from a fresh data dir through "Bắt đầu xuất hóa đơn thật": the seller, the seller's .p12
 * (its CA added through HOADON_TRUSTED_CA_FILE, as the test node does), the T-VAN connection tested and
 * saved, the registration refused once (the 102's reason shown), sent again and accepted by a T-VAN answering
 * in the real shapes (a 103 without MCCQT), the 5 characters entered, and the node live; the home banner leads there. Then the same node's
 * first day of real invoices: a shift opened with a float, sales by tapping tiles at 390 and 768 px at
 * shelf prices (the legal series from 1, the invoice and its XML totalling the shelf prices), a transfer
 * paid with the whole VietQR in view, the receipt with the lookup code, its link and the amount in words,
 * and the shift closed with a counted difference.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '../../src/domain/vn-number-words.js';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import { LIVE_SELLER, sellerPkcs12 } from '../support/live-seller.js';
import { REGISTRATION } from '../support/live-shop.js';
import { createCa, issueCertificate, newKeyPair, pkcs12Of } from '../support/test-ca.js';
import { startFakeTvan } from '../transmission/fake-tvan.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

const BANK = { bin: '970436', accountNumber: '0071000123456', accountName: 'CUA HANG HOA BINH' };
const PORTAL = 'https://tracuu.hoabinh.vn';
const LOGIN = { username: 'cuahang-01', password: 'mat-khau-tvan' };
const t = consoleUnderTest();
let tvan: Awaited<ReturnType<typeof startFakeTvan>>;
beforeAll(async () => {
  tvan = await startFakeTvan({
    ...LOGIN,
    authority: {
      signingTime: '2026-03-16T09:12:45',
      identity: createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, new Date()),
    },
  });
});
afterAll(() => tvan.close());

const tap = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Thêm ${name},`) }).click();

const xmlText = (xml: string, tag: string) =>
  new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName(tag)[0]?.textContent;

const ISSUED = /Đã xuất hóa đơn \d\w+ số (\d{8})/;

/** The invoice the till just announced, read from the node. */
async function issued(page: Page) {
  const status = page.getByText(ISSUED);
  await status.waitFor({ timeout: 20_000 });
  const number = Number(ISSUED.exec((await status.textContent()) ?? '')?.[1]);
  const list = await t.target.node.request('GET', '/invoices?pageSize=1');
  expect(list.json.data.items[0].number).toBe(number);
  return (await t.target.node.request('GET', `/invoices/${list.json.data.items[0].id}`)).json.data;
}

describe('going live from the console', () => {
  it('takes a fresh store live step by step against a T-VAN', async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/');
    await page.getByRole('link', { name: 'Bắt đầu xuất hóa đơn thật' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bắt đầu xuất hóa đơn thật' }).waitFor();
    const state = (step: string) => page.getByTestId(`step-${step}-state`);
    await poll(() => state('seller').textContent()).toBe('Chưa xong');
    await expectAccessible(page, 'going live');

    // 1. The seller.
    await page.getByLabel('Tên người bán (đơn vị)').fill(LIVE_SELLER.name);
    await page.getByLabel('Mã số thuế người bán').fill(LIVE_SELLER.mst);
    await page.locator('#seller-address').fill(LIVE_SELLER.address);
    await page.locator('#store-title').locator('..').getByRole('button', { name: 'Lưu' }).click();
    await poll(() => state('seller').textContent()).toBe('Đã xong');

    // 2. The seller's .p12, issued by the test CA the node trusts through HOADON_TRUSTED_CA_FILE.
    const dir = mkdtempSync(join(tmpdir(), 'hoadon-p12-'));
    // First one from a CA the node does not trust: refused, saying why, and the step still to do.
    const stranger = createCa('CA-KHONG-RO-NGUON-GOC');
    const pair = newKeyPair();
    const foreign = issueCertificate({ publicKeyPem: pair.publicKeyPem, mst: LIVE_SELLER.mst, ca: stranger });
    writeFileSync(join(dir, 'ca-la.p12'), pkcs12Of(pair, foreign, '', [stranger.certificatePem]));
    await page.getByLabel('Tệp chứng thư (.p12 / .pfx)').setInputFiles(join(dir, 'ca-la.p12'));
    await page.getByRole('button', { name: 'Nhập chứng thư' }).click();
    await page
      .getByText(/không dẫn tới một CA gốc tin cậy/)
      .first()
      .waitFor();
    expect(await page.getByText(/CA-KHONG-RO-NGUON-GOC/).count()).toBeGreaterThan(0);
    // What the owner can do comes first, in the shop's words.
    expect(
      await page.getByText(/hãy dùng chứng thư số của một tổ chức cung cấp dịch vụ chữ ký số/).count(),
    ).toBeGreaterThan(0);
    expect(await state('signature').textContent()).toBe('Chưa xong');
    await expectAccessible(page, 'certificate refused');
    writeFileSync(join(dir, 'nguoi-ban.p12'), sellerPkcs12());
    await page.getByLabel('Tệp chứng thư (.p12 / .pfx)').setInputFiles(join(dir, 'nguoi-ban.p12'));
    await page.getByRole('button', { name: 'Nhập chứng thư' }).click();
    await poll(() => state('signature').textContent()).toBe('Đã xong');

    // 3. The T-VAN: a wrong password is told by the check, the right one passes and is saved, never shown.
    await page.getByLabel('Địa chỉ T-VAN').fill(tvan.url);
    await page.getByLabel('Tên đăng nhập T-VAN').fill(LOGIN.username);
    await page.getByLabel('Mật khẩu T-VAN').fill('sai-mat-khau');
    await page.getByLabel('Đường dẫn đăng nhập (để trống nếu không rõ)').fill('/auth/login');
    await page.getByRole('button', { name: 'Kiểm tra kết nối' }).click();
    await poll(() => page.getByTestId('tvan-check').textContent()).toMatch(/từ chối thông tin xác thực/);
    await page.getByLabel('Mật khẩu T-VAN').fill(LOGIN.password);
    await page.getByRole('button', { name: 'Kiểm tra kết nối' }).click();
    await poll(() => page.getByTestId('tvan-check').textContent()).toBe('Kết nối được: T-VAN nhận thông tin xác thực.');
    await page.getByRole('button', { name: 'Lưu kết nối' }).click();
    await poll(() => state('tvan').textContent()).toBe('Đã xong');
    await page.getByTestId('tvan-saved').waitFor();
    expect(await page.getByLabel('Mật khẩu T-VAN').inputValue()).toBe('');
    expect(await page.content()).not.toContain(LOGIN.password);

    // 4. The registration, followed to the authority's acceptance, then the 5 characters the 103 lacks.
    const labels: [keyof typeof REGISTRATION, string][] = [
      ['taxOfficeCode', 'Mã cơ quan thuế quản lý'],
      ['taxOfficeName', 'Tên cơ quan thuế quản lý'],
      ['place', 'Nơi lập tờ khai (tỉnh, thành phố)'],
      ['contactName', 'Người liên hệ'],
      ['contactAddress', 'Địa chỉ liên hệ'],
      ['contactEmail', 'Thư điện tử liên hệ'],
      ['contactPhone', 'Điện thoại liên hệ'],
    ];
    for (const [field, label] of labels) await page.getByLabel(label, { exact: true }).fill(REGISTRATION[field]);
    // The first tờ khai is refused by the authority (the real 102): the step says so with its reason.
    tvan.state.registrations.push('refused-9992');
    await page.getByRole('button', { name: 'Gửi tờ khai' }).click();
    await poll(() => page.getByTestId('registration-state').textContent()).toMatch(/^Đã gửi/);
    await t.target.node.node.services.transmission.worker.tick();
    await page.getByRole('button', { name: 'Cập nhật trạng thái' }).click();
    await poll(() => page.getByTestId('registration-state').textContent()).toMatch(/^CQT không chấp nhận/);
    expect(await page.getByTestId('registration-reason').textContent()).toBe(
      'Đã tồn tại tờ khai đăng ký sử dụng hóa đơn điện tử khác của người nộp thuế đã được cơ quan thuế chấp nhận (9992)',
    );
    await expectAccessible(page, 'registration refused');
    // Sent again, as the form offers after a refusal (what was typed is still there).
    for (const [field, label] of labels)
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(REGISTRATION[field]);
    await page.getByRole('button', { name: 'Gửi lại tờ khai' }).click();
    await poll(() => page.getByTestId('registration-state').textContent()).toMatch(/^Đã gửi/);
    await t.target.node.node.services.transmission.worker.tick();
    await page.getByRole('button', { name: 'Cập nhật trạng thái' }).click();
    await poll(() => page.getByTestId('registration-state').textContent()).toMatch(/^CQT chấp nhận/);
    expect(await state('ready').textContent()).toBe('Chưa xong');
    await page.getByLabel('5 ký tự mã máy tính tiền').fill('k7q2m');
    await page.getByRole('button', { name: 'Lưu 5 ký tự' }).click();

    // 5. Live, and the console says what changed.
    await poll(() => state('ready').textContent()).toBe('Đã xong');
    await page.getByText('Dãy số hóa đơn thật bắt đầu từ 1.').waitFor();
    await expectAccessible(page, 'live');
    const health = (await t.target.node.request('GET', '/health', { token: null })).json.data;
    expect(health.mode).toBe('live');
    expect(tvan.state.logins).toBeGreaterThan(0);
    await page.close();
  });
  it('sells its first real invoices by touch at shelf prices, and closes the shift with a counted difference', async () => {
    const { node } = t.target;
    expect((await node.request('GET', '/health', { token: null })).json.data.mode).toBe('live');
    expect((await node.request('PATCH', '/settings/till', { body: { bankAccount: BANK } })).status).toBe(200);
    expect((await node.request('PATCH', '/config', { body: { lookupUrl: PORTAL } })).status).toBe(200);

    // The shift, opened with its float.
    const page = await signedIn(t.browser, t.target, 'cashier', '/shifts');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Tiền đầu ca (₫)').fill('200000');
    await page.getByRole('button', { name: 'Mở ca' }).click();
    await page.getByText('Đã mở ca.').waitFor();

    // 390 px: two coffees at 25.000 (8 %) and a water at 10.000 (10 %), VAT included, paid in cash.
    await page.goto(`${t.target.baseUrl}/till`);
    await tap(page, 'Cà phê sữa đá');
    await tap(page, 'Cà phê sữa đá');
    await tap(page, 'Nước suối');
    await poll(() => page.getByTestId('sale-total').textContent()).toMatch(/^60\.000\s₫$/);
    await page.getByLabel('Khách đưa').fill('100.000');
    await poll(() => page.getByTestId('change').textContent()).toMatch(/^40\.000\s₫$/);
    await page.getByRole('button', { name: 'Xuất hóa đơn' }).click();
    const first = await issued(page);
    // The legal series starts at 1; each line's amount is its shelf total less the VAT it holds.
    expect(first).toMatchObject({ number: 1, demo: false, paymentMethod: 'TM' });
    expect(first.totals).toMatchObject({ subtotal: 46_296 + 9_091, taxAmount: 3_704 + 909, total: 60_000 });
    expect(first.items.map((i: { shelfPrice: number }) => i.shelfPrice)).toEqual([25_000, 10_000]);
    await node.node.services.invoiceXml.signWaiting();
    const xml = (await node.request('GET', `/invoices/${first.id}/xml`)).body;
    expect(xmlText(xml, 'TgTTTBSo')).toBe('60000');
    expect(xmlText(xml, 'TgTThue')).toBe('4613');
    // The legal series the settings hold, never the demo one (K…).
    expect(xmlText(xml, 'KHHDon')).toBe(first.kyHieu);
    expect(first.kyHieu).toMatch(/^C/);
    await poll(() => page.getByTestId('issued-change').textContent()).toMatch(/Tiền thừa 40\.000\s₫/);

    // Its receipt, printed from the till.
    await page.evaluate(() => {
      window.print = () => {};
    });
    await page.getByRole('button', { name: /In hóa đơn 80 mm/ }).click();
    const sheet = page.locator('#receipt-sheet');
    await poll(() => sheet.textContent()).toContain(`Mã tra cứu: ${first.lookupCode}`);
    const printed = (await sheet.textContent()) ?? '';
    expect(printed).toContain(`Tra cứu hóa đơn tại: ${PORTAL}/tra-cuu/${first.lookupCode}`);
    expect(printed).toContain(`Bằng chữ: ${amountInWords(60_000)}`);

    // 768 px: a bánh mì by transfer, the whole VietQR in view, then "Đã nhận tiền".
    await page.setViewportSize({ width: 768, height: 1024 });
    await tap(page, 'Bánh mì thịt');
    await page.getByRole('button', { name: 'Chuyển khoản', exact: true }).click();
    const qr = page.getByTestId('vietqr');
    await qr.evaluate((figure) => figure.scrollIntoView({ block: 'start' }));
    await expect(page.getByTestId('vietqr-amount').textContent()).resolves.toMatch(/^20\.000\s₫$/);
    const box = await qr.boundingBox();
    const bar = await page.locator('.issue-bar').boundingBox();
    if (!box || !bar) throw new Error('the VietQR or the issue bar is not laid out');
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(Math.min(1024, bar.y) + 0.5);
    await page.getByRole('button', { name: 'Đã nhận tiền' }).click();
    const second = await issued(page);
    expect(second).toMatchObject({ number: 2, demo: false, paymentMethod: 'CK', totals: { total: 20_000 } });

    // The close: the float and the cash sale expected (the transfer is not in the drawer), 250.000 counted.
    await page.goto(`${t.target.baseUrl}/shifts`);
    await page.getByText('Nhập tổng số tiền').click();
    await page.getByLabel('Tổng (₫)').fill('250000');
    await poll(() => page.getByTestId('close-difference').textContent()).toBe('\u221210.000\u00a0₫');
    await page.getByRole('button', { name: 'Kết ca' }).click();
    await poll(() => page.locator('#shift-note-error').textContent()).toContain('ghi chú');
    await page.getByLabel('Ghi chú').fill('Thối nhầm cho khách');
    await page.getByRole('button', { name: 'Kết ca' }).click();
    await page.getByText('Đã kết ca.').waitFor();
    // The slip: 200.000 + 60.000 expected, 250.000 counted, 10.000 short.
    const slip = page.locator('.shift-slip');
    await poll(() => slip.getByTestId('shift-expected').textContent()).toBe('260.000\u00a0₫');
    expect(await slip.getByTestId('shift-counted').textContent()).toBe('250.000\u00a0₫');
    expect(await slip.getByTestId('shift-difference').textContent()).toBe('\u221210.000\u00a0₫');
    expect(await slip.getByText('Thối nhầm cho khách').count()).toBe(1);
    await page.close();
  });
});
