/**
 * Keys and certificates as signing and checking an invoice's XML use them: node:crypto only, so that the XML
 * thread (src/xml/xml-thread.ts) does not load node-forge, which only making a certificate needs.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { TokenKeyRef } from './token.js';

/** A certificate and its private key: a PEM (a .p12 imported), or a key that stays on a USB token. */
export type SigningMaterial =
  | { privateKeyPem: string; certificatePem: string; token?: undefined }
  | { token: TokenKeyRef; certificatePem: string; privateKeyPem?: undefined };

/**
 * Parsing a key or a certificate costs more than the RSA operation itself, and every invoice is signed (and
 * checked) with the same one. A few are kept, by their text; the bound matters for verification, which reads
 * whatever certificate a document embeds.
 */
function remembered<T>(parse: (text: string) => T, size = 8): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      value = parse(text);
      if (cache.size >= size) cache.clear();
      cache.set(text, value);
    }
    return value;
  };
}

/** The certificate's subject on one line, as X509SubjectName shows it ("CN=…, O=…"). */
export const subjectOf = remembered((certificatePem) =>
  new X509Certificate(certificatePem).subject.split('\n').join(', '),
);

/** The private key of a PEM, parsed once: signing with the PEM text would parse it on every signature. */
export const privateKeyOf = remembered((privateKeyPem) => createPrivateKey(privateKeyPem));

/** The public key of a certificate given as base64 DER (X509Certificate's text); throws when it is not one. */
export const certificateKeyOf = remembered((base64) => new X509Certificate(Buffer.from(base64, 'base64')).publicKey);
