/**
 * The seller's signing identity in the data dir (`<data>/signing/`, files mode 0600): a key and certificate
 * imported from a .p12 file (`hoadon cert import`), or a key on a USB token (`hoadon cert use-token`: which
 * token and key, the certificate read from it, the PIN), or, until either, a self-signed demo certificate
 * made at first use, for testing only. A certificate is checked before it is taken (certificate-checks.ts)
 * and kept for ever in the history (certificates.repository.ts). /health says which one signs.
 */
import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors.js';
import { CertificateError, certificatesIn, chainsToTrustedRoot, checkSellerCertificate } from './certificate-checks.js';
import { belongTogether, createDemoCertificate, readPkcs12 } from './certificates.js';
import type { KeptCertificate } from './certificates.repository.js';
import { type SigningMaterial, subjectOf } from './keys.js';
import { SyncCallError } from './sync-call.js';
import type { TokenKeyRef, TokenProblemCode } from './token.js';
import { derToPem } from './token-listing.js';
import { askTokenThread, CHECK_WAIT_MS, listTokenKeys } from './token-thread.js';
import { useTokenSigner } from './token-signer.js';
import { shippedTrust } from './trust-store.js';

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

export interface CertificateSummary {
  certificate: CertificateSource;
  source: KeySource;
  subject: string;
  serial: string;
  validFrom: string;
  validTo: string;
  trusted: boolean;
}

/** /health.signing: what signs, and when it cannot, why and what to do. */
export interface SigningHealth {
  source: KeySource;
  subject: string;
  serial: string;
  notAfter: string;
  trusted: boolean;
  problem?: string;
  action?: string;
}

const KEY_FILE = 'seller-key.pem';
const CERTIFICATE_FILE = 'seller-certificate.pem';
const CHAIN_FILE = 'seller-chain.pem';
const SOURCE_FILE = 'source';
const TOKEN_FILE = 'token.json';
export const PIN_FILE = 'token-pin';

/** How long a look at the token stands for the issuing path (each invoice would otherwise ask the token). */
const TOKEN_CHECK_MS = 1000;

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

/** What the token's owner must do for each problem, in the words /health and the notification use. */
const ACTIONS: Record<TokenProblemCode | 'expired' | 'unreadable', string> = {
  absent: 'Cắm lại thiết bị ký số (USB token) vào máy cửa hàng; việc ký tiếp tục ngay, không cần khởi động lại.',
  locked:
    'Mở khóa mã PIN của token bằng mã PUK (phần mềm của nhà cung cấp chữ ký số), rồi nhập lại: hoadon cert use-token.',
  pin: 'Nhập lại mã PIN đúng: hoadon cert use-token --pin-stdin (hoặc Cài đặt → Chữ ký số).',
  key: 'Chọn lại khóa trên token: hoadon cert use-token.',
  module: 'Kiểm tra đường dẫn thư viện PKCS#11 của token (--module), rồi chọn lại: hoadon cert use-token.',
  expired:
    'Gia hạn chứng thư số với nhà cung cấp, rồi nhập chứng thư mới (hoadon cert import hoặc hoadon cert use-token).',
  unreadable:
    'Nhập lại chứng thư số của người bán (hoadon cert import) hoặc chọn lại khóa trên token (hoadon cert use-token).',
};

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
  const file = (name: string) => join(dir, name);
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
      stampRead = { at, mtimeMs: statSync(file(CERTIFICATE_FILE), { throwIfNoEntry: false })?.mtimeMs ?? -1 };
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

  /** Installs a certificate with its key (a PEM) or a token's key: the key first, the source last. */
  function install(
    certificatePem: string,
    chain: string[],
    key: { privateKeyPem: string } | { token: Omit<TokenKeyRef, 'pinFile'>; pin: string },
    keySource: KeySource,
    trusted: boolean,
  ): void {
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
    keep(certificatePem, keySource, trusted);
    cached = undefined;
    sourceRead = undefined;
    stampRead = undefined;
  }

  function keySourceOnDisk(): KeySource {
    const text = readIf(file(SOURCE_FILE))?.trim();
    return text === 'token' ? 'token' : text === 'imported' ? 'file' : 'demo';
  }

  function load(): SigningIdentity | undefined {
    const certificatePem = readIf(file(CERTIFICATE_FILE));
    if (!certificatePem) return undefined;
    const keySource = keySourceOnDisk();
    const chain = certificatesIn(readIf(file(CHAIN_FILE)) ?? '');
    const trusted = () => keySource !== 'demo' && chainsToTrustedRoot(certificatePem, chain, roots(), deps.now());
    if (keySource === 'token') {
      const token = JSON.parse(readIf(file(TOKEN_FILE)) ?? '{}') as Omit<TokenKeyRef, 'pinFile'>;
      return {
        certificatePem,
        token: { ...token, pinFile: file(PIN_FILE) },
        ...describe(certificatePem, keySource, trusted()),
      };
    }
    const privateKeyPem = readIf(file(KEY_FILE));
    if (privateKeyPem && usable({ privateKeyPem, certificatePem }))
      return { privateKeyPem, certificatePem, ...describe(certificatePem, keySource, trusted()) };
    // A demo pair only ever signs for testing, so an unreadable one is made anew: before its serial was
    // fixed, one demo certificate in 256 was refused by OpenSSL and would have stopped every signature.
    if (keySource === 'demo') return undefined;
    // The seller's own certificate is never replaced silently: a broken pair stops signing until it is fixed.
    throw new CertificateError(`Khóa và chứng thư số trong ${dir} không đọc được hoặc không khớp nhau.`);
  }

  /**
   * The identity that signs: the stored one, or a demo certificate made now (first use). Read again when
   * the certificate file changes, so that `hoadon cert import` takes effect in a running node.
   */
  function identity(): SigningIdentity {
    if (cached && cached.stamp === stamp()) return cached.identity;
    let identity = load();
    if (!identity) {
      const demo = createDemoCertificate(deps.seller(), deps.now());
      install(demo.certificatePem, [], demo, 'demo', false);
      identity = load() as SigningIdentity;
    } else keep(identity.certificatePem, identity.keySource, identity.trusted);
    cached = { identity, stamp: stamp() };
    return identity;
  }

  /** Which certificate signs, without making one (demo mode asks on every invoice): `demo` until one is imported. */
  let sourceRead: { source: CertificateSource; stamp: number } | undefined;
  function source(): CertificateSource {
    const now = stamp();
    if (sourceRead?.stamp === now) return sourceRead.source;
    sourceRead = { source: now !== -1 && keySourceOnDisk() !== 'demo' ? 'imported' : 'demo', stamp: now };
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

  /** The last look at the token, kept a second; the problem last told to the owner. */
  let tokenLook: { at: number; ref: string; problem?: { code: TokenProblemCode; message: string } } | undefined;
  let told: string | undefined;

  function lookAtToken(ref: TokenKeyRef) {
    const at = Date.now();
    const key = JSON.stringify(ref);
    if (tokenLook && tokenLook.ref === key && at - tokenLook.at < TOKEN_CHECK_MS) return tokenLook.problem;
    let problem: { code: TokenProblemCode; message: string } | undefined;
    try {
      askTokenThread({ op: 'check', ref }, CHECK_WAIT_MS);
    } catch (error) {
      const code = (error instanceof SyncCallError && (error.code as TokenProblemCode)) || 'absent';
      problem = { code: code in ACTIONS ? code : 'absent', message: (error as Error).message };
    }
    tokenLook = { at, ref: key, problem };
    return problem;
  }

  /** Why the seller's certificate cannot sign now, with what to do; undefined when it can. */
  function problem(): { status: 409 | 503; message: string; action: string; key: string } | undefined {
    const current = identity();
    if (current.keySource === 'demo') return undefined;
    if (deps.now().getTime() > Date.parse(current.notAfter))
      return {
        status: 409,
        message: `Chứng thư số của người bán (số sê-ri ${current.serial}) đã hết hạn ngày ${current.notAfter.slice(0, 10)}: không ký được hóa đơn.`,
        action: ACTIONS.expired,
        key: `expired:${current.serial}`,
      };
    if (!current.token) return undefined;
    const found = lookAtToken(current.token);
    return (
      found && {
        status: 503,
        message: `${found.message} Chưa lập được hóa đơn: hóa đơn phải được ký số.`,
        action: ACTIONS[found.code],
        key: `token:${found.code}`,
      }
    );
  }

  /** The problem, or a key or certificate that cannot be read at all (a file damaged or removed). */
  function problemOrUnreadable(): ReturnType<typeof problem> {
    try {
      return problem();
    } catch {
      // The library's own words (OpenSSL's, in English) say nothing to a shop owner.
      const message =
        'Không đọc được khóa ký hoặc chứng thư số của người bán trong thư mục dữ liệu: chưa lập được hóa đơn.';
      return { status: 503, message, action: ACTIONS.unreadable, key: 'unreadable' };
    }
  }

  return {
    identity,
    summary,
    source,

    /**
     * Refuses at once (before an invoice takes its number) when the seller's certificate cannot sign: the
     * token is absent or its PIN locked (503), the certificate has expired (409). The owner is told once.
     */
    assertCanSign(): void {
      const found = problemOrUnreadable();
      if (!found) {
        told = undefined;
        return;
      }
      if (told !== found.key) {
        told = found.key;
        deps.onProblem?.({
          title: 'Không ký được hóa đơn',
          message: `${found.message} ${found.action}`,
          key: found.key,
        });
      }
      throw new AppError(
        found.status === 503 ? 'SERVICE_UNAVAILABLE' : 'INVALID_STATE',
        found.status,
        `${found.message} ${found.action}`,
      );
    },

    /** /health.signing. */
    health(): SigningHealth {
      const { keySource, subject, serial, notAfter, trusted } = identity();
      const found = problemOrUnreadable();
      return {
        source: keySource,
        subject,
        serial,
        notAfter,
        trusted,
        ...(found ? { problem: found.message, action: found.action } : {}),
      };
    },

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
          tokenLook = undefined;
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
