/**
 * Going live from a fresh data dir through "Bắt đầu xuất hóa đơn thật": the seller, the seller's .p12
 * (its CA added through HOADON_TRUSTED_CA_FILE, as the test node does), the T-VAN connection tested and
 * saved, the registration sent and accepted by a T-VAN answering in the real shapes (a 103 without
 * MCCQT), the 5 characters entered, and the node live; the home banner leads there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import { LIVE_SELLER, sellerPkcs12 } from '../support/live-seller.js';
import { REGISTRATION } from '../support/live-shop.js';
import { startFakeTvan } from '../transmission/fake-tvan.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

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
    await page.getByRole('button', { name: 'Gửi tờ khai' }).click();
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
});
