/**
 * What the node checks of a seller's certificate before it signs with it (a .p12 imported, a key chosen on a
 * token): the MST it was issued to is the seller's, it is valid now, its key usage allows a digital
 * signature, and it chains to a root the node trusts. Plain functions over PEM text (docs/security.md
 * "The seller's certificate").
 */
import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export class CertificateError extends Error {
  override name = 'CertificateError';
  constructor(
    message: string,
    /** 400: not a certificate (or not readable); 409: a certificate the seller cannot sign with. */
    readonly status: 400 | 409 = 400,
  ) {
    super(message);
  }
}

/** UID (0.9.2342.19200300.100.1.1): the attribute Vietnamese CAs put "MST:<mst>" in. */
const UID = '0.9.2342.19200300.100.1.1';
const MST_IN_TEXT = /MST\s*[:.]?\s*(\d{10}(?:-\d{3})?)(?!\d)/i;

/** The subject's attributes, each with its text (forge decodes UTF8String, which X509Certificate escapes). */
function subjectAttributes(pem: string): { type: string; value: string }[] {
  try {
    return forge.pki
      .certificateFromPem(pem)
      .subject.attributes.map((a) => ({ type: a.type ?? '', value: forge.util.decodeUtf8(String(a.value)) }));
  } catch {
    // forge reads RSA certificates only; any other still has its subject in X509Certificate's text.
    return new X509Certificate(pem).subject.split('\n').map((line) => {
      const at = line.indexOf('=');
      return { type: line.slice(0, at), value: line.slice(at + 1) };
    });
  }
}

/**
 * The MST a certificate was issued to, read the ways Vietnamese CAs write it in the subject: in UID
 * ("UID=MST:0100109106", which Windows shows as "OID.0.9.2342.19200300.100.1.1=MST:0100109106"), a
 * branch's with its suffix ("MST:0100109106-001"), or at the end of the common name ("CN=CÔNG TY A
 * MST:0100109106"). UID is read first; undefined when no attribute names one.
 */
export function mstOfCertificate(pem: string): string | undefined {
  const attributes = subjectAttributes(pem);
  const ordered = [
    ...attributes.filter((a) => a.type === UID || a.type === 'UID'),
    ...attributes.filter((a) => a.type !== UID && a.type !== 'UID'),
  ];
  for (const { value } of ordered) {
    const found = MST_IN_TEXT.exec(value);
    if (found) return found[1];
  }
  return undefined;
}

/** Whether the key usage extension allows a digital signature (a certificate without one allows any use). */
function allowsDigitalSignature(pem: string): boolean {
  try {
    const usage = forge.pki.certificateFromPem(pem).getExtension('keyUsage') as {
      digitalSignature?: boolean;
      nonRepudiation?: boolean;
    } | null;
    return !usage || usage.digitalSignature === true;
  } catch {
    return false;
  }
}

const validAt = (certificate: X509Certificate, now: Date) =>
  now.getTime() >= Date.parse(certificate.validFrom) && now.getTime() <= Date.parse(certificate.validTo);

/** Each certificate of a PEM bundle (a CA file holds several). */
export function certificatesIn(bundle: string): string[] {
  return bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/**
 * Whether `pem` chains to one of `roots` through `intermediates` (as a .p12 or a token carries them): each
 * certificate issued and signed by the next, each valid at `now`, the last one a trusted root.
 */
export function chainsToTrustedRoot(pem: string, intermediates: string[], roots: string[], now: Date): boolean {
  const trusted = roots.map((root) => new X509Certificate(root));
  const pool = intermediates.map((text) => new X509Certificate(text));
  let current = new X509Certificate(pem);
  for (let depth = 0; depth < 8; depth++) {
    if (!validAt(current, now)) return false;
    const signedBy = (issuer: X509Certificate) =>
      validAt(issuer, now) && current.checkIssued(issuer) && current.verify(issuer.publicKey);
    if (trusted.some(signedBy)) return true;
    const next = pool.find((candidate) => candidate.fingerprint256 !== current.fingerprint256 && signedBy(candidate));
    if (!next) return false;
    current = next;
  }
  return false;
}

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

export interface CertificateCheck {
  sellerMst: string;
  now: Date;
  intermediates: string[];
  roots: string[];
  /** HOADON_ALLOW_UNTRUSTED_CERT=1: a certificate that does not chain is taken, and said so everywhere. */
  allowUntrusted: boolean;
}

/**
 * Refuses a certificate the seller cannot sign with (CertificateError, 409, in Vietnamese); answers
 * whether it chains to a trusted root (false only when untrusted ones are allowed).
 */
export function checkSellerCertificate(pem: string, check: CertificateCheck): { trusted: boolean } {
  const certificate = new X509Certificate(pem);
  const mst = mstOfCertificate(pem);
  if (!mst)
    throw new CertificateError(
      `Chứng thư số không ghi mã số thuế (UID=MST:…) trong chủ thể: không dùng được để ký hóa đơn của người bán ${check.sellerMst}.`,
      409,
    );
  if (mst !== check.sellerMst)
    throw new CertificateError(
      `Chứng thư số cấp cho mã số thuế ${mst}, không phải mã số thuế người bán ${check.sellerMst}.`,
      409,
    );
  if (!validAt(certificate, check.now))
    throw new CertificateError(
      `Chứng thư số không còn hiệu lực (hiệu lực từ ${day(certificate.validFrom)} đến ${day(certificate.validTo)}).`,
      409,
    );
  if (!allowsDigitalSignature(pem))
    throw new CertificateError('Chứng thư số không cho phép ký số (key usage thiếu digitalSignature).', 409);
  const trusted = chainsToTrustedRoot(pem, check.intermediates, check.roots, check.now);
  if (!trusted && !check.allowUntrusted)
    throw new CertificateError(
      // The owner reads this on the going-live checklist: what to do first, the variable for IT last.
      `Chứng thư số do "${certificate.issuer.split('\n').join(', ')}" cấp không dẫn tới một CA gốc tin cậy: hãy dùng chứng thư số của một tổ chức cung cấp dịch vụ chữ ký số công cộng được cấp phép. Bộ phận kỹ thuật có thể thêm CA gốc khác bằng HOADON_TRUSTED_CA_FILE (docs/security.md).`,
      409,
    );
  return { trusted };
}
