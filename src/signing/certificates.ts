/**
 * X.509 material for the seller's XML signature: a self-signed demo certificate made at first use, and
 * reading the seller's real certificate from a PKCS#12 (.p12/.pfx) file. node:crypto makes keys but
 * neither certificates nor PKCS#12, hence node-forge for those two.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { CertificateError } from './certificate-checks.js';

export { CertificateError };

/**
 * node-forge derives the key of a PBES2 bag (OpenSSL 3's default AES-256-CBC with PBKDF2) from the
 * password's characters cut to bytes, where OpenSSL uses the password's UTF-8 bytes: the same for an ASCII
 * password, not for a Vietnamese one with diacritics ("Failed to decrypt PKCS#12 SafeContents"). Its PBES2
 * step is given the UTF-8 bytes first, and forge's own reading if that fails (a file forge wrote); the MAC
 * and the legacy PBES1 bags keep forge's BMPString encoding, which is OpenSSL's too.
 */
type Pbes2 = (oid: string, params: unknown, password: string) => unknown;
type Pbe = { getCipherForPBES2: Pbes2 & { encoding?: { utf8: boolean } } };

/** Wraps forge's PBES2 step once (per loaded copy of forge) and answers the switch of its encoding. */
function pbes2Encoding(): { utf8: boolean } {
  const pbe = (forge.pki as unknown as { pbe: Pbe }).pbe;
  const installed = pbe.getCipherForPBES2.encoding;
  if (installed) return installed;
  const encoding = { utf8: true };
  const forgeOwn = pbe.getCipherForPBES2;
  const chosen: Pbes2 = (oid, params, password) =>
    forgeOwn(oid, params, encoding.utf8 ? forge.util.encodeUtf8(password) : password);
  pbe.getCipherForPBES2 = Object.assign(chosen, { encoding });
  return encoding;
}

const isAscii = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x80);

function pfxOf(file: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  const read = () =>
    forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary'))), false, password);
  const pbes2 = pbes2Encoding();
  pbes2.utf8 = true;
  try {
    return read();
  } catch (error) {
    // Both readings are the same for an ASCII password.
    if (isAscii(password)) throw error;
    pbes2.utf8 = false;
    try {
      return read();
    } catch {
      throw error;
    } finally {
      pbes2.utf8 = true;
    }
  }
}

/** A key and its certificate in PEM, with the other certificates that came with them (a CA chain). */
export interface FileMaterial {
  privateKeyPem: string;
  certificatePem: string;
  chain: string[];
}

/** The attribute a Vietnamese signing certificate carries the tax code in (UID = "MST:<mst>"). */
const UID = '0.9.2342.19200300.100.1.1';

/**
 * A self-signed certificate for testing only: the tax authority does not trust it. Subject names the seller
 * and says DEMO so that nobody mistakes an XML signed with it for a real one.
 */
export function createDemoCertificate(seller: { name: string; mst: string }, now: Date): Omit<FileMaterial, 'chain'> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = demoSerialNumber();
  certificate.validity.notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  // A UTF8String (forge encodes it; its typings call the tag a class).
  const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class });
  const subject: forge.pki.CertificateField[] = [
    { name: 'commonName', ...utf8(`${seller.name} (DEMO - chỉ dùng thử nghiệm)`) },
    { name: 'organizationName', ...utf8('hoadon demo') },
    { name: 'countryName', value: 'VN' },
    ...(seller.mst ? [{ type: UID, value: `MST:${seller.mst}` }] : []),
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { privateKeyPem, certificatePem: forge.pki.certificateToPem(certificate) };
}

/**
 * 16 random bytes, DER-minimal and positive: the first byte is neither 0 (OpenSSL refuses a leading zero
 * byte that is not needed, "illegal padding", and so refused one demo certificate in 256) nor above 0x7f
 * (which would read as negative).
 */
export function demoSerialNumber(): string {
  const serial = randomBytes(16);
  serial[0] = 1 + (serial[0]! % 0x7f);
  return serial.toString('hex');
}

/**
 * The key and the certificate that belongs to it, from a PKCS#12 file, as OpenSSL 3 writes one by default
 * (PBES2: AES-256-CBC, PBKDF2 with HMAC-SHA256, a SHA-256 MAC) or with `-legacy` (RC2/3DES, SHA-1):
 * node-forge reads both (test/signing/pkcs12.test.ts makes each with the openssl command).
 */
export function readPkcs12(file: Buffer, password: string): FileMaterial {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = pfxOf(file, password);
  } catch {
    // node-forge's own words ("Too few bytes to read ASN.1 value", "Invalid password?") are English and say
    // nothing more to a shop owner than this sentence.
    throw new CertificateError(
      'Không đọc được tệp PKCS#12: sai mật khẩu, hoặc tệp không phải chứng thư số .p12/.pfx, hoặc tệp bị hỏng.',
    );
  }
  const bagsOf = (bagType: string) => p12.getBags({ bagType })[bagType] ?? [];
  const keys = [
    ...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag as string),
    ...bagsOf(forge.pki.oids.keyBag as string),
  ].flatMap((bag) => (bag.key ? [forge.pki.privateKeyToPem(bag.key)] : []));
  const certificates = bagsOf(forge.pki.oids.certBag as string).flatMap((bag) =>
    bag.cert ? [forge.pki.certificateToPem(bag.cert)] : [],
  );
  if (keys.length === 0) throw new CertificateError('Tệp PKCS#12 không chứa khóa riêng.');
  for (const privateKeyPem of keys) {
    const certificatePem = certificates.find((pem) => belongTogether(privateKeyPem, pem));
    if (certificatePem)
      return {
        privateKeyPem: normaliseKey(privateKeyPem),
        certificatePem,
        chain: certificates.filter((pem) => pem !== certificatePem),
      };
  }
  throw new CertificateError('Tệp PKCS#12 không có chứng thư khớp với khóa riêng.');
}

const normaliseKey = (pem: string) => createPrivateKey(pem).export({ type: 'pkcs8', format: 'pem' }).toString();

export function belongTogether(privateKeyPem: string, certificatePem: string): boolean {
  const fromKey = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' });
  const fromCertificate = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' });
  return fromKey.equals(fromCertificate);
}
