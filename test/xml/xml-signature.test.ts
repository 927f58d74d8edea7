import { describe, expect, it } from 'vitest';
import { buildInvoiceXml, dataId } from '../../src/xml/invoice-xml.js';
import { signInvoiceXml } from '../../src/xml/xml-signature.js';
import { verifyInvoiceXml } from '../../src/xml/xml-verify.js';
import {
  FIXED_INVOICE,
  FIXED_PROFILE,
  FIXED_RELATED,
  FIXED_SIGNING_TIME,
  fixedIdentity,
  fixture,
  pinnedSignedXml,
} from './fixtures/fixed-invoice.js';

const DATA_ID = dataId(FIXED_INVOICE.id);
const sign = () =>
  signInvoiceXml(buildInvoiceXml(FIXED_INVOICE, FIXED_RELATED, FIXED_PROFILE), {
    dataId: DATA_ID,
    signingTime: FIXED_SIGNING_TIME,
    identity: fixedIdentity(),
  });

describe('the seller signature of an invoice XML', () => {
  it('signs a fixed invoice to exactly the bytes pinned for it, and they verify', () => {
    expect(sign()).toBe(pinnedSignedXml());
    expect(verifyInvoiceXml(pinnedSignedXml())).toEqual([]);
  });

  it('refuses a forged DLHDon when the signed one is smuggled in under an Id spelled another way', () => {
    const signed = pinnedSignedXml();
    const original = signed.match(/<DLHDon [\s\S]*<\/DLHDon>/)?.[0] ?? '';
    const forged = signed.replace('<SHDon>42</SHDon>', '<SHDon>43</SHDon>');
    for (const attribute of ['ID', 'id', 'x:Id', 'x:ID']) {
      const hidden = original.replace(`<DLHDon Id=`, `<DLHDon xmlns:x="urn:x" ${attribute}=`);
      const wrapped = forged.replace('<DSCKS>', `<TTKhac>${hidden}</TTKhac><DSCKS>`);
      expect(verifyInvoiceXml(wrapped), attribute).toEqual([`Chữ ký: Id "${DATA_ID}" xuất hiện nhiều lần`]);
    }
  });

  it('fails when the signed signing time is changed', () => {
    const changed = pinnedSignedXml().replace(
      `<SigningTime>${FIXED_SIGNING_TIME}</SigningTime>`,
      '<SigningTime>2026-03-16T10:00:00</SigningTime>',
    );
    expect(verifyInvoiceXml(changed)).toEqual([expect.stringMatching(/^Chữ ký không hợp lệ: .*SigningTime-/)]);
  });

  it('refuses a signature labelled RSA-SHA256 made with a key that is not RSA', () => {
    const identity = { privateKeyPem: fixture('ec-key.pem'), certificatePem: fixture('ec-cert.pem') };
    const signed = signInvoiceXml(buildInvoiceXml(FIXED_INVOICE, FIXED_RELATED), {
      dataId: DATA_ID,
      signingTime: FIXED_SIGNING_TIME,
      identity,
    });
    expect(verifyInvoiceXml(signed)).toEqual([
      'Chữ ký: chứng thư số không mang khóa RSA, trái với thuật toán RSA-SHA256',
    ]);
  });
});
