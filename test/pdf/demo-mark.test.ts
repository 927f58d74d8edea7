/**
 * Every PDF and receipt of a demo invoice bears the demo mark (docs/decisions.md §7), read back with poppler's
 * pdftotext as a reader would; an invoice issued once the node is live does not, and a demo invoice keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MARK } from '../../src/settings/node-mode.js';
import { goLive } from '../support/live-seller.js';
import { pdfText } from '../support/pdf-text.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

const textOf = (id: string, format: 'a4' | 'receipt') => pdfText(node, id, format);

const issue = async () => (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string;

describe('the demo mark on paper', () => {
  it('is on the A4 invoice and the 80 mm receipt of a demo invoice, for ever', async () => {
    const demo = await issue();
    for (const format of ['a4', 'receipt'] as const) expect(await textOf(demo, format)).toContain(DEMO_MARK);

    await goLive(node);
    const live = await issue();
    for (const format of ['a4', 'receipt'] as const) {
      const text = await textOf(live, format);
      expect(text).not.toContain('DÙNG THỬ');
      expect(text).toContain('HÓA ĐƠN GIÁ TRỊ GIA TĂNG');
      expect(await textOf(demo, format)).toContain(DEMO_MARK);
    }
  });
});
