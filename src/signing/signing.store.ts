/**
 * The seller's signing key and certificate in the data dir (`<data>/signing/`, files mode 0600). Until the
 * seller imports its real certificate (`hoadon cert import`), a self-signed demo certificate is made at first
 * use, for testing only: /health says which one signs.
 */
import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { belongTogether, CertificateError, createDemoCertificate, readPkcs12 } from './certificates.js';
import { type SigningMaterial, subjectOf } from './keys.js';

export type CertificateSource = 'demo' | 'imported';

export interface SigningIdentity extends SigningMaterial {
  source: CertificateSource;
  subject: string;
}

export interface CertificateSummary {
  certificate: CertificateSource;
  subject: string;
  validFrom: string;
  validTo: string;
}

const KEY_FILE = 'seller-key.pem';
const CERTIFICATE_FILE = 'seller-certificate.pem';
const SOURCE_FILE = 'source';

function usable(material: SigningMaterial): boolean {
  try {
    return belongTogether(material.privateKeyPem, material.certificatePem);
  } catch {
    return false;
  }
}

/** Writes a secret file whole or not at all (temporary name, then rename), readable by the owner only. */
function writePrivate(path: string, content: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export function createSigningStore(deps: {
  dataDir: string;
  seller: () => { name: string; mst: string };
  now: () => Date;
}) {
  const dir = join(deps.dataDir, 'signing');
  const file = (name: string) => join(dir, name);
  /** The identity read last, with the certificate file's modification time it was read at. */
  let cached: { identity: SigningIdentity; stamp: number } | undefined;
  const stamp = () => (existsSync(file(CERTIFICATE_FILE)) ? statSync(file(CERTIFICATE_FILE)).mtimeMs : -1);

  function save(material: SigningMaterial, source: CertificateSource): SigningIdentity {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // The key first: a certificate without its key is never left behind as the one in use.
    writePrivate(file(KEY_FILE), material.privateKeyPem);
    writePrivate(file(CERTIFICATE_FILE), material.certificatePem);
    writePrivate(file(SOURCE_FILE), `${source}\n`);
    return { ...material, source, subject: subjectOf(material.certificatePem) };
  }

  function load(): SigningIdentity | undefined {
    if (!existsSync(file(CERTIFICATE_FILE)) || !existsSync(file(KEY_FILE))) return undefined;
    const material = {
      privateKeyPem: readFileSync(file(KEY_FILE), 'utf8'),
      certificatePem: readFileSync(file(CERTIFICATE_FILE), 'utf8'),
    };
    const source: CertificateSource =
      existsSync(file(SOURCE_FILE)) && readFileSync(file(SOURCE_FILE), 'utf8').trim() === 'imported'
        ? 'imported'
        : 'demo';
    if (usable(material)) return { ...material, source, subject: subjectOf(material.certificatePem) };
    // A demo pair only ever signs for testing, so an unreadable one is made anew: before its serial was
    // fixed, one demo certificate in 256 was refused by OpenSSL and would have stopped every signature.
    if (source === 'demo') return undefined;
    // The seller's own certificate is never replaced silently: a broken pair stops signing until it is fixed.
    throw new CertificateError(`Khóa và chứng thư số trong ${dir} không đọc được hoặc không khớp nhau.`);
  }

  /**
   * The identity that signs: the stored one, or a demo certificate made now (first use). Read again when
   * the certificate file changes, so that `hoadon cert import` takes effect in a running node.
   */
  function identity(): SigningIdentity {
    if (cached && cached.stamp === stamp()) return cached.identity;
    const identity = load() ?? save(createDemoCertificate(deps.seller(), deps.now()), 'demo');
    cached = { identity, stamp: stamp() };
    return identity;
  }

  /** Which certificate signs, without making one (demo mode asks on every invoice): `demo` until one is imported. */
  let sourceRead: { source: CertificateSource; stamp: number } | undefined;
  function source(): CertificateSource {
    const now = stamp();
    if (sourceRead?.stamp === now) return sourceRead.source;
    const text = existsSync(file(SOURCE_FILE)) ? readFileSync(file(SOURCE_FILE), 'utf8').trim() : '';
    sourceRead = { source: now !== -1 && text === 'imported' ? 'imported' : 'demo', stamp: now };
    return sourceRead.source;
  }

  function summary(): CertificateSummary {
    const { source, subject, certificatePem } = identity();
    const certificate = new X509Certificate(certificatePem);
    return {
      certificate: source,
      subject,
      validFrom: new Date(certificate.validFrom).toISOString(),
      validTo: new Date(certificate.validTo).toISOString(),
    };
  }

  return {
    identity,
    summary,
    source,

    /** Installs the seller's certificate from a PKCS#12 file; refuses one that is not valid now. */
    importPkcs12(p12: Buffer, password: string): CertificateSummary {
      const material = readPkcs12(p12, password);
      const certificate = new X509Certificate(material.certificatePem);
      const now = deps.now().getTime();
      if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) {
        throw new CertificateError(
          `Chứng thư số không còn hiệu lực (hiệu lực ${certificate.validFrom} – ${certificate.validTo}).`,
        );
      }
      save(material, 'imported');
      cached = undefined;
      sourceRead = undefined;
      return summary();
    },
  };
}

export type SigningStore = ReturnType<typeof createSigningStore>;
