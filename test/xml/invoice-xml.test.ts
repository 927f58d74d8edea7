import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInvoiceXml } from '../../src/xml/index.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { problemsAsSentForCode } from '../tax-messages/support.js';
import { checkWithXmlCrypto } from './fixtures/xml-crypto-check.js';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ clock: testClock('2026-03-15T03:00:00.000Z') });
  await node.request('PATCH', '/config', {
    body: {
      seller: {
        name: 'Công ty Cổ phần Cà phê Hòa Bình',
        mst: '0300588569',
        address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh',
      },
    },
  });
});
afterAll(() => node.close());

const issue = async (overrides: Record<string, unknown> = {}) =>
  (await node.request('POST', '/invoices', { body: invoiceBody(overrides) })).json.data as {
    id: string;
    number: number;
  };
const xmlOf = async (id: string) => {
  const r = await node.request('GET', `/invoices/${id}/xml`);
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
  return r.body;
};
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const textAt = (xml: string, tag: string) => parse(xml).getElementsByTagName(tag)[0]?.textContent;

describe('GET /invoices/:id/xml', () => {
  it('renders an original invoice in the tax format, signed under DSCKS/NBan, valid for xml-crypto', async () => {
    const { id, number } = await issue({ buyer: { name: 'Nguyễn Thị Ánh Tuyết', address: 'Đà Nẵng' } });
    const xml = await xmlOf(id);
    expect(verifyInvoiceXml(xml)).toEqual([]);
    expect(checkWithXmlCrypto(xml)).toBe(true);
    expect(textAt(xml, 'PBan')).toBe('2.1.0');
    expect(textAt(xml, 'SHDon')).toBe(String(number));
    expect(textAt(xml, 'HVTNMHang')).toBe('Nguyễn Thị Ánh Tuyết');
    expect(textAt(xml, 'TgTTTBChu')).toBe('Năm mươi lăm nghìn đồng');
    expect(textAt(xml, 'TTHDLQuan')).toBeUndefined();
    const document = parse(xml);
    expect(document.documentElement?.localName).toBe('HDon');
    expect(document.getElementsByTagName('DLHDon')[0]?.getAttribute('Id')).toBe(`DLHDon-${id}`);
    const signature = document.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
    expect((signature!.parentNode as unknown as Element).localName).toBe('NBan');
    expect(xml).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(xml).toContain('http://www.w3.org/2000/09/xmldsig#enveloped-signature');
    expect(textAt(xml, 'SigningTime')).toBe('2026-03-15T10:00:00');
    expect(textAt(xml, 'X509SubjectName')).toContain('DEMO');
  });

  it('links a replacement to the original with TTHDLQuan nature 1', async () => {
    const original = await issue();
    const replacement = (
      await node.request('POST', `/invoices/${original.id}/replace`, {
        body: {
          buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
          items: invoiceBody().items,
          reason: 'Sai mã số thuế',
        },
      })
    ).json.data;
    const xml = await xmlOf(replacement.id);
    expect(verifyInvoiceXml(xml)).toEqual([]);
    expect(checkWithXmlCrypto(xml)).toBe(true);
    expect(textAt(xml, 'TCHDon')).toBe('1');
    expect(textAt(xml, 'SHDCLQuan')).toBe(String(original.number));
    expect(textAt(xml, 'NLHDCLQuan')).toBe('2026-03-15');
    expect(textAt(xml, 'GChu')).toBe('Sai mã số thuế');
  });

  it('links an adjustment with nature 2 and carries a decrease as negative amounts', async () => {
    const original = await issue();
    const adjustment = (
      await node.request('POST', `/invoices/${original.id}/adjust`, {
        body: {
          type: 'decrease',
          items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 1, unitPrice: 25_000 }],
          reason: 'Trả lại một ly',
        },
      })
    ).json.data;
    const xml = await xmlOf(adjustment.id);
    expect(verifyInvoiceXml(xml)).toEqual([]);
    expect(textAt(xml, 'TCHDon')).toBe('2');
    // A price adjustment: the quantity as it was, the price and amounts negative.
    expect(textAt(xml, 'SLuong')).toBe('1');
    expect(textAt(xml, 'DGia')).toBe('-25000');
    expect(textAt(xml, 'TgTTTBSo')).toBe('-27500');
    expect(textAt(xml, 'TgTTTBChu')).toBe('Âm hai mươi bảy nghìn năm trăm đồng');
  });

  it('fails verification once the signed data is changed, and names the broken structure', async () => {
    const { id } = await issue({ buyer: { name: 'Trần Văn Bình' } });
    const xml = await xmlOf(id);
    const renamed = xml.replaceAll('Trần Văn Bình', 'Trần Văn Bính');
    expect(checkWithXmlCrypto(renamed)).toBe(false);
    expect(verifyInvoiceXml(renamed)).toEqual([expect.stringMatching(/^Chữ ký không hợp lệ/)]);

    const withoutVersion = xml.replace('<PBan>2.1.0</PBan>', '');
    expect(verifyInvoiceXml(withoutVersion)).toEqual(
      expect.arrayContaining(['HDon/DLHDon/TTChung/PBan: thiếu', expect.stringMatching(/^Chữ ký/)]),
    );

    const wrongTotal = xml.replace(/<TgTTTBSo>\d+<\/TgTTTBSo>/, '<TgTTTBSo>1</TgTTTBSo>');
    expect(verifyInvoiceXml(wrongTotal).some((p) => p.includes('TgTTTBSo (TgTCThue + TgTThue)'))).toBe(true);

    expect(verifyInvoiceXml('<HDon><DLHDon>')).toEqual([expect.stringMatching(/^XML không hợp lệ/)]);
    const unsigned = xml.replace(/<Signature[\s\S]*<\/Signature>/, '');
    expect(verifyInvoiceXml(unsigned)).toEqual(['HDon/DSCKS/NBan/Signature: phải có đúng một chữ ký người bán']);
  });

  it('refuses a copy of the signed data smuggled in under the same Id', async () => {
    const { id } = await issue();
    const xml = await xmlOf(id);
    const data = xml.match(/<DLHDon [\s\S]*<\/DLHDon>/)?.[0] ?? '';
    const wrapped = xml.replace('<DSCKS>', `<TTKhac>${data}</TTKhac><DSCKS>`);
    expect(verifyInvoiceXml(wrapped).join()).toMatch(/xuất hiện nhiều lần/);
  });

  it('renders the same bytes every time and records each download in the audit trail', async () => {
    const { id } = await issue();
    expect(await xmlOf(id)).toBe(await xmlOf(id));
    const trail = (await node.request('GET', `/invoices/${id}/audit`)).json.data;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['created', 'xml-rendered', 'xml-rendered']);
    // A demo invoice: signed with the built-in demo key, never the seller's.
    expect(trail[1].details).toEqual({ signedBy: expect.stringContaining('DEMO - chỉ dùng thử nghiệm') });
  });

  it('carries the buyer identity fields in NMua in the XSD order, valid for xmllint within a 200', async () => {
    const { id } = await issue({
      buyer: {
        name: 'Trần Văn Bình',
        mst: '0100109106',
        budgetUnitCode: '1012345',
        phone: '0901234567',
        cccd: '079203001234',
        passport: 'B9876543',
        email: 'binh@example.vn',
      },
    });
    const xml = await xmlOf(id);
    expect(verifyInvoiceXml(xml)).toEqual([]);
    const buyer = parse(xml).getElementsByTagName('NMua')[0]!;
    const names = Array.from(buyer.childNodes as unknown as ArrayLike<Element>, (n) => n.localName).filter(Boolean);
    expect(names).toEqual(['Ten', 'MST', 'MDVQHNSach', 'MKHang', 'SDThoai', 'CCCDan', 'SHChieu', 'DCTDTu']);
    expect([textAt(xml, 'MDVQHNSach'), textAt(xml, 'CCCDan'), textAt(xml, 'SHChieu')]).toEqual([
      '1012345',
      '079203001234',
      'B9876543',
    ]);
    expect(await problemsAsSentForCode(xml)).toEqual([]);
  });

  it('writes none of them when the buyer has none', async () => {
    const xml = await xmlOf((await issue()).id);
    expect([textAt(xml, 'MDVQHNSach'), textAt(xml, 'CCCDan'), textAt(xml, 'SHChieu')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await node.request('GET', '/invoices/nope/xml')).status).toBe(404);
  });

  it('keeps the demo key private in the data dir and says in /health that a demo certificate signs', async () => {
    const health = (await node.request('GET', '/health', { token: null })).json.data;
    expect(health.signing).toMatchObject({ source: 'demo', subject: expect.stringContaining('Hòa Bình') });
    expect(statSync(join(node.dataDir, 'signing', 'seller-key.pem')).mode & 0o777).toBe(0o600);
    // The built-in demo key, which signs the demo invoices.
    expect(statSync(join(node.dataDir, 'demo', 'signing', 'seller-key.pem')).mode & 0o777).toBe(0o600);
  });
});
