import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { buildInvoiceXml, dataId } from '../../src/xml/invoice-xml.js';
import { ALGORITHMS, signInvoiceXml } from '../../src/xml/xml-signature.js';
import { verifyInvoiceXml } from '../../src/xml/xml-verify.js';
import {
  FIXED_INVOICE,
  FIXED_RELATED,
  FIXED_SIGNING_TIME,
  fixedIdentity,
  pinnedSignedXml,
} from './fixtures/fixed-invoice.js';
import { checkWithXmlCrypto } from './fixtures/xml-crypto-check.js';

const DATA_ID = dataId(FIXED_INVOICE.id);
const TIME_ID = `SigningTime-NBan-${DATA_ID}`;
const INCLUSIVE_C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const unsignedXml = () => buildInvoiceXml(FIXED_INVOICE, FIXED_RELATED);

/** The same document with `from` replaced, after checking that it is there. */
function changed(xml: string, from: string | RegExp, to: string): string {
  expect(xml).toMatch(from);
  return xml.replace(from, to);
}

/** Accepted by our check exactly when xml-crypto's checkSignature accepts it, whichever way we read it. */
function expectSameVerdictAsXmlCrypto(xml: string, valid: boolean, what: string) {
  expect(checkWithXmlCrypto(xml), `xml-crypto: ${what}`).toBe(valid);
  expect(verifyInvoiceXml(xml).length === 0, `verifyInvoiceXml: ${what}`).toBe(valid);
}

/** Signs the invoice in a shape signInvoiceXml never writes: C14N as a transform of the data, a Reference Id. */
function signedOtherwise(xml: string): string {
  const { privateKeyPem, certificatePem } = fixedIdentity();
  const body = certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  const signer = new SignedXml({
    privateKey: privateKeyPem,
    signatureAlgorithm: ALGORITHMS.signature,
    canonicalizationAlgorithm: INCLUSIVE_C14N,
    getKeyInfoContent: () => `<X509Data><X509Certificate>${body}</X509Certificate></X509Data>`,
  });
  signer.addReference({
    xpath: "/*/*[local-name(.)='DLHDon']",
    digestAlgorithm: ALGORITHMS.digest,
    transforms: [ALGORITHMS.enveloped, INCLUSIVE_C14N],
    id: 'r1',
  });
  signer.computeSignature(xml, {
    location: { reference: "/*/*[local-name(.)='DSCKS']/*[local-name(.)='NBan']", action: 'append' },
  });
  return signer.getSignedXml();
}

describe('checking the seller signature without xml-crypto searching the document', () => {
  it('agrees with xml-crypto on the signed invoice and on each part changed after signing', () => {
    const signed = pinnedSignedXml();
    expectSameVerdictAsXmlCrypto(signed, true, 'as signed');
    expectSameVerdictAsXmlCrypto(
      changed(signed, '<SHDon>42</SHDon>', '<SHDon>42<!-- not signed --></SHDon>'),
      true,
      'comment in the data',
    );
    expectSameVerdictAsXmlCrypto(changed(signed, '<DLHDon Id=', '<DLHDon  Id='), true, 'spacing inside a tag');
    expectSameVerdictAsXmlCrypto(changed(signed, '<SHDon>42</SHDon>', '<SHDon>43</SHDon>'), false, 'data');
    expectSameVerdictAsXmlCrypto(
      changed(signed, `<SigningTime>${FIXED_SIGNING_TIME}`, '<SigningTime>2026-03-16T10:00:00'),
      false,
      'signing time',
    );
    expectSameVerdictAsXmlCrypto(changed(signed, /<DigestValue>./, '<DigestValue>A'), false, 'digest value');
    expectSameVerdictAsXmlCrypto(changed(signed, /<SignatureValue>./, '<SignatureValue>A'), false, 'signature value');
    expectSameVerdictAsXmlCrypto(
      changed(signed, `<Transform Algorithm="${ALGORITHMS.enveloped}"/>`, ''),
      false,
      'transforms',
    );
    expectSameVerdictAsXmlCrypto(changed(signed, `URI="#${TIME_ID}"`, `URI="#${TIME_ID}x"`), false, 'reference');
  });

  it('accepts a signature in another shape or under a namespace the document declares, and refuses it once changed', () => {
    const otherShape = signedOtherwise(unsignedXml());
    expect(otherShape).toContain(`<Reference URI="#${DATA_ID}" Id="r1">`);
    expectSameVerdictAsXmlCrypto(otherShape, true, 'other shape');
    expectSameVerdictAsXmlCrypto(
      changed(otherShape, '<SHDon>42</SHDon>', '<SHDon>43</SHDon>'),
      false,
      'other shape, data',
    );

    const identity = fixedIdentity();
    const declaring = changed(unsignedXml(), /^<HDon>/, '<HDon xmlns:x="urn:x">');
    const inherited = signInvoiceXml(declaring, { dataId: DATA_ID, signingTime: FIXED_SIGNING_TIME, identity });
    expectSameVerdictAsXmlCrypto(inherited, true, 'inherited namespace');
    expectSameVerdictAsXmlCrypto(
      changed(inherited, 'xmlns:x="urn:x"', 'xmlns:x="urn:y"'),
      false,
      'inherited namespace changed (inclusive C14N signs every namespace in scope)',
    );
    expectSameVerdictAsXmlCrypto(
      changed(inherited, '<SHDon>42</SHDon>', '<SHDon>43</SHDon>'),
      false,
      'inherited namespace, data',
    );
  });

  it('refuses the signing time when its Id is repeated under another spelling', () => {
    for (const attribute of ['Id', 'ID', 'id']) {
      const repeated = changed(pinnedSignedXml(), '<DSCKS>', `<TTKhac ${attribute}="${TIME_ID}"></TTKhac><DSCKS>`);
      expect(verifyInvoiceXml(repeated), attribute).toEqual([`Chữ ký: Id "${TIME_ID}" xuất hiện nhiều lần`]);
    }
  });
});
