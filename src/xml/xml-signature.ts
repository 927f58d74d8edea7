/**
 * The seller's XML-DSig signature of an invoice: enveloped, RSA-SHA256, exclusive canonicalisation,
 * references to DLHDon (by its Id) and to the signing-time object, the X.509 certificate embedded, placed
 * under DSCKS/NBan as the tax format wants.
 */
import { SignedXml } from 'xml-crypto';
import { privateKeyOf, type SigningMaterial, subjectOf } from '../signing/keys.js';

export const ALGORITHMS = {
  signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  c14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

const pemBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Paths from the root, not `//*[@Id=…]`: xml-crypto's xpath engine builds a context per node and predicate,
// and a search of the whole invoice cost more than the RSA signature.
const HDON = "/*[local-name(.)='HDon']";
const NBAN = `${HDON}/*[local-name(.)='DSCKS']/*[local-name(.)='NBan']`;

/**
 * Signs `xml` (an HDon whose DLHDon carries Id `dataId`). `signingTime` is "YYYY-MM-DDThh:mm:ss" in GMT+7;
 * passing the invoice's own time keeps the output the same for the same invoice and certificate.
 */
export function signInvoiceXml(
  xml: string,
  options: { dataId: string; signingTime: string; identity: SigningMaterial },
): string {
  const signatureId = `NBan-${options.dataId}`;
  const timeId = `SigningTime-${options.dataId}`;
  const subject = subjectOf(options.identity.certificatePem);
  const signer = new SignedXml({
    privateKey: privateKeyOf(options.identity.privateKeyPem),
    publicCert: options.identity.certificatePem,
    signatureAlgorithm: ALGORITHMS.signature,
    canonicalizationAlgorithm: ALGORITHMS.c14n,
    getKeyInfoContent: () =>
      `<X509Data><X509SubjectName>${escapeText(subject)}</X509SubjectName><X509Certificate>${pemBody(options.identity.certificatePem)}</X509Certificate></X509Data>`,
    objects: [
      {
        content: `<SignatureProperties><SignatureProperty Target="#${signatureId}"><SigningTime>${options.signingTime}</SigningTime></SignatureProperty></SignatureProperties>`,
        attributes: { Id: timeId },
      },
    ],
  });
  signer.addReference({
    xpath: `${HDON}/*[local-name(.)='DLHDon'][@Id='${options.dataId}']`,
    digestAlgorithm: ALGORITHMS.digest,
    transforms: [ALGORITHMS.enveloped, ALGORITHMS.c14n],
  });
  signer.addReference({
    xpath: `${NBAN}/*[local-name(.)='Signature']/*[local-name(.)='Object'][@Id='${timeId}']`,
    digestAlgorithm: ALGORITHMS.digest,
    transforms: [ALGORITHMS.c14n],
  });
  signer.computeSignature(xml, {
    attrs: { Id: signatureId },
    location: { reference: NBAN, action: 'append' },
  });
  return signer.getSignedXml();
}
