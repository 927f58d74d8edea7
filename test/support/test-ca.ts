/**
 * A certification authority for tests, as a Vietnamese CA issues a seller's certificate: the subject names
 * the seller with UID=MST:<mst> (or any other convention a test wants), key usage digitalSignature and
 * nonRepudiation, a year of validity. Nodes trust it through `trustedRoots` or HOADON_TRUSTED_CA_FILE
 * (`testCaFile()`). Made once per test process.
 */
import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';

const DAY = 24 * 3600 * 1000;
export const UID = '0.9.2342.19200300.100.1.1';

export interface TestCa {
  certificatePem: string;
  key: forge.pki.rsa.PrivateKey;
}

const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class });

function forgeKey(key: KeyObject): forge.pki.rsa.PrivateKey {
  return forge.pki.privateKeyFromPem(key.export({ type: 'pkcs8', format: 'pem' }).toString());
}

export function createCa(name = 'hoadon Test CA'): TestCa {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forgeKey(privateKey);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.now() - 30 * DAY);
  certificate.validity.notAfter = new Date(Date.now() + 3650 * DAY);
  const subject = [
    { name: 'commonName', ...utf8(name) },
    { name: 'countryName', value: 'VN' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), key };
}

let shared: TestCa | undefined;
/** The CA the test nodes trust. */
export const testCa = (): TestCa => (shared ??= createCa());

let sharedFile: string | undefined;
/** The test CA as a file, for HOADON_TRUSTED_CA_FILE. */
export function testCaFile(): string {
  if (!sharedFile) {
    sharedFile = join(mkdtempSync(join(tmpdir(), 'hoadon-ca-')), 'ca.pem');
    writeFileSync(sharedFile, testCa().certificatePem);
  }
  return sharedFile;
}

export interface IssueOptions {
  /** The public key certified (PEM SPKI). */
  publicKeyPem: string;
  /** The subject's attributes; by default the seller's name and UID=MST:<mst>. */
  subject?: forge.pki.CertificateField[];
  mst?: string;
  notBefore?: Date;
  notAfter?: Date;
  keyUsage?: { digitalSignature?: boolean; nonRepudiation?: boolean; keyEncipherment?: boolean };
  /** Issued by this CA (the test CA by default); `self` signs with `selfKey` instead. */
  ca?: TestCa;
  selfKey?: forge.pki.rsa.PrivateKey;
  /** An intermediate CA's certificate rather than a seller's. */
  isCa?: boolean;
}

/** A certificate for `publicKeyPem`, as PEM. */
export function issueCertificate(options: IssueOptions): string {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(options.publicKeyPem);
  certificate.serialNumber = `5a${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  certificate.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY);
  const subject = options.subject ?? [
    { name: 'commonName', ...utf8('CÔNG TY TNHH CÀ PHÊ HÒA BÌNH') },
    { name: 'countryName', value: 'VN' },
    { type: UID, value: `MST:${options.mst ?? '0300588569'}` },
  ];
  certificate.setSubject(subject);
  const ca = options.ca ?? testCa();
  const cert = options.selfKey ? undefined : forge.pki.certificateFromPem(ca.certificatePem);
  certificate.setIssuer(cert ? cert.subject.attributes : subject);
  certificate.setExtensions(
    options.isCa
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', ...(options.keyUsage ?? { digitalSignature: true, nonRepudiation: true }) },
        ],
  );
  certificate.sign(options.selfKey ?? ca.key, forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
}

/** A new RSA key pair: the private key in PKCS#8 PEM and forge's form, the public key in SPKI PEM. */
export function newKeyPair() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString(),
    forgeKey: forgeKey(privateKey),
  };
}

/** A PKCS#12 file (forge, 3DES) of a key and its certificate, with the CA's certificate in it. */
export function pkcs12Of(
  pair: { forgeKey: forge.pki.rsa.PrivateKey },
  certificatePem: string,
  password = '',
  chain: string[] = [testCa().certificatePem],
): Buffer {
  const certificates = [certificatePem, ...chain].map((pem) => forge.pki.certificateFromPem(pem));
  const asn1 = forge.pkcs12.toPkcs12Asn1(pair.forgeKey, certificates, password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
