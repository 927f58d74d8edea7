import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

/** The receipt and the A4 invoice say where to look the invoice up (docs/delivery.md "The portal's address"). */
describe('the printed lookup link', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ config: { publicUrl: 'http://ch.vn' } });
  });
  afterAll(() => node.close());

  it('prints "Tra cứu hóa đơn tại" with the node’s portal page of the code, and the code, on both', async () => {
    const invoice = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    for (const format of ['receipt', 'a4'] as const) {
      const text = (await pdfText(node, invoice.id, format)).replace(/\s+/g, '');
      expect(text).toContain(printedLink('http://ch.vn', invoice.lookupCode));
      expect(text).toContain(`Mãtracứu:${invoice.lookupCode}`);
      expect(text).toContain('QuétmãQRđểtracứuhóađơn.');
    }
  });

  it('follows the store’s own lookupUrl, which takes the place of the node’s address', async () => {
    await node.request('PATCH', '/config', { body: { lookupUrl: 'https://hoadon.chuoi.vn/' } });
    const invoice = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    const text = (await pdfText(node, invoice.id, 'receipt')).replace(/\s+/g, '');
    expect(text).toContain(printedLink('https://hoadon.chuoi.vn', invoice.lookupCode));
  });
});

/** The printed link, spaces squeezed out: whole, "tra-cuu" with its hyphen (a line never breaks after it). */
function printedLink(base: string, code: string): string {
  return `Tracứuhóađơntại:${base}/tra-cuu/${code}`;
}
