import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateError,
  createDemoCertificate,
  demoSerialNumber,
  readPkcs12,
} from '../../src/signing/certificates.js';
import { createSigningStore, STAMP_FRESH_MS } from '../../src/signing/signing.store.js';
import { verifyInvoiceXml } from '../../src/xml/index.js';
import { LIVE_SELLER, registerAt } from '../support/live-seller.js';
import { runHoadon } from '../support/processes.js';
import { issueCertificate, newKeyPair, testCaFile } from '../support/test-ca.js';
import { invoiceBody, startTestNode } from '../support/test-node.js';

const DAY = 24 * 3600 * 1000;

/** A seller's PKCS#12 file as a certificate authority (the test CA) hands it out, AES-256 as forge writes it. */
function sellerP12(options: { password: string; notAfter?: Date; mismatchedKey?: boolean }): Buffer {
  const pair = newKeyPair();
  const certificate = forge.pki.certificateFromPem(
    issueCertificate({
      publicKeyPem: pair.publicKeyPem,
      subject: [
        { name: 'commonName', value: 'CONG TY CO PHAN CA PHE HOA BINH' },
        { type: '0.9.2342.19200300.100.1.1', value: 'MST:0300588569' },
        { name: 'countryName', value: 'VN' },
      ],
      notBefore: new Date(Date.now() - 30 * DAY),
      ...(options.notAfter ? { notAfter: options.notAfter } : {}),
    }),
  );
  const bagKey = options.mismatchedKey ? newKeyPair().forgeKey : pair.forgeKey;
  const asn1 = forge.pkcs12.toPkcs12Asn1(bagKey, [certificate], options.password, { algorithm: 'aes256' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

describe('reading PKCS#12 files', () => {
  it('finds the key and its certificate', () => {
    const material = readPkcs12(sellerP12({ password: 'bí mật' }), 'bí mật');
    expect(material.certificatePem).toContain('BEGIN CERTIFICATE');
    expect(material.privateKeyPem).toContain('BEGIN PRIVATE KEY');
  });

  it('refuses a wrong password and a certificate that is not the key’s', () => {
    expect(() => readPkcs12(sellerP12({ password: 'a' }), 'b')).toThrow(CertificateError);
    expect(() => readPkcs12(sellerP12({ password: 'a', mismatchedKey: true }), 'a')).toThrow(/không có chứng thư khớp/);
  });
});

describe('the demo certificate', () => {
  it('has a serial OpenSSL reads: positive, with no leading zero byte (one in 256 had one and was refused)', () => {
    const firstBytes = new Set<number>();
    for (let draw = 0; draw < 20_000; draw++) {
      const serial = demoSerialNumber();
      expect(serial).toMatch(/^[0-9a-f]{32}$/);
      firstBytes.add(Number.parseInt(serial.slice(0, 2), 16));
    }
    expect(Math.min(...firstBytes)).toBe(0x01);
    expect(Math.max(...firstBytes)).toBe(0x7f);
    const material = createDemoCertificate({ name: 'Cà phê Hòa Bình', mst: '0300588569' }, new Date());
    expect(new X509Certificate(material.certificatePem).serialNumber).toMatch(/^[0-9A-F]+$/);
  });

  it('is made anew when the stored one cannot be read; an imported one never is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-signing-'));
    try {
      const store = createSigningStore({
        dataDir,
        seller: () => ({ name: 'Cà phê Hòa Bình', mst: '0300588569' }),
        now: () => new Date(),
      });
      const first = store.identity();
      expect(first.source).toBe('demo');
      const certificateFile = join(dataDir, 'signing', 'seller-certificate.pem');
      const unreadable = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
      writeFileSync(certificateFile, unreadable);
      // Another process's change of the files is seen once the last look at them is STAMP_FRESH_MS old.
      await sleep(STAMP_FRESH_MS);
      const second = store.identity();
      expect(second).toMatchObject({ source: 'demo' });
      expect(second.certificatePem).not.toBe(first.certificatePem);
      expect(new X509Certificate(second.certificatePem).subject).toContain('DEMO');

      writeFileSync(join(dataDir, 'signing', 'source'), 'imported\n');
      writeFileSync(certificateFile, unreadable);
      await sleep(STAMP_FRESH_MS);
      expect(() => store.identity()).toThrow(CertificateError);
      expect(readFileSync(certificateFile, 'utf8')).toBe(unreadable);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('hoadon cert import', () => {
  let dataDir: string;
  let files: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hoadon-cert-'));
    files = mkdtempSync(join(tmpdir(), 'hoadon-p12-'));
    // First run by the test node, so that its admin password is the one it logs in with later; the seller
    // the certificates are checked against is set there.
    const first = await startTestNode({ dataDir });
    await first.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
    await first.close();
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(files, { recursive: true, force: true });
  });
  const env = { HOADON_TRUSTED_CA_FILE: testCaFile() };
  const p12File = (name: string, content: Buffer) => {
    const path = join(files, name);
    writeFileSync(path, content);
    return path;
  };

  it('refuses a wrong password and an expired certificate, keeping the demo certificate', () => {
    const wrong = runHoadon(
      [
        'cert',
        'import',
        p12File('seller.p12', sellerP12({ password: 'đúng' })),
        '--password-stdin',
        '--data-dir',
        dataDir,
      ],
      { input: 'sai\n', env },
    );
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('sai mật khẩu');
    const expired = runHoadon(
      [
        'cert',
        'import',
        p12File('old.p12', sellerP12({ password: 'x', notAfter: new Date(Date.now() - DAY) })),
        '--password-stdin',
        '--data-dir',
        dataDir,
      ],
      { input: 'x', env },
    );
    expect(expired.status).toBe(1);
    expect(expired.stderr).toContain('không còn hiệu lực');
    expect(JSON.parse(runHoadon(['cert', 'show', '--json', '--data-dir', dataDir]).stdout)).toMatchObject({
      certificate: 'demo',
    });
  });

  it("installs the seller's certificate in a running node: /health says imported and invoice XML is signed with it", async () => {
    const node = await startTestNode({ dataDir, config: { trustedCaFile: testCaFile() } });
    try {
      expect((await node.request('GET', '/health', { token: null })).json.data.signing).toMatchObject({
        source: 'demo',
      });
      const result = runHoadon(
        [
          'cert',
          'import',
          p12File('good.p12', sellerP12({ password: 'mật khẩu' })),
          '--password-stdin',
          '--json',
          '--data-dir',
          dataDir,
        ],
        { input: 'mật khẩu\n', env },
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        certificate: 'imported',
        subject: expect.stringContaining('HOA BINH'),
      });

      expect((await node.request('GET', '/health', { token: null })).json.data.signing).toMatchObject({
        source: 'file',
        trusted: true,
      });
      // Live (the seller set, the registration accepted): its invoices carry the seller's signature.
      expect((await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } })).status).toBe(200);
      await registerAt(node);
      const { id } = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
      const xml = (await node.request('GET', `/invoices/${id}/xml`)).body;
      expect(xml).toContain('MST:0300588569');
      expect(verifyInvoiceXml(xml)).toEqual([]);
    } finally {
      await node.close();
    }
  });
});
