/**
 * A demo document cannot pass for a real invoice (docs/invoices.md, "Demo invoices"): once the seller is set
 * but the node is not live, its XML still names the built-in demo seller, carries the demo title, no code
 * shaped like an MCCQT, and a `K..M` series no registration can hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER, DEMO_TITLE } from '../../src/settings/node-mode.js';
import { LIVE_SELLER, sellerReady } from '../support/live-seller.js';
import { pdfText } from '../support/pdf-text.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  await sellerReady(node);
});
afterAll(() => node.close());

describe('a demo document', () => {
  it('names MST 9999999997 and the demo title in its XML, with no MCCQT-shaped code, whatever seller is set', async () => {
    expect(DEMO_SELLER.mst).toBe('9999999997');
    const issued = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(issued.status, issued.body).toBe(201);
    const invoice = issued.json.data;
    expect(invoice).toMatchObject({ demo: true, seller: { mst: '9999999997' } });
    expect(invoice.kyHieu).toMatch(/^K26MDT$/);
    expect(invoice.authorityCode).toBeUndefined();

    const xml = await node.request('GET', `/invoices/${invoice.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.body).toContain(`<THDon>${DEMO_TITLE}</THDon>`);
    expect(xml.body).toMatch(/<NBan><Ten>[^<]*<\/Ten><MST>9999999997<\/MST>/);
    expect(xml.body).not.toContain(LIVE_SELLER.mst);
    expect(xml.body).not.toContain(LIVE_SELLER.name);
    expect(xml.body).toContain('<KHHDon>K26MDT</KHHDon>');
    expect(xml.body).not.toMatch(/M\d-\d{2}-[A-Z0-9]{5}-\d{11}/);
    expect(xml.body).not.toContain('<MCCQT>');

    for (const format of ['a4', 'receipt'] as const) {
      const text = (await pdfText(node, invoice.id, format)).replace(/\s+/g, ' ');
      expect(text).toContain(DEMO_TITLE);
      expect(text).not.toContain(LIVE_SELLER.mst);
    }
  });
});
