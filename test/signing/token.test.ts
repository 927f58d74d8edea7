/**
 * Signing with a key on a USB token, for real against SoftHSM2: the key pair made on the token, its
 * certificate issued to the seller's MST by the test CA and stored on it. The node picks the key, signs
 * invoices (verified with xmlsec1), refuses at once with a 503 and no gap in numbering while the token is
 * out, and signs again as soon as it is back, without a restart.
 */
import { X509Certificate } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SELLER } from '../support/live-seller.js';
import { notificationsTitled } from '../support/notifications.js';
import { createTestToken, type TestToken } from '../support/softhsm.js';
import { testCaFile } from '../support/test-ca.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { xmlsecVerifyAll } from '../tax-messages/support.js';

let node: TestNode;
let token: TestToken;

beforeAll(async () => {
  token = createTestToken('cua-hang', { keyId: 'a1b2' });
  // A second key on another token whose certificate names another company: never chosen.
  createTestToken('cong-ty-khac', { certificate: { mst: '0101243150' } });
  node = await startTestNode({ config: { trustedCaFile: testCaFile() } });
  const seller = await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
  expect(seller.status, seller.body).toBe(200);
});
afterAll(() => node?.close());

const aSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));
const issue = () => node.request('POST', '/invoices', { body: invoiceBody() });

describe('a key on a USB token (SoftHSM2)', () => {
  it('is chosen by the seller’s MST, its PIN kept 0600 and never answered', async () => {
    const other = await node.request('POST', '/signing/token', {
      body: { module: token.module, token: 'cong-ty-khac', pin: token.pin },
    });
    expect(other.status, other.body).toBe(409);
    expect(other.json.error.message).toContain('0101243150');
    expect(other.json.error.message).toContain(LIVE_SELLER.mst);

    const wrongPin = await node.request('POST', '/signing/token', {
      body: { module: token.module, token: token.label, pin: '0000' },
    });
    expect(wrongPin.status, wrongPin.body).toBe(409);
    expect(wrongPin.json.error.message).toContain('PIN');

    const chosen = await node.request('POST', '/signing/token', {
      body: { module: token.module, token: token.label, pin: token.pin },
    });
    expect(chosen.status, chosen.body).toBe(200);
    expect(chosen.json.data).toMatchObject({ certificate: 'imported', source: 'token', trusted: true });
    expect(chosen.body).not.toContain(token.pin);
    expect(statSync(join(node.dataDir, 'signing', 'token-pin')).mode & 0o777).toBe(0o600);

    const health = await node.request('GET', '/health', { token: null });
    expect(health.json.data.signing).toMatchObject({ source: 'token', trusted: true });
    expect(health.json.data.signing.serial).toMatch(/^[0-9A-F]+$/);
    expect(health.json.data.mode).toBe('live');
  });

  it('signs invoices on the token, each verified by xmlsec1', async () => {
    for (let n = 0; n < 3; n += 1) {
      const issued = await issue();
      expect(issued.status, issued.body).toBe(201);
      const xml = await node.request('GET', `/invoices/${issued.json.data.id}/xml`);
      expect(xml.status, xml.body).toBe(200);
      expect(xmlsecVerifyAll(xml.body)).toEqual([true]);
      expect(xml.body).toContain(new X509Certificate(token.certificatePem).raw.toString('base64'));
    }
  });

  it('refuses to issue while the token is out, with no gap in numbering, and resumes when it is back', async () => {
    const before = await issue();
    expect(before.status, before.body).toBe(201);

    token.unplug();
    // The issuing path looks at the token at most once a second: wait until the last look no longer stands.
    await aSecond();
    const refused = await issue();
    expect(refused.status, refused.body).toBe(503);
    expect(refused.json.error.message).toContain('token');
    const health = await node.request('GET', '/health', { token: null });
    expect(health.json.data.signing.problem).toBeDefined();
    expect(health.json.data.signing.action).toContain('Cắm lại');
    // Refused again: the owner was told once (the notice is written after the first refusal's answer).
    expect((await issue()).status).toBe(503);
    const notices = await notificationsTitled(node, 'Không ký được hóa đơn');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain('Cắm lại');

    token.plugBack();
    await aSecond();
    const after = await issue();
    expect(after.status, after.body).toBe(201);
    expect(after.json.data.number).toBe(before.json.data.number + 1);
    const xml = await node.request('GET', `/invoices/${after.json.data.id}/xml`);
    expect(xmlsecVerifyAll(xml.body)).toEqual([true]);
  });
});
