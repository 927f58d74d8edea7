/** GET and POST /signing/certificate over HTTP: the demo certificate, then the seller's PKCS#12 imported. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SELLER, sellerPkcs12 } from '../support/live-seller.js';
import { testCaFile } from '../support/test-ca.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ config: { trustedCaFile: testCaFile() } });
});
afterAll(() => node.close());

describe('certificate routes', () => {
  it('shows the demo certificate, refuses a file that is not PKCS#12 under its field, then imports the seller’s', async () => {
    const before = await node.request('GET', '/signing/certificate');
    expect(before.status, before.body).toBe(200);
    expect(before.json.data.certificate).toBe('demo');

    const broken = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: Buffer.from('not a certificate').toString('base64'), password: '' },
      headers: { 'x-idempotency-key': 'cert-1' },
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error.details[0].path).toBe('body.pkcs12');

    const beforeSeller = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
      headers: { 'x-idempotency-key': 'cert-0' },
    });
    expect(beforeSeller.status).toBe(409);
    expect(beforeSeller.json.error.message).toContain('Chưa khai báo người bán');
    await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });

    const imported = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
      headers: { 'x-idempotency-key': 'cert-2' },
    });
    expect(imported.status, imported.body).toBe(200);
    expect(imported.json.data).toMatchObject({ certificate: 'imported', source: 'file', trusted: true });
    expect(imported.json.data.subject).toBe('CN=CÔNG TY TNHH CÀ PHÊ HÒA BÌNH, C=VN, UID=MST:0300588569');
    expect((await node.request('GET', '/signing/certificate')).json.data.certificate).toBe('imported');
  });

  it('is for admins only', async () => {
    const accountant = await node.tokenFor('accountant');
    expect((await node.request('GET', '/signing/certificate', { token: accountant })).status).toBe(403);
  });
});
