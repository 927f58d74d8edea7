/**
 * What the A4 invoice and the 80 mm receipt print of a basket as shops sell (pdftotext on the real PDF):
 * discounts, a promotion, a trade discount, KCT, the buyer's identity papers, and the lookup code, whose
 * QR invites a scan only once the seller's lookup portal is set.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalLink } from '../../src/delivery/portal-address.js';
import { printableOf } from '../../src/pdf/printable.js';
import { SELLING_EXAMPLE_ITEMS } from '../support/baskets.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
let id: string;

beforeAll(async () => {
  node = await startTestNode();
  const r = await node.request('POST', '/invoices', {
    body: invoiceBody({
      buyer: { name: 'Trần Văn Bình', cccd: '079203001234', passport: 'B9876543', budgetUnitCode: '1012345' },
      items: SELLING_EXAMPLE_ITEMS,
    }),
  });
  expect(r.status, r.body).toBe(201);
  id = r.json.data.id;
});
afterAll(() => node.close());

/** The PDF's text as pdftotext (poppler) reads it, keeping the layout of each line, spaces normalised. */
async function printed(format: 'a4' | 'receipt'): Promise<string> {
  const response = await node.app.inject({
    method: 'GET',
    url: `/api/v1/invoices/${id}/pdf?format=${format}`,
    headers: { authorization: `Bearer ${node.token}` },
  });
  expect(response.statusCode).toBe(200);
  const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload });
  expect(text.status).toBe(0);
  return text.stdout.toString().replace(/[ \t]+/g, ' ');
}

describe('the printed invoice of a basket', () => {
  it('prints discounts, the promotion, the trade discount, KCT, the buyer’s papers and the lookup code on A4', async () => {
    const text = await printed('a4');
    const code = (await node.request('GET', `/invoices/${id}`)).json.data.lookupCode;
    expect(text).toContain('(chiết khấu 10%)');
    expect(text).toMatch(/cái 2 100\.000 20\.000 180\.000 10% 18\.000/);
    expect(text).toMatch(/Móc khóa tặng kèm \(khuyến cái 1 30\.000 0 10% 0\s+mại\)/);
    expect(text).toMatch(/Chiết khấu thương mại 1 10\.000 \u221210\.000 10% \u22121\.000/);
    expect(text).toMatch(/KCT 50\.000 0 50\.000/);
    expect(text).toMatch(/10% 170\.000 17\.000 187\.000/);
    expect(text).toMatch(/Chiết khấu trên dòng hàng: 20\.000/);
    expect(text).toMatch(/Chiết khấu thương mại: \u221210\.000/);
    expect(text).toMatch(/Cộng tiền hàng: 220\.000/);
    expect(text).toMatch(/Tiền thuế GTGT: 17\.000/);
    expect(text).toMatch(/Tổng tiền thanh toán: 237\.000/);
    for (const paper of ['Số CCCD: 079203001234', 'Số hộ chiếu: B9876543', 'ngân sách: 1012345']) {
      expect(text).toContain(paper);
    }
    expect(text).toContain(`Mã tra cứu: ${code}`);
    // No portal yet: nothing to open by scanning, so the page does not invite it.
    expect(text).not.toMatch(/Quét mã QR/);
  });

  it('prints the same on the 80 mm receipt', async () => {
    const text = await printed('receipt');
    expect(text).toMatch(/Chiết khấu \u221220\.000/);
    expect(text).toMatch(/Tổng thanh toán 237\.000/);
    expect(text).toContain('Số CCCD: 079203001234');
    expect(text).toMatch(/Mã tra cứu: [0-9A-Z]{12}/);
    expect(text).not.toMatch(/Quét mã QR/);
  });

  it('once the portal is set, prints its address and a QR that opens it with the code', async () => {
    const patch = await node.request('PATCH', '/config', { body: { lookupUrl: 'https://tracuu.hoabinh.vn/hoa-don' } });
    expect(patch.status, patch.body).toBe(200);
    expect(patch.json.data.lookupUrl).toBe('https://tracuu.hoabinh.vn/hoa-don');
    const invoice = (await node.request('GET', `/invoices/${id}`)).json.data;
    for (const format of ['a4', 'receipt'] as const) {
      const text = await printed(format);
      // The portal's page of the code (docs/delivery.md), whole: a long one wraps after a '/', not at a hyphen.
      // On A4, pdftotext reads the signature's column between the link's lines.
      const squeezed = text.replace(/\s+/g, '');
      expect(squeezed).toContain('https://tracuu.hoabinh.vn/hoa-don/tra-cuu/');
      if (format === 'receipt')
        expect(squeezed).toContain(`Tracứuhóađơntại:https://tracuu.hoabinh.vn/hoa-don/tra-cuu/${invoice.lookupCode}`);
      expect(text).toContain('Quét mã QR để tra cứu hóa đơn.');
    }
    const linkTo = (lookupUrl: string) => (code: string) =>
      portalLink({ lookupUrl, hqPublicUrl: undefined, nodeUrl: undefined }, code);
    expect(printableOf(invoice, {}, { lookupLink: linkTo('https://tracuu.hoabinh.vn/hoa-don/') }).qrPayload).toBe(
      `https://tracuu.hoabinh.vn/hoa-don/tra-cuu/${invoice.lookupCode}`,
    );
    expect(printableOf(invoice, {}, { lookupLink: linkTo('https://hd.vn/{code}') }).qrPayload).toBe(
      `https://hd.vn/${invoice.lookupCode}`,
    );
    const refused = await node.request('PATCH', '/config', { body: { lookupUrl: 'ftp://hd.vn' } });
    expect(refused.status).toBe(400);
  });
});
