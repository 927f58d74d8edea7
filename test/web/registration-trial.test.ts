/**
 * A registration only the embedded simulator accepted is a trial's (docs/security.md, F7): the going-live
 * checklist says so, offers no 5 characters for it, and sends the tờ khai again once a real T-VAN is saved.
 */
import { describe, expect, it } from 'vitest';
import { sellerReady } from '../support/live-seller.js';
import { REGISTRATION, startSimulator } from '../transmission/support.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

const t = consoleUnderTest(async (target) => {
  await sellerReady(target.node);
  await target.node.request('PATCH', '/config', { body: { transmission: { adapter: 'embedded' } } });
  const sent = await target.node.request('POST', '/transmission/registration', { body: REGISTRATION });
  expect(sent.status, sent.body).toBe(202);
  await target.node.node.services.transmission.worker.tick();
});

describe("the going-live checklist and a trial's acceptance", () => {
  it('reads Chấp nhận (dùng thử), asks for no 5 characters, and sends the tờ khai again to a real T-VAN', async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/settings/going-live');
    await poll(() => page.getByTestId('registration-state').textContent()).toMatch(/^Chấp nhận \(dùng thử\)/);
    await page.getByTestId('registration-trial').waitFor();
    expect(await page.getByLabel('5 ký tự mã máy tính tiền').count()).toBe(0);
    // Before a real T-VAN is saved there is nowhere to send it again.
    expect(await page.getByRole('button', { name: 'Gửi lại tờ khai' }).count()).toBe(0);
    await expectAccessible(page, 'registration trial');

    const sim = await startSimulator();
    try {
      const saved = await t.target.node.request('PATCH', '/config', {
        body: { transmission: { adapter: 'http', url: sim.url } },
      });
      expect(saved.status, saved.body).toBe(200);
      await page.reload();
      await page.getByLabel('Mã cơ quan thuế quản lý', { exact: true }).fill(REGISTRATION.taxOfficeCode);
      await page.getByLabel('Tên cơ quan thuế quản lý', { exact: true }).fill(REGISTRATION.taxOfficeName);
      await page.getByLabel('Nơi lập tờ khai (tỉnh, thành phố)', { exact: true }).fill(REGISTRATION.place);
      await page.getByLabel('Người liên hệ', { exact: true }).fill(REGISTRATION.contactName);
      await page.getByLabel('Địa chỉ liên hệ', { exact: true }).fill(REGISTRATION.contactAddress);
      await page.getByLabel('Thư điện tử liên hệ', { exact: true }).fill(REGISTRATION.contactEmail);
      await page.getByLabel('Điện thoại liên hệ', { exact: true }).fill(REGISTRATION.contactPhone);
      await page.getByRole('button', { name: 'Gửi lại tờ khai' }).click();
      await poll(() => page.getByTestId('registration-state').textContent()).toMatch(/^Đã gửi/);
      await t.target.node.node.services.transmission.worker.tick();
      await page.getByRole('button', { name: 'Cập nhật trạng thái' }).click();
      await poll(() => page.getByTestId('registration-state').textContent()).toMatch(/^CQT chấp nhận/);
      expect(await page.getByTestId('registration-trial').count()).toBe(0);
      const steps = (await t.target.node.request('GET', '/going-live')).json.data;
      expect(steps.registration).toMatchObject({ state: 'accepted', simulated: false, done: true });
    } finally {
      await page.close();
      await sim.close();
    }
  });
});
