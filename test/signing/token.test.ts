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
import { tokenThreadPort } from '../../src/signing/token-thread.js';
import { packageFrame } from '../../src/tax-messages/cash-register-package.js';
import { signDocument } from '../../src/tax-messages/signatures.js';
import { unpackText } from '../../src/transmission/message-text.js';
import { buildInvoiceXml, dataId } from '../../src/xml/invoice-xml.js';
import { createXmlThread } from '../../src/xml/xml-thread.js';
import { LIVE_SELLER, registerAt } from '../support/live-seller.js';
import { notificationsTitled } from '../support/notifications.js';
import { runHoadon } from '../support/processes.js';
import { createTestToken, type TestToken } from '../support/softhsm.js';
import { testCaFile } from '../support/test-ca.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { xmlsecVerifyAll } from '../tax-messages/support.js';
import { FIXED_INVOICE, FIXED_RELATED, FIXED_SIGNING_TIME } from '../xml/fixtures/fixed-invoice.js';

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
  it('lists the tokens and the certificates they show before any PIN, from an allowed library only', async () => {
    const listed = await node.request('GET', `/signing/token/tokens?module=${encodeURIComponent(token.module)}`);
    expect(listed.status, listed.body).toBe(200);
    const byLabel = new Map(listed.json.data.map((t: { label: string }) => [t.label, t]));
    expect(byLabel.get(token.label)).toMatchObject({
      pinLocked: false,
      certificates: [
        {
          keyId: 'a1b2',
          mst: LIVE_SELLER.mst,
          serial: new X509Certificate(token.certificatePem).serialNumber,
        },
      ],
    });
    expect(byLabel.get('cong-ty-khac')).toMatchObject({ certificates: [{ mst: '0101243150' }] });
    expect(listed.body).not.toContain(token.pin);

    const elsewhere = await node.request('GET', '/signing/token/tokens?module=%2Ftmp%2Fkhong-co.so');
    expect(elsewhere.status, elsewhere.body).toBe(400);
    expect(elsewhere.json.error.message).toContain('không nằm trong danh sách được phép');
    const cashier = await node.request('GET', `/signing/token/tokens?module=${encodeURIComponent(token.module)}`, {
      token: await node.tokenFor('cashier'),
    });
    expect(cashier.status).toBe(403);
  });

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
    // The registration, signed on the token, is accepted: the node is live and signs with the token.
    await registerAt(node);
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

  it('signs a 206 package on the XML thread (one session for all its invoices) and a registration on the event loop', async () => {
    const identity = node.node.services.signing.identity();
    // The key stays on the token: the identity names it (and the PIN's file), and holds no private key.
    expect(identity.token).toEqual({
      module: token.module,
      token: token.label,
      keyId: 'a1b2',
      pinFile: join(node.dataDir, 'signing', 'token-pin'),
    });
    expect(identity).not.toHaveProperty('privateKeyPem');
    const thread = createXmlThread({ tokenPort: tokenThreadPort });
    try {
      // Each invoice signed on the token as at issue, then the package's own signature (CKSNNT).
      const invoices = await Promise.all(
        ['a', 'b', 'c'].map((suffix) => {
          const invoice = { ...FIXED_INVOICE, id: `${FIXED_INVOICE.id.slice(0, -1)}${suffix}` };
          return thread.sign(buildInvoiceXml(invoice, FIXED_RELATED), {
            dataId: dataId(invoice.id),
            signingTime: FIXED_SIGNING_TIME,
            identity,
          });
        }),
      );
      const header = {
        sender: LIVE_SELLER.mst,
        receiver: 'TCT',
        id: 'V0300588569TOKEN0123456789ABCDEF01',
        mst: LIVE_SELLER.mst,
      };
      const { packed, count } = await thread.signPackage({
        invoices,
        frame: packageFrame(header),
        messageId: header.id,
        signingTime: FIXED_SIGNING_TIME,
        identity,
        maxBytes: 10_000_000,
      });
      expect(count).toBe(3);
      expect(xmlsecVerifyAll(await unpackText(Buffer.from(packed)))).toEqual([true, true, true, true]);
    } finally {
      await thread.close();
    }
    // A registration (100) or a notice (300) is signed where it is built, on the event loop: the signature
    // value still comes from the token, through the token thread.
    const registration = signDocument(
      '<TKhai><DLTKhai Id="DLTKhai-1"><MST>0300588569</MST></DLTKhai><DSCKS><NNT/></DSCKS></TKhai>',
      {
        signingTime: FIXED_SIGNING_TIME,
        identity,
        dataName: 'DLTKhai',
        dataId: 'DLTKhai-1',
        signer: 'NNT',
      },
    );
    expect(xmlsecVerifyAll(registration)).toEqual([true]);
  });

  it('is chosen on the store’s machine with hoadon cert use-token, the PIN from standard input', async () => {
    const other = await startTestNode({ config: { trustedCaFile: testCaFile() } });
    try {
      await other.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
      // SoftHSM is on no allow-list here: on the machine itself the owner may load any library (docs/security.md).
      const env = { HOADON_TRUSTED_CA_FILE: testCaFile(), HOADON_PKCS11_MODULES: '' };
      const args = ['cert', 'use-token', '--module', token.module, '--token', token.label, '--data-dir', other.dataDir];
      const noPin = runHoadon(args, { env });
      expect(noPin.status).toBe(1);
      expect(noPin.stderr).toContain('--pin-stdin');
      const chosen = runHoadon([...args, '--key-id', token.keyId, '--pin-stdin', '--json'], {
        env,
        input: `${token.pin}\n`,
      });
      expect(chosen.stderr).toBe('');
      expect(JSON.parse(chosen.stdout)).toMatchObject({ source: 'token', trusted: true });
      const pem = runHoadon(['cert', 'show', '--pem', '--data-dir', other.dataDir], { env });
      expect(new X509Certificate(pem.stdout).fingerprint256).toBe(
        new X509Certificate(token.certificatePem).fingerprint256,
      );
      const issued = await other.request('POST', '/invoices', { body: invoiceBody() });
      expect(issued.status, issued.body).toBe(201);
      const xml = await other.request('GET', `/invoices/${issued.json.data.id}/xml`);
      expect(xmlsecVerifyAll(xml.body)).toEqual([true]);
    } finally {
      await other.close();
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
    expect(health.json.data.signing.problem).toContain('Chưa lập được hóa đơn');
    expect(health.json.data.signing.action).toContain('Cắm lại');
    // The refusal says what /health says: the problem, then what to do.
    expect(refused.json.error.message).toBe(`${health.json.data.signing.problem} ${health.json.data.signing.action}`);
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

  it('refuses to issue with a PIN the token no longer takes, and signs again once it is entered', async () => {
    const before = await issue();
    expect(before.status, before.body).toBe(201);
    // The owner changed the PIN with the CA's software, then the token was plugged out and in again.
    token.changePin(token.pin, '13572468');
    token.unplug();
    await aSecond();
    expect((await issue()).status).toBe(503);
    token.plugBack();
    await aSecond();
    const refused = await issue();
    expect(refused.status, refused.body).toBe(503);
    expect(refused.json.error.message).toContain('PIN');
    const health = (await node.request('GET', '/health', { token: null })).json.data.signing;
    expect(health.action).toContain('Nhập lại mã PIN');

    const entered = await node.request('POST', '/signing/token', {
      body: { module: token.module, token: token.label, pin: '13572468' },
    });
    expect(entered.status, entered.body).toBe(200);
    const after = await issue();
    expect(after.status, after.body).toBe(201);
    expect(after.json.data.number).toBe(before.json.data.number + 1);
  });
});
