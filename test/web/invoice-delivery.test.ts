/**
 * The invoice page's delivery (docs/delivery.md): the lookup code and the portal's link, copied with "Sao chép
 * liên kết"; "Gửi hóa đơn cho người mua" to another address, through a real SMTP server on loopback; the
 * history of sendings. Vietnamese and axe-clean.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type MailServer, startMailServer } from '../delivery/mail-server.js';
import { invoiceBody } from '../support/test-node.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';
import { untranslated } from './screen-checks.js';

const PORTAL = 'https://tra-cuu.cuahang.example';
let smtp: MailServer;
let invoice: { id: string; lookupCode: string };

const t = consoleUnderTest(async (target) => {
  smtp = await startMailServer();
  const mail = await target.node.request('PUT', '/settings/email', {
    body: { host: '127.0.0.1', port: smtp.port, secure: false, user: '', from: 'cuahang@example.vn' },
  });
  expect(mail.status, mail.body).toBe(200);
  const config = await target.node.request('PATCH', '/config', { body: { lookupUrl: PORTAL } });
  expect(config.status, config.body).toBe(200);
  const created = await target.node.request('POST', '/invoices', { body: invoiceBody() });
  expect(created.status, created.body).toBe(201);
  invoice = created.json.data;
});
afterAll(() => smtp?.close());

describe('the invoice page sends the invoice to its buyer', () => {
  it('shows the code and the link, copies it, sends the invoice and lists the sendings', async () => {
    await t.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.target.baseUrl });
    const page = await signedIn(t.browser, t.target, 'cashier', `/invoices/${invoice.id}`);
    const link = `${PORTAL}/tra-cuu/${invoice.lookupCode}`;
    await poll(() => page.getByTestId('lookup-link').textContent()).toBe(link);
    expect(await page.getByTestId('lookup-code').textContent()).toBe(invoice.lookupCode);
    await expect(page.getByText('Hóa đơn chưa được gửi cho ai.').count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Sao chép liên kết' }).click();
    await page.getByText('Đã sao chép liên kết.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // No buyer e-mail on this invoice and no address typed: the node says what is missing, beside the field.
    await page.getByRole('button', { name: 'Gửi hóa đơn cho người mua' }).click();
    await page.getByText('Cần địa chỉ thư điện tử nhận hóa đơn.').waitFor();
    await expectAccessible(page, 'invoice page, sending refused');

    await page.getByLabel('Gửi tới địa chỉ thư khác (để trống: thư của người mua)').fill('ketoan@congty.example');
    await page.getByRole('button', { name: 'Gửi hóa đơn cho người mua' }).click();
    await page.getByText('Đã xếp hóa đơn vào hàng gửi thư.').waitFor();
    const history = page.getByRole('table').filter({ hasText: 'Người nhận' });
    await poll(() => history.getByText('ketoan@congty.example').count()).toBe(1);

    await poll(async () => {
      await t.target.node.node.services.delivery.tick();
      return smtp.mails.length;
    }).toBe(1);
    expect(smtp.mails[0]!.attachments.map((a) => a.contentType).sort()).toEqual(['application/pdf', 'application/xml']);
    await page.reload();
    await poll(() => page.getByRole('table').filter({ hasText: 'Người nhận' }).getByText('Đã gửi').count()).toBe(1);
    expect(await untranslated(page, [link, invoice.lookupCode, 'ketoan@congty.example'])).toEqual([]);
    await expectAccessible(page, 'invoice page with its delivery');
    await page.close();
  });
});
