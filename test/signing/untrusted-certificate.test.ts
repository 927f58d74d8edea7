/**
 * HOADON_ALLOW_UNTRUSTED_CERT=1: a seller's certificate that chains to no trusted root (here self-signed)
 * is taken, and said so: /health, the certificate's summary and every PDF of the invoices it signed. An
 * invoice signed before with a trusted certificate does not carry the line.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SELLER, sellerPkcs12 } from '../support/live-seller.js';
import { issueCertificate, newKeyPair, pkcs12Of, testCaFile } from '../support/test-ca.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ config: { trustedCaFile: testCaFile(), allowUntrustedCert: true } });
  await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
});
afterAll(() => node.close());

const importP12 = (p12: Buffer) =>
  node.request('POST', '/signing/certificate', { body: { pkcs12: p12.toString('base64'), password: '' } });

async function pdfText(id: string, format: 'a4' | 'receipt'): Promise<string> {
  const response = await node.app.inject({
    method: 'GET',
    url: `/api/v1/invoices/${id}/pdf?format=${format}`,
    headers: { authorization: `Bearer ${node.token}` },
  });
  expect(response.statusCode).toBe(200);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: response.rawPayload })
    .toString('utf8')
    .replace(/\s+/g, ' ');
}

const issue = async () => (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string;

describe('a certificate that chains to no trusted root, allowed', () => {
  it('signs, and /health and the PDFs of its invoices say it is not verified', async () => {
    expect((await importP12(sellerPkcs12())).json.data.trusted).toBe(true);
    const before = await issue();

    const pair = newKeyPair();
    const selfSigned = issueCertificate({
      publicKeyPem: pair.publicKeyPem,
      mst: LIVE_SELLER.mst,
      selfKey: pair.forgeKey,
    });
    const taken = await importP12(pkcs12Of(pair, selfSigned, '', []));
    expect(taken.status, taken.body).toBe(200);
    expect(taken.json.data.trusted).toBe(false);
    expect((await node.request('GET', '/health', { token: null })).json.data.signing).toMatchObject({
      source: 'file',
      trusted: false,
    });

    const after = await issue();
    for (const format of ['a4', 'receipt'] as const) {
      expect(await pdfText(after, format)).toContain('chưa xác minh được tới CA gốc tin cậy');
      expect(await pdfText(before, format)).not.toContain('chưa xác minh');
    }
  });
});
