import { afterAll, describe, expect, it } from 'vitest';
import { buildCashRegisterPackage, packageFrame } from '../../src/tax-messages/cash-register-package.js';
import { unpackText } from '../../src/transmission/message-text.js';
import { buildInvoiceXml, dataId } from '../../src/xml/invoice-xml.js';
import { XML_DECLARATION } from '../../src/xml/signed-package.js';
import { signInvoiceXml } from '../../src/xml/xml-signature.js';
import { createXmlThread, XmlThreadError } from '../../src/xml/xml-thread.js';
import {
  FIXED_INVOICE,
  FIXED_PROFILE,
  FIXED_RELATED,
  FIXED_SIGNING_TIME,
  fixedIdentity,
  pinnedSignedXml,
} from './fixtures/fixed-invoice.js';

const options = { dataId: dataId(FIXED_INVOICE.id), signingTime: FIXED_SIGNING_TIME, identity: fixedIdentity() };

describe('signing and checking invoice XML on the XML thread', () => {
  const thread = createXmlThread();
  let largeSigned = '';
  afterAll(() => thread.close());

  it('signs to the pinned bytes and checks signatures as on the event loop, many requests at once', async () => {
    const xml = buildInvoiceXml(FIXED_INVOICE, FIXED_RELATED, FIXED_PROFILE);
    const signed = await Promise.all(Array.from({ length: 8 }, () => thread.sign(xml, options)));
    expect(new Set(signed)).toEqual(new Set([pinnedSignedXml()]));
    expect(await thread.verify(pinnedSignedXml())).toEqual([]);
    expect(await thread.verify(pinnedSignedXml().replace('<SHDon>42</SHDon>', '<SHDon>43</SHDon>'))).toEqual([
      expect.stringMatching(/^Chữ ký không hợp lệ/),
    ]);
  });

  it("builds an invoice's XML from its committed data to the same bytes as on the event loop, signed or not", async () => {
    const source = { invoice: FIXED_INVOICE, related: FIXED_RELATED, profile: FIXED_PROFILE };
    expect(await thread.document(source, options)).toBe(pinnedSignedXml());
    expect(await thread.document(source)).toBe(buildInvoiceXml(FIXED_INVOICE, FIXED_RELATED, FIXED_PROFILE));
    // A consumer's invoice: fields left undefined cross to the thread as they are and are left out alike.
    const consumer = { ...FIXED_INVOICE, buyer: { ...FIXED_INVOICE.buyer, mst: undefined } };
    expect(await thread.document({ invoice: consumer })).toBe(buildInvoiceXml(consumer));
  });

  it('signs and checks an invoice of 1,000 lines, the most a request may carry, within the memory of the thread', async () => {
    const items = Array.from({ length: 1_000 }, (_, i) => ({
      lineNo: i + 1,
      kind: 'goods' as const,
      name: `Hàng hóa số ${i + 1}`,
      sku: `SKU-${i}`,
      unit: 'cái',
      quantity: 1,
      unitPrice: 10_000,
      taxRate: 0.08,
      taxGroup: '8%',
      discount: 0,
      total: 10_000,
      taxAmount: 800,
    }));
    const large = {
      ...FIXED_INVOICE,
      items,
      totals: { ...FIXED_INVOICE.totals, subtotal: 10_000_000, taxAmount: 800_000, total: 10_800_000 },
    };
    largeSigned = await thread.sign(buildInvoiceXml(large, FIXED_RELATED), options);
    expect(largeSigned.length).toBeGreaterThan(200_000);
    expect(await thread.verify(largeSigned)).toEqual([]);
  });

  it('packs signed invoices up to its byte budget, signs the package and deflates it, as done in line', async () => {
    const header = {
      sender: '0100109106',
      receiver: 'TCT',
      id: 'V0100109106ABCDEF0123456789ABCDEF01',
      mst: '0100109106',
    };
    const invoices = [41, 42, 43].map(
      (number) =>
        XML_DECLARATION + signInvoiceXml(buildInvoiceXml({ ...FIXED_INVOICE, number }, FIXED_RELATED), options),
    );
    const oneInvoice = Buffer.byteLength(pinnedSignedXml()) + XML_DECLARATION.length;
    const { packed, count } = await thread.signPackage({
      invoices,
      frame: packageFrame(header),
      messageId: header.id,
      signingTime: FIXED_SIGNING_TIME,
      identity: fixedIdentity(),
      maxBytes: Math.floor(oneInvoice * 2.5),
    });
    expect(count).toBe(2);
    const inLine = buildCashRegisterPackage(
      header,
      invoices.slice(0, 2).map((xml) => xml.slice(XML_DECLARATION.length)),
      { signingTime: FIXED_SIGNING_TIME, identity: fixedIdentity() },
    );
    expect(await unpackText(Buffer.from(packed))).toBe(inLine);
  });

  it('answers a failure inside the thread as an error of that request only', async () => {
    const broken = thread.sign(buildInvoiceXml(FIXED_INVOICE, FIXED_RELATED), {
      ...options,
      identity: { certificatePem: options.identity.certificatePem, privateKeyPem: 'not a key' },
    });
    await expect(broken).rejects.toBeInstanceOf(XmlThreadError);
    expect(await thread.verify(pinnedSignedXml())).toEqual([]);
  });

  it('fails the requests waiting when the thread stops, and starts a new thread for the next one', async () => {
    // Checking the large invoice takes the thread tens of milliseconds; stopping it takes microseconds.
    const waiting = thread.verify(largeSigned);
    await thread.close();
    await expect(waiting).rejects.toThrow(/luồng ký XML đã dừng/);
    expect(await thread.verify(pinnedSignedXml())).toEqual([]);
  });

  it('stops after a while with nothing to do, and starts again at the next request', async () => {
    const idle = createXmlThread({ idleStopMs: 50 });
    try {
      expect(idle.running()).toBe(false);
      expect(await idle.verify(pinnedSignedXml())).toEqual([]);
      expect(idle.running()).toBe(true);
      for (let tries = 0; idle.running() && tries < 100; tries += 1) await new Promise((r) => setTimeout(r, 20));
      expect(idle.running()).toBe(false);
      expect(await idle.verify(pinnedSignedXml())).toEqual([]);
    } finally {
      await idle.close();
    }
  });
});
