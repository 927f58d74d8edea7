/**
 * PKCS#12 files as OpenSSL 3 writes them, by default (PBES2: AES-256-CBC with PBKDF2, SHA-256 MAC) and with
 * -legacy (RC2/3DES, SHA-1 MAC), imported into a node; every certificate it signed with kept, exported as PEM.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificatesRepository } from '../../src/signing/certificates.repository.js';
import { LIVE_SELLER } from '../support/live-seller.js';
import { runHoadon } from '../support/processes.js';
import { issueCertificate, newKeyPair, testCa, testCaFile } from '../support/test-ca.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
const files = mkdtempSync(join(tmpdir(), 'hoadon-openssl-p12-'));

/** A key and its certificate for the seller, written by `openssl pkcs12 -export` with `flags`. */
function opensslPkcs12(name: string, password: string, flags: string[]): { file: string; certificatePem: string } {
  const pair = newKeyPair();
  const certificatePem = issueCertificate({ publicKeyPem: pair.publicKeyPem, mst: LIVE_SELLER.mst });
  const at = (file: string) => join(files, `${name}-${file}`);
  writeFileSync(at('key.pem'), pair.privateKeyPem);
  writeFileSync(at('cert.pem'), certificatePem);
  writeFileSync(at('ca.pem'), testCa().certificatePem);
  const file = at('seller.p12');
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    ...flags,
    '-inkey',
    at('key.pem'),
    '-in',
    at('cert.pem'),
    '-certfile',
    at('ca.pem'),
    '-out',
    file,
    '-passout',
    `pass:${password}`,
  ]);
  return { file, certificatePem };
}

/** How openssl itself describes the file's protection (it writes it on stderr). */
const protectionOf = (file: string, password: string, flags: string[] = []) =>
  spawnSync('openssl', ['pkcs12', '-info', '-noout', ...flags, '-in', file, '-passin', `pass:${password}`], {
    encoding: 'utf8',
  }).stderr;

beforeAll(async () => {
  node = await startTestNode({ config: { trustedCaFile: testCaFile() } });
  await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
});
afterAll(() => node?.close());

const importFile = (file: string, password: string) =>
  node.request('POST', '/signing/certificate', {
    body: { pkcs12: readFileSync(file).toString('base64'), password },
  });

describe('PKCS#12 files made by OpenSSL 3', () => {
  it('imports one written with the defaults (AES-256-CBC, PBKDF2, SHA-256 MAC), then a -legacy one', async () => {
    const modern = opensslPkcs12('default', 'Mật-khẩu 3', []);
    const legacy = opensslPkcs12('legacy', 'cũ', ['-legacy']);
    expect(protectionOf(modern.file, 'Mật-khẩu 3')).toContain('Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC');
    expect(protectionOf(modern.file, 'Mật-khẩu 3')).toContain('MAC: sha256');
    expect(protectionOf(legacy.file, 'cũ', ['-legacy'])).toContain('pbeWithSHA1And3-KeyTripleDES-CBC');

    expect((await node.request('GET', '/signing/certificate')).json.data.source).toBe('demo');
    const first = await importFile(modern.file, 'Mật-khẩu 3');
    expect(first.status, first.body).toBe(200);
    expect(first.json.data).toMatchObject({ source: 'file', trusted: true });
    expect(first.json.data.serial).toBe(new X509Certificate(modern.certificatePem).serialNumber);

    const second = await importFile(legacy.file, 'cũ');
    expect(second.status, second.body).toBe(200);
    expect(second.json.data.serial).toBe(new X509Certificate(legacy.certificatePem).serialNumber);

    // Every certificate signed with is kept (the demo one made at start included), none overwritten.
    const kept = createCertificatesRepository(node.node.services.storage.sqlite).all();
    expect(kept.map((c) => c.source)).toEqual(['demo', 'file', 'file']);
    expect(kept.slice(1).map((c) => c.pem)).toEqual([modern.certificatePem, legacy.certificatePem]);

    const exported = await node.request('GET', '/signing/certificate.cer');
    expect(exported.status).toBe(200);
    expect(exported.body).toBe(legacy.certificatePem);
    const shown = runHoadon(['cert', 'show', '--pem', '--data-dir', node.dataDir], {
      env: { HOADON_TRUSTED_CA_FILE: testCaFile() },
    });
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toBe(legacy.certificatePem);
  });

  it('refuses a file that is no PKCS#12 in one Vietnamese sentence, without the library’s English', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoadon-not-p12-'));
    const file = join(dir, 'seller.p12');
    writeFileSync(file, 'not a certificate');
    const run = runHoadon(['cert', 'import', file, '--data-dir', node.dataDir], { input: '\n' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Không đọc được tệp PKCS#12');
    expect(run.stderr).not.toMatch(/ASN\.1|Too few|Invalid/);
  });
});
