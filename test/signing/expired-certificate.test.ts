/**
 * A seller's certificate that expires while in use: the next invoice is refused at once (409, saying to
 * renew it) before it takes a number, /health says so, the owner is told once, and the renewed
 * certificate resumes the numbering where it stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { LIVE_SELLER, registerAt, sellerPkcs12 } from '../support/live-seller.js';
import { notificationsTitled } from '../support/notifications.js';
import { issueCertificate, newKeyPair, pkcs12Of, testCaFile } from '../support/test-ca.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const DAY = 24 * 3600 * 1000;
const clock = testClock(new Date());
let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ clock, config: { trustedCaFile: testCaFile(), tokenTtlSeconds: 7 * 24 * 3600 } });
  await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
  const pair = newKeyPair();
  const twoDays = issueCertificate({
    publicKeyPem: pair.publicKeyPem,
    mst: LIVE_SELLER.mst,
    notAfter: new Date(Date.now() + 2 * DAY),
  });
  const imported = await node.request('POST', '/signing/certificate', {
    body: { pkcs12: pkcs12Of(pair, twoDays).toString('base64'), password: '' },
  });
  expect(imported.status, imported.body).toBe(200);
  await registerAt(node);
});
afterAll(() => node.close());

const issue = () => node.request('POST', '/invoices', { body: invoiceBody() });

describe('an expired certificate', () => {
  it('stops issuing with a 409 before a number is taken, and /health says to renew it', async () => {
    const before = await issue();
    expect(before.status, before.body).toBe(201);

    clock.advance(3 * DAY);
    const refused = await issue();
    expect(refused.status, refused.body).toBe(409);
    expect(refused.json.error.message).toContain('đã hết hạn');
    expect((await issue()).status).toBe(409);
    const health = (await node.request('GET', '/health', { token: null })).json.data.signing;
    expect(health.problem).toContain('đã hết hạn');
    expect(health.action).toContain('Gia hạn');
    expect(await notificationsTitled(node, 'Không ký được hóa đơn')).toHaveLength(1);

    // The renewed certificate imported: issuing resumes with the next number.
    const renewed = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
    });
    expect(renewed.status, renewed.body).toBe(200);
    const after = await issue();
    expect(after.status, after.body).toBe(201);
    expect(after.json.data.number).toBe(before.json.data.number + 1);
  });
});
