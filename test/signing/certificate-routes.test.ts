/** GET and POST /signing/certificate over HTTP: the demo certificate, then the seller's PKCS#12 imported. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPkcs12 } from '../support/live-seller.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
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

    const imported = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
      headers: { 'x-idempotency-key': 'cert-2' },
    });
    expect(imported.status, imported.body).toBe(200);
    expect(imported.json.data.certificate).toBe('imported');
    expect(imported.json.data.subject).toBe('CN=CONG TY TNHH CA PHE HOA BINH, C=VN');
    expect((await node.request('GET', '/signing/certificate')).json.data.certificate).toBe('imported');
  });

  it('is for admins only', async () => {
    const accountant = await node.tokenFor('accountant');
    expect((await node.request('GET', '/signing/certificate', { token: accountant })).status).toBe(403);
  });
});
