/**
 * What a token shows before its PIN, as the owner reads it when choosing (docs/going-live.md): each
 * certificate's subject, issuer, serial, end of validity and the MST it names, so that the right token and
 * key are picked before a PIN try is spent.
 */
import { X509Certificate } from 'node:crypto';
import { mstOfCertificate } from './certificate-checks.js';
import { subjectOf } from './keys.js';
import type { TokenListing } from './token.js';

/** A certificate a token stores (CKA_VALUE, DER in base64) as PEM. */
export const derToPem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;

export function describeTokens(tokens: readonly TokenListing[]) {
  return tokens.map(({ label, serial, pinLocked, certificates }) => ({
    label,
    serial,
    pinLocked,
    certificates: certificates.flatMap(({ keyId, certificateDer }) => {
      const pem = derToPem(certificateDer);
      let certificate: X509Certificate;
      try {
        certificate = new X509Certificate(pem);
      } catch {
        // An object the token calls a certificate that is not one a seller could sign with: not offered.
        return [];
      }
      const mst = mstOfCertificate(pem);
      return [
        {
          keyId,
          subject: subjectOf(pem),
          issuer: certificate.issuer.split('\n').join(', '),
          serial: certificate.serialNumber,
          validTo: new Date(certificate.validTo).toISOString(),
          ...(mst && { mst }),
        },
      ];
    }),
  }));
}
