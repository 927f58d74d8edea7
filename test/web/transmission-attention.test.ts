/**
 * An invoice the authority neither accepted nor named (transmission state `attention`) in the console: its
 * detail says "Cần kiểm tra", and the queue on the home screen sends it again.
 */
import { describe, expect, it } from 'vitest';
import { invoiceBody } from '../support/test-node.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

const REASON =
  'Cần kiểm tra: cơ quan thuế trả thông báo 204 (LTBao 7) không chấp nhận thông điệp và không nêu hóa đơn này.';
let invoiceId = '';

const t = consoleUnderTest(async (target) => {
  const created = await target.node.request('POST', '/invoices', { body: invoiceBody() });
  expect(created.status, created.body).toBe(201);
  invoiceId = created.json.data.id;
  const { transmissionQueue } = target.node.node.services;
  const row = transmissionQueue.find(invoiceId);
  if (!row) throw new Error('not queued');
  transmissionQueue.save({ ...row, state: 'attention', lastError: REASON });
});

describe('an invoice needing attention in the console', () => {
  it('is labelled Cần kiểm tra and sent again from the queue', async () => {
    const detail = await signedIn(t.browser, t.target, 'accountant', `/invoices/${invoiceId}`);
    await poll(() => detail.getByText('Cần kiểm tra', { exact: true }).count()).toBe(1);
    await detail.close();

    const page = await signedIn(t.browser, t.target, 'accountant', '/');
    await page.getByText(REASON).waitFor();
    await expectAccessible(page, 'queue with an invoice needing attention');
    await page.getByRole('button', { name: 'Gửi lại hóa đơn' }).click();
    await poll(
      async () => (await t.target.node.request('GET', `/invoices/${invoiceId}`)).json.data.transmission.state,
    ).toBe('queued');
    await page.close();
  });
});
