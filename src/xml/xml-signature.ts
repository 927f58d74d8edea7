/**
 * XML-DSig signatures as every real sample of the tax format has them (docs/tax-format.md §6):
 * enveloped, RSA-SHA256, inclusive C14N 20010315, a reference to the signed part by its Id with the
 * enveloped-signature transform only, a second reference to an `Object/SignatureProperties` holding the
 * SigningTime, and the X.509 certificate embedded. The same profile signs an invoice (DSCKS/NBan), a
 * registration or notice (DSCKS/NNT) and a package (TDiep/CKSNNT).
 */
import { SignedXml } from 'xml-crypto';
import { privateKeyOf, type SigningMaterial, subjectOf } from '../signing/keys.js';
import type { TokenKeyRef } from '../signing/token.js';
import { signWithToken } from '../signing/token-signer.js';

export const ALGORITHMS = {
  signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  signatureProperties: 'http://www.w3.org/2000/09/xmldsig#SignatureProperties',
} as const;

const pemBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SignatureSpec {
  /**
   * xpaths of the signed elements, each carrying an Id; `document` signs the whole document (URI="",
   * enveloped), as the package signature CKSNNT does.
   */
  signed: string[] | 'document';
  /** xpath of the element the Signature is appended to. */
  locationPath: string;
  /** Id of the Signature element; the SigningTime object is `SigningTime-<signatureId>`. */
  signatureId: string;
  /** "YYYY-MM-DDThh:mm:ss" in GMT+7, without a zone, as the samples write it. */
  signingTime: string;
  identity: SigningMaterial;
}

/**
 * RSA-SHA256 computed by the token (C_Sign with CKM_SHA256_RSA_PKCS hashes and pads there): the same
 * signature value xml-crypto's own algorithm computes with a key in memory.
 */
function tokenRsaSha256(ref: TokenKeyRef) {
  return class {
    getSignature = (signedInfo: string) => signWithToken(ref, Buffer.from(signedInfo, 'utf8')).toString('base64');
    verifySignature = () => false;
    getAlgorithmName = () => ALGORITHMS.signature;
  };
}

/** Signs one element of `xml` and returns the whole document with the Signature in place. */
export function signXml(xml: string, spec: SignatureSpec): string {
  const timeId = `SigningTime-${spec.signatureId}`;
  const subject = subjectOf(spec.identity.certificatePem);
  const { token } = spec.identity;
  const signer = new SignedXml({
    // xml-crypto wants a key even when the algorithm below signs without one.
    privateKey: token ? 'on the token' : privateKeyOf(spec.identity.privateKeyPem),
    publicCert: spec.identity.certificatePem,
    signatureAlgorithm: ALGORITHMS.signature,
    canonicalizationAlgorithm: ALGORITHMS.c14n,
    getKeyInfoContent: () =>
      `<X509Data><X509SubjectName>${escapeText(subject)}</X509SubjectName><X509Certificate>${pemBody(spec.identity.certificatePem)}</X509Certificate></X509Data>`,
    objects: [
      {
        content: `<SignatureProperties><SignatureProperty Target="#${spec.signatureId}"><SigningTime>${spec.signingTime}</SigningTime></SignatureProperty></SignatureProperties>`,
        attributes: { Id: timeId },
      },
    ],
  });
  if (token) signer.SignatureAlgorithms = { [ALGORITHMS.signature]: tokenRsaSha256(token) };
  const targets = spec.signed === 'document' ? ['/*'] : spec.signed;
  for (const xpath of targets)
    signer.addReference({
      xpath,
      digestAlgorithm: ALGORITHMS.digest,
      transforms: [ALGORITHMS.enveloped],
      isEmptyUri: spec.signed === 'document',
    });
  signer.addReference({
    xpath: `${spec.locationPath}/*[local-name(.)='Signature']/*[local-name(.)='Object'][@Id='${timeId}']`,
    digestAlgorithm: ALGORITHMS.digest,
    // xml-crypto writes at least one transform; C14N is what a reference without one gets anyway.
    transforms: [ALGORITHMS.c14n],
    type: ALGORITHMS.signatureProperties,
  });
  signer.computeSignature(xml, {
    attrs: { Id: spec.signatureId },
    location: { reference: spec.locationPath, action: 'append' },
  });
  return signer.getSignedXml();
}

// Paths from the root, not `//*[@Id=…]`: xml-crypto's xpath engine builds a context per node and predicate,
// and a search of the whole invoice cost more than the RSA signature.
const HDON = "/*[local-name(.)='HDon']";

/**
 * Signs an invoice (an HDon whose DLHDon carries Id `dataId`) under DSCKS/NBan. Passing the invoice's own
 * time as `signingTime` keeps the output the same for the same invoice and certificate.
 */
export function signInvoiceXml(
  xml: string,
  options: { dataId: string; signingTime: string; identity: SigningMaterial },
): string {
  return signXml(xml, {
    signed: [`${HDON}/*[local-name(.)='DLHDon'][@Id='${options.dataId}']`],
    locationPath: `${HDON}/*[local-name(.)='DSCKS']/*[local-name(.)='NBan']`,
    signatureId: `NBan-${options.dataId}`,
    signingTime: options.signingTime,
    identity: options.identity,
  });
}

/** The Id of a package's DLieu: "_" + MTDiep, as real senders write it ([VB]; an NCName, unlike the MTDiep). */
export const packageDataId = (messageId: string) => `_${messageId}`;

/**
 * Signs a package (a TDiep built with an empty CKSNNT and `<DLieu Id="_<MTDiep>">`) as real senders do
 * (docs/tax-format.md §10): in TDiep/CKSNNT, a reference to `#_<MTDiep>` with the enveloped
 * transform, then the SigningTime reference. Here beside the invoice's, rather than with the messages of
 * src/tax-messages, so that the XML thread signs packages without importing the messages that are built on
 * this folder.
 */
export function signPackage(
  xml: string,
  options: { signingTime: string; identity: SigningMaterial; messageId: string },
): string {
  return signXml(xml, {
    signed: [`/*[local-name(.)='TDiep']/*[local-name(.)='DLieu'][@Id='${packageDataId(options.messageId)}']`],
    locationPath: "/*[local-name(.)='TDiep']/*[local-name(.)='CKSNNT']",
    signatureId: `CKSNNT-${options.messageId}`,
    signingTime: options.signingTime,
    identity: options.identity,
  });
}
