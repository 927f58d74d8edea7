import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackText } from '../../src/transmission/message-text.js';
import { verifyInvoiceXml } from '../../src/xml/xml-verify.js';
import { goLive } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

/**
 * "Ký số từng hóa đơn" (`signEachInvoice`, docs/delivery.md): on by default; off, a live invoice is stored
 * unsigned once and never changes, and its 206 package is still signed and accepted.
 */
describe('signEachInvoice', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
    await goLive(node);
  });
  afterAll(() => node.close());

  const xmlOf = async (id: string) => {
    const r = await node.app.inject({
      url: `/api/v1/invoices/${id}/xml`,
      headers: { authorization: `Bearer ${node.token}` },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.body;
  };

  it('is on by default: each invoice is signed by the seller', async () => {
    expect((await node.request('GET', '/config')).json.data.signEachInvoice).toBe(true);
    const created = await node.request('POST', '/invoices', { body: invoiceBody() });
    const xml = await xmlOf(created.json.data.id);
    expect(verifyInvoiceXml(xml)).toEqual([]);
  });

  it('off: the invoice is stored unsigned, stays so when turned on again, and its signed 206 is accepted', async () => {
    expect((await node.request('PATCH', '/config', { body: { signEachInvoice: false } })).status).toBe(200);
    const created = await node.request('POST', '/invoices', { body: invoiceBody() });
    const id = created.json.data.id as string;
    const unsigned = await xmlOf(id);
    expect(unsigned).not.toContain('<Signature');
    expect(unsigned).toMatch(/<DSCKS><NBan\s*\/?>(<\/NBan>)?<\/DSCKS>/);
    expect(verifyInvoiceXml(unsigned)).toEqual(['HDon/DSCKS/NBan/Signature: phải có đúng một chữ ký người bán']);

    const { services } = node.node;
    const portal = async () => {
      const page = await node.app.inject({ url: `/tra-cuu/${created.json.data.lookupCode}` });
      expect(page.statusCode, page.body).toBe(200);
      return page.body;
    };
    // Before the authority's answer the buyer reads that it is being sent, and no signature is claimed.
    const sending = await portal();
    expect(sending).toContain('Đang gửi cơ quan thuế');
    expect(sending).not.toContain('CQT đã tiếp nhận');
    const stateOf = async () => (await node.request('GET', `/invoices/${id}`)).json.data.transmission;
    // Sent, then the authority's answer read at a later pass.
    while (['queued', 'sent'].includes((await stateOf()).state)) await services.transmission.worker.tick();
    expect(await stateOf()).toMatchObject({ state: 'accepted' });
    const messageId = services.transmission.of(id)?.messageId ?? '';
    const stored = node.node.database.sqlite
      .prepare<[string], { xml: Buffer | string }>('SELECT xml FROM tax_messages WHERE message_id = ?')
      .get(messageId)!.xml;
    const message = await unpackText(stored);
    expect(message).toContain('<CKSNNT><Signature');
    // In place of a signature check, the portal shows the authority's acceptance and code, and cites the article.
    const detail = (await node.request('GET', `/invoices/${id}`)).json.data;
    expect(detail.authorityCode).toBeTruthy();
    const accepted = await portal();
    expect(accepted).toMatch(/CQT đã tiếp nhận ngày \d{2}\/\d{2}\/\d{4}/);
    expect(accepted).toContain(`Mã của cơ quan thuế (MCCQT): <span class="so">${detail.authorityCode}</span>`);
    expect(accepted).toContain('không bắt buộc có chữ ký số');
    expect(accepted).toContain('Điều 11 khoản 2 điểm b');
    expect(accepted).not.toContain('Chữ ký số hợp lệ');

    expect((await node.request('PATCH', '/config', { body: { signEachInvoice: true } })).status).toBe(200);
    await services.invoiceXml.signWaiting();
    expect(await xmlOf(id)).toBe(unsigned);
    // The PDF names no signer for it.
    const pdf = await services.invoicePdf.render(id, 'a4');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await services.invoiceXml.signature(id)).toBeUndefined();
  });
});
