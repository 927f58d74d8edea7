/**
 * The checks a seller's certificate passes before the node signs with it: issued to the seller's MST (read
 * the ways Vietnamese CAs write it), valid now, allowed to sign, chaining to a trusted root. Each refusal
 * is a 409 in Vietnamese.
 */
import { describe, expect, it } from 'vitest';
import {
  type CertificateCheck,
  CertificateError,
  checkSellerCertificate,
  mstOfCertificate,
} from '../../src/signing/certificate-checks.js';
import { createCa, issueCertificate, newKeyPair, testCa } from '../support/test-ca.js';

const DAY = 24 * 3600 * 1000;
const SELLER = '0100109106';
const UID = '0.9.2342.19200300.100.1.1';
const pair = newKeyPair();
const check = (overrides: Partial<CertificateCheck> = {}): CertificateCheck => ({
  sellerMst: SELLER,
  now: new Date(),
  intermediates: [],
  roots: [testCa().certificatePem],
  allowUntrusted: false,
  ...overrides,
});
const issued = (options: Omit<Parameters<typeof issueCertificate>[0], 'publicKeyPem'> = {}) =>
  issueCertificate({ publicKeyPem: pair.publicKeyPem, mst: SELLER, ...options });

function refusal(run: () => unknown): CertificateError {
  try {
    run();
  } catch (error) {
    if (error instanceof CertificateError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the MST a certificate was issued to', () => {
  it('is read from UID=MST:…, a branch’s included, and from the common name', () => {
    expect(mstOfCertificate(issued())).toBe(SELLER);
    expect(mstOfCertificate(issued({ mst: '0100109106-001' }))).toBe('0100109106-001');
    const inCommonName = issued({
      subject: [
        { name: 'commonName', value: 'CONG TY CO PHAN HOA BINH MST:0300588569' },
        { name: 'countryName', value: 'VN' },
      ],
    });
    expect(mstOfCertificate(inCommonName)).toBe('0300588569');
    const personal = issued({
      subject: [
        { type: UID, value: 'CMND:012345678' },
        { name: 'commonName', value: 'A' },
      ],
    });
    expect(mstOfCertificate(personal)).toBeUndefined();
  });
});

describe('a seller’s certificate', () => {
  it('is taken when it is the seller’s, valid, allowed to sign and issued by a trusted CA', () => {
    expect(checkSellerCertificate(issued(), check())).toEqual({ trusted: true });
    const branch = issued({ mst: '0100109106-001' });
    expect(checkSellerCertificate(branch, check({ sellerMst: '0100109106-001' }))).toEqual({ trusted: true });
  });

  it('is refused when issued to another MST, naming both', () => {
    const error = refusal(() => checkSellerCertificate(issued({ mst: '0101243150' }), check()));
    expect(error.status).toBe(409);
    expect(error.message).toContain('0101243150');
    expect(error.message).toContain(SELLER);
    // The head office's certificate does not sign for a branch, nor a branch's for the head office.
    expect(() => checkSellerCertificate(issued(), check({ sellerMst: '0100109106-001' }))).toThrow(/0100109106-001/);
  });

  it('is refused when it has expired or is not valid yet', () => {
    const expired = issued({ notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - DAY) });
    expect(refusal(() => checkSellerCertificate(expired, check())).message).toContain('không còn hiệu lực');
    const later = issued({ notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 400 * DAY) });
    expect(refusal(() => checkSellerCertificate(later, check())).status).toBe(409);
  });

  it('is refused when its key usage does not allow a digital signature', () => {
    const encryptionOnly = issued({ keyUsage: { keyEncipherment: true } });
    expect(refusal(() => checkSellerCertificate(encryptionOnly, check())).message).toContain('digitalSignature');
  });

  it('is refused when it chains to no trusted root: self-signed, or another CA', () => {
    const selfSigned = issued({ selfKey: pair.forgeKey });
    expect(refusal(() => checkSellerCertificate(selfSigned, check())).message).toContain('HOADON_TRUSTED_CA_FILE');
    const otherCa = issued({ ca: createCa('Another CA') });
    expect(refusal(() => checkSellerCertificate(otherCa, check())).status).toBe(409);
    // Allowed by HOADON_ALLOW_UNTRUSTED_CERT=1, and said so.
    expect(checkSellerCertificate(selfSigned, check({ allowUntrusted: true }))).toEqual({ trusted: false });
  });

  it('chains through an intermediate CA that came with it', () => {
    const intermediateKey = newKeyPair();
    const intermediate = issueCertificate({
      publicKeyPem: intermediateKey.publicKeyPem,
      subject: [
        { name: 'commonName', value: 'Intermediate CA' },
        { name: 'countryName', value: 'VN' },
      ],
      isCa: true,
    });
    const leaf = issued({ ca: { certificatePem: intermediate, key: intermediateKey.forgeKey } });
    expect(checkSellerCertificate(leaf, check({ intermediates: [intermediate] }))).toEqual({ trusted: true });
    expect(() => checkSellerCertificate(leaf, check())).toThrow(/HOADON_TRUSTED_CA_FILE/);
  });
});
