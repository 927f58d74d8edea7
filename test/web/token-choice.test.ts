/**
 * Step 2 of going live with a USB token, in Chromium against SoftHSM2: the driver found on the machine,
 * then the tokens it sees with the certificates they show before any PIN, the seller's picked by its company
 * and MST, and only then the PIN. The other company's token is offered but never tried.
 */
import { describe, it } from 'vitest';
import { LIVE_SELLER } from '../support/live-seller.js';
import { createTestToken, type TestToken } from '../support/softhsm.js';
import { consoleUnderTest, expectAccessible, poll, signedIn } from './browser.js';

let token: TestToken;
const t = consoleUnderTest(async (target) => {
  token = createTestToken('cua-hang', { keyId: 'c0ffee' });
  createTestToken('cong-ty-khac', { certificate: { mst: '0101243150' } });
  await target.node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
});

describe('choosing a USB token in the console', () => {
  it('lists the tokens and their certificates before the PIN, and signs with the one chosen', async () => {
    const page = await signedIn(t.browser, t.target, 'admin', '/settings/going-live');
    const choices = page.getByRole('group', { name: 'Token và chứng thư số trên đó' });
    const seller = choices.getByRole('radio', { name: new RegExp(`^cua-hang: .*MST ${LIVE_SELLER.mst}`) });
    const other = choices.getByRole('radio', { name: /^cong-ty-khac: .*MST 0101243150/ });
    await seller.waitFor();
    await other.waitFor();
    await expectAccessible(page, 'token choice');

    await seller.check();
    await page.getByLabel('Mã PIN').fill(token.pin);
    await page.getByRole('button', { name: 'Dùng token này' }).click();
    await poll(() => page.getByTestId('step-signature-state').textContent()).toBe('Đã xong');
    await poll(async () => (await t.target.node.request('GET', '/signing/certificate')).json.data.source).toBe('token');
    await page.close();
  });
});
