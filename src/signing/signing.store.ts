/**
 * The seller's signing identity in the data dir (`<data>/signing/`, files mode 0600): a key and certificate
 * imported from a .p12 file (`hoadon cert import`), or a key on a USB token (`hoadon cert use-token`: which
 * token and key, the certificate read from it, the PIN), or, until either, a self-signed demo certificate
 * made at first use, for testing only. A certificate is checked before it is taken (certificate-checks.ts)
 * and kept for ever in the history (certificates.repository.ts). /health says which one signs. Its files are
 * identity-files.ts's; why it cannot sign now, and /health, signing-problems.ts's.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors.js';
import { CertificateError, certificatesIn, checkSellerCertificate } from './certificate-checks.js';
import { createDemoCertificate, readPkcs12 } from './certificates.js';
import type { KeptCertificate } from './certificates.repository.js';
import {
  CERTIFICATE_FILE,
  type CertificateSource,
  createIdentityFiles,
  type KeySource,
  type KeyToStore,
  type SigningIdentity,
} from './identity-files.js';
import { subjectOf } from './keys.js';
import { createSigningProblems } from './signing-problems.js';
import { SyncCallError } from './sync-call.js';
import { derToPem } from './token-listing.js';
import { useTokenSigner } from './token-signer.js';
import { askTokenThread, listTokenKeys } from './token-thread.js';
import { shippedTrust } from './trust-store.js';

export type { CertificateSource, KeySource, SigningIdentity } from './identity-files.js';
export { PIN_FILE } from './identity-files.js';
export type { SigningHealth } from './signing-problems.js';

export interface CertificateSummary {
  certificate: CertificateSource;
  source: KeySource;
  subject: string;
  serial: string;
  validFrom: string;
  validTo: string;
  trusted: boolean;
}

export interface SigningStoreDeps {
  dataDir: string;
  seller: () => { name: string; mst: string };
  /** The MST a certificate must be issued to: the seller set in the settings ('' while none is); by default `seller`'s. */
  sellerMst?: () => string;
  now: () => Date;
  /** Extra trusted roots (HOADON_TRUSTED_CA_FILE: a PEM file with one or more CA certificates). */
  trustedCaFile?: string;
  /** PEM certificates trusted besides (tests). */
  trustedRoots?: string[];
  /** HOADON_ALLOW_UNTRUSTED_CERT=1: take a certificate that does not chain, and say so. */
  allowUntrusted?: boolean;
  /** The certificate history (absent where the store is used without its database). */
  history?: { add(certificate: KeptCertificate): void; inUseAt(at: string): KeptCertificate | undefined };
  /** Tells the owner (once per problem) that signing stopped. */
  onProblem?: (notice: { title: string; message: string; key: string }) => void;
}

/** How long the certificate file's modification time is taken as read (see `stamp`). */
export const STAMP_FRESH_MS = 5;

export function createSigningStore(deps: SigningStoreDeps) {
  const dir = join(deps.dataDir, 'signing');
  const files = createIdentityFiles(dir, { roots, now: deps.now });
  /** The identity read last, with the certificate file's modification time it was read at. */
  let cached: { identity: SigningIdentity; stamp: number } | undefined;
  /**
   * The certificate file's modification time, read at most once every STAMP_FRESH_MS: a batch of fifty
   * invoices and their answers asked for it some 150 times, two system calls each, a tenth of a read's time.
   * Another process's `hoadon cert import` is seen within that time; `install` forgets it at once.
   */
  let stampRead: { at: number; mtimeMs: number } | undefined;
  const stamp = () => {
    const at = performance.now();
    if (!stampRead || at - stampRead.at >= STAMP_FRESH_MS)
      stampRead = { at, mtimeMs: statSync(files.file(CERTIFICATE_FILE), { throwIfNoEntry: false })?.mtimeMs ?? -1 };
    return stampRead.mtimeMs;
  };

  // The node's event loop reaches the token through the token thread (for registrations and notices).
  useTokenSigner((ref, data) =>
    Buffer.from(askTokenThread<string>({ op: 'sign', ref, data: data.toString('base64') }), 'base64'),
  );

  // The roots shipped with the product, then those HOADON_TRUSTED_CA_FILE adds (src/signing/trust-store.ts).
  function roots(): string[] {
    const extra = deps.trustedCaFile ? certificatesIn(readFileSync(deps.trustedCaFile, 'utf8')) : [];
    return [...shippedTrust().roots, ...extra, ...(deps.trustedRoots ?? [])];
  }

  function checks(intermediates: string[]) {
    const sellerMst = deps.sellerMst ? deps.sellerMst() : deps.seller().mst;
    if (!sellerMst)
      throw new CertificateError(
        'Chưa khai báo người bán (tên và mã số thuế: PATCH /config seller): chưa kiểm tra được chứng thư số cấp cho ai.',
        409,
      );
    return {
      sellerMst,
      now: deps.now(),
      // The chain the certificate came with first, then the licensed CAs' intermediates shipped.
      intermediates: [...intermediates, ...shippedTrust().intermediates],
      roots: roots(),
      allowUntrusted: deps.allowUntrusted ?? false,
    };
  }

  function keep(certificatePem: string, keySource: KeySource, trusted: boolean): void {
    const certificate = new X509Certificate(certificatePem);
    deps.history?.add({
      fingerprint: certificate.fingerprint256,
      serial: certificate.serialNumber,
      subject: subjectOf(certificatePem),
      issuer: certificate.issuer.split('\n').join(', '),
      notBefore: new Date(certificate.validFrom).toISOString(),
      notAfter: new Date(certificate.validTo).toISOString(),
      source: keySource,
      trusted,
      pem: certificatePem,
      addedAt: deps.now().toISOString(),
    });
  }

  /** Installs a certificate with its key (a PEM) or a token's key (identity-files.ts), and keeps it in the history. */
  function install(
    certificatePem: string,
    chain: string[],
    key: KeyToStore,
    keySource: KeySource,
    trusted: boolean,
  ): void {
    files.write(certificatePem, chain, key, keySource);
    keep(certificatePem, keySource, trusted);
    cached = undefined;
    sourceRead = undefined;
    stampRead = undefined;
  }

  /**
   * The identity that signs: the stored one, or a demo certificate made now (first use). Read again when
   * the certificate file changes, so that `hoadon cert import` takes effect in a running node.
   */
  function identity(): SigningIdentity {
    if (cached && cached.stamp === stamp()) return cached.identity;
    let identity = files.load();
    if (!identity) {
      const demo = createDemoCertificate(deps.seller(), deps.now());
      install(demo.certificatePem, [], demo, 'demo', false);
      identity = files.load() as SigningIdentity;
    } else keep(identity.certificatePem, identity.keySource, identity.trusted);
    cached = { identity, stamp: stamp() };
    return identity;
  }

  /** Which certificate signs, without making one (demo mode asks on every invoice): `demo` until one is imported. */
  let sourceRead: { source: CertificateSource; stamp: number } | undefined;
  function source(): CertificateSource {
    const now = stamp();
    if (sourceRead?.stamp === now) return sourceRead.source;
    sourceRead = { source: now !== -1 && files.keySource() !== 'demo' ? 'imported' : 'demo', stamp: now };
    return sourceRead.source;
  }

  function summary(): CertificateSummary {
    const { source, keySource, subject, serial, certificatePem, trusted } = identity();
    const certificate = new X509Certificate(certificatePem);
    return {
      certificate: source,
      source: keySource,
      subject,
      serial,
      validFrom: new Date(certificate.validFrom).toISOString(),
      validTo: new Date(certificate.validTo).toISOString(),
      trusted,
    };
  }

  const problems = createSigningProblems({ identity, now: deps.now, onProblem: deps.onProblem });

  return {
    identity,
    summary,
    source,

    /** Refuses (503, 409) when the seller's certificate cannot sign now (signing-problems.ts). */
    assertCanSign: problems.assertCanSign,
    /** /health.signing. */
    health: problems.health,

    /** Installs the seller's certificate from a PKCS#12 file, once it passes the checks. */
    importPkcs12(p12: Buffer, password: string): CertificateSummary {
      const material = readPkcs12(p12, password);
      const { trusted } = checkSellerCertificate(material.certificatePem, checks(material.chain));
      install(material.certificatePem, material.chain, material, 'file', trusted);
      return summary();
    },

    /**
     * Signs with a key on a token from now on: the one whose certificate (stored on the token under the
     * key's id) passes the checks, or the key `keyId`. The PIN is kept for unattended signing.
     */
    useToken(choice: { module: string; token: string; keyId?: string; pin: string }): CertificateSummary {
      let keys: ReturnType<typeof listTokenKeys>;
      try {
        keys = listTokenKeys(choice.module, choice.token, choice.pin);
      } catch (error) {
        const code = error instanceof SyncCallError ? error.code : undefined;
        throw new AppError(
          code === 'pin' ? 'INVALID_STATE' : 'SERVICE_UNAVAILABLE',
          code === 'pin' ? 409 : 503,
          (error as Error).message,
        );
      }
      const candidates = keys.filter((k) => !choice.keyId || k.keyId === choice.keyId.toLowerCase());
      const withCertificate = candidates.flatMap((k) =>
        k.certificateDer ? [{ keyId: k.keyId, certificatePem: derToPem(k.certificateDer) }] : [],
      );
      if (withCertificate.length === 0)
        throw new CertificateError(
          choice.keyId
            ? `Thiết bị ký số "${choice.token}" không có khóa ${choice.keyId} kèm chứng thư số.`
            : `Thiết bị ký số "${choice.token}" không có khóa nào kèm chứng thư số.`,
          409,
        );
      const others = withCertificate.map((k) => k.certificatePem);
      let refusal: unknown;
      for (const { keyId, certificatePem } of withCertificate) {
        try {
          const chain = others.filter((pem) => pem !== certificatePem);
          const { trusted } = checkSellerCertificate(certificatePem, checks(chain));
          install(
            certificatePem,
            chain,
            { token: { module: choice.module, token: choice.token, keyId }, pin: choice.pin },
            'token',
            trusted,
          );
          problems.forgetTokenLook();
          return summary();
        } catch (error) {
          refusal ??= error;
        }
      }
      throw refusal;
    },

    /**
     * The line a printed invoice carries when the certificate in use when it was made (`createdAt`) chained
     * to no trusted root (HOADON_ALLOW_UNTRUSTED_CERT=1); undefined otherwise.
     */
    untrustedNote(createdAt: string): string | undefined {
      const used = deps.history?.inUseAt(createdAt);
      if (!used || used.source === 'demo' || used.trusted) return undefined;
      return `Ký bằng chứng thư số chưa xác minh được tới CA gốc tin cậy (số sê-ri ${used.serial}).`;
    },

    /** The certificate that signs now, as PEM (for the accountant or the buyer). */
    certificatePem: () => identity().certificatePem,
  };
}

export type SigningStore = ReturnType<typeof createSigningStore>;
