/**
 * The seller's signing identity as files in the data dir (`<data>/signing/`, mode 0600): the certificate,
 * its chain, the key (a PEM) or which key on a USB token (with its PIN), and which of them signs (`source`).
 * Written whole or not at all, read back as a `SigningIdentity`; signing.store.ts decides when.
 */
import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CertificateError, certificatesIn, chainsToTrustedRoot } from './certificate-checks.js';
import { belongTogether } from './certificates.js';
import { type SigningMaterial, subjectOf } from './keys.js';
import type { TokenKeyRef } from './token.js';

/** What node-mode.ts reads: `imported` for the seller's own certificate, whether in a file or on a token. */
export type CertificateSource = 'demo' | 'imported';
/** Where the key is. */
export type KeySource = 'demo' | 'file' | 'token';

export type SigningIdentity = SigningMaterial & {
  source: CertificateSource;
  keySource: KeySource;
  subject: string;
  /** The certificate's serial number (hex, upper case, as X509Certificate gives it). */
  serial: string;
  notAfter: string;
  /** Whether it chains to a trusted root; false only under HOADON_ALLOW_UNTRUSTED_CERT=1 (and for demo). */
  trusted: boolean;
};

const KEY_FILE = 'seller-key.pem';
export const CERTIFICATE_FILE = 'seller-certificate.pem';
const CHAIN_FILE = 'seller-chain.pem';
const SOURCE_FILE = 'source';
const TOKEN_FILE = 'token.json';
export const PIN_FILE = 'token-pin';

function usable(material: { privateKeyPem: string; certificatePem: string }): boolean {
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

const readIf = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

/** The key: a PEM, or a token's key with its PIN. */
export type KeyToStore = { privateKeyPem: string } | { token: Omit<TokenKeyRef, 'pinFile'>; pin: string };

export function createIdentityFiles(dir: string, trust: { roots: () => string[]; now: () => Date }) {
  const file = (name: string) => join(dir, name);

  function describe(certificatePem: string, keySource: KeySource, trusted: boolean) {
    const certificate = new X509Certificate(certificatePem);
    return {
      source: (keySource === 'demo' ? 'demo' : 'imported') as CertificateSource,
      keySource,
      subject: subjectOf(certificatePem),
      serial: certificate.serialNumber,
      notAfter: new Date(certificate.validTo).toISOString(),
      trusted,
    };
  }

  function keySource(): KeySource {
    const text = readIf(file(SOURCE_FILE))?.trim();
    return text === 'token' ? 'token' : text === 'imported' ? 'file' : 'demo';
  }

  return {
    file,
    keySource,

    /** Writes a certificate with its key (a PEM) or a token's key: the key first, the source last. */
    write(certificatePem: string, chain: string[], key: KeyToStore, keySource: KeySource): void {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if ('privateKeyPem' in key) writePrivate(file(KEY_FILE), key.privateKeyPem);
      else {
        writePrivate(file(PIN_FILE), key.pin);
        writePrivate(file(TOKEN_FILE), `${JSON.stringify(key.token)}\n`);
      }
      writePrivate(file(CHAIN_FILE), chain.join(''));
      writePrivate(file(CERTIFICATE_FILE), certificatePem);
      writePrivate(
        file(SOURCE_FILE),
        `${keySource === 'demo' ? 'demo' : keySource === 'token' ? 'token' : 'imported'}\n`,
      );
      // The key of an imported .p12 goes once a token signs: left behind, it stayed readable on disk and in
      // every later backup (docs/security.md, F5). Removed after the source says `token`, so that a crash
      // between the two never leaves the node without the key it signs with.
      if (!('privateKeyPem' in key)) rmSync(file(KEY_FILE), { force: true });
    },

    /**
     * The identity the files hold; undefined when there is none, or a demo pair that cannot be read (made
     * anew by the caller). A broken pair of the seller's own throws.
     */
    load(): SigningIdentity | undefined {
      const certificatePem = readIf(file(CERTIFICATE_FILE));
      if (!certificatePem) return undefined;
      const source = keySource();
      const chain = certificatesIn(readIf(file(CHAIN_FILE)) ?? '');
      const trusted = () => source !== 'demo' && chainsToTrustedRoot(certificatePem, chain, trust.roots(), trust.now());
      if (source === 'token') {
        const token = JSON.parse(readIf(file(TOKEN_FILE)) ?? '{}') as Omit<TokenKeyRef, 'pinFile'>;
        return {
          certificatePem,
          token: { ...token, pinFile: file(PIN_FILE) },
          ...describe(certificatePem, source, trusted()),
        };
      }
      const privateKeyPem = readIf(file(KEY_FILE));
      if (privateKeyPem && usable({ privateKeyPem, certificatePem }))
        return { privateKeyPem, certificatePem, ...describe(certificatePem, source, trusted()) };
      // A demo pair only ever signs for testing, so an unreadable one is made anew: before its serial was
      // fixed, one demo certificate in 256 was refused by OpenSSL and would have stopped every signature.
      if (source === 'demo') return undefined;
      // The seller's own certificate is never replaced silently: a broken pair stops signing until it is fixed.
      throw new CertificateError(`Khóa và chứng thư số trong ${dir} không đọc được hoặc không khớp nhau.`);
    },
  };
}
