import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ clock: testClock('2026-03-15T03:00:00.000Z') });
  await node.request('PATCH', '/config', {
    body: { seller: { name: 'Công ty Cổ phần Cà phê Hòa Bình', mst: '0300588569', address: '12 Lê Lợi, Quận 1' } },
  });
});
afterAll(() => node.close());

async function pdfOf(id: string, format?: string): Promise<Buffer> {
  const response = await node.app.inject({
    method: 'GET',
    url: `/api/v1/invoices/${id}/pdf${format ? `?format=${format}` : ''}`,
    headers: { authorization: `Bearer ${node.token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

/** The text a PDF reader gets out of the document (pure JS: pdf.js through unpdf), spaces normalised. */
async function textOf(pdf: Buffer): Promise<{ text: string; pageWidth: number; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  const pageWidth = (await document.getPage(1)).getViewport({ scale: 1 }).width;
  return { text: text.replace(/\s+/g, ' '), pageWidth, pages: totalPages };
}

const issue = async (overrides: Record<string, unknown> = {}) =>
  (await node.request('POST', '/invoices', { body: invoiceBody(overrides) })).json.data as {
    id: string;
    number: number;
  };

describe('GET /invoices/:id/pdf', () => {
  it('prints an A4 invoice with the buyer’s name in Vietnamese, the symbol, the totals and the amount in words', async () => {
    const { id } = await issue({ buyer: { name: 'Nguyễn Thị Ánh Tuyết', address: '45 Trần Phú, Đà Nẵng' } });
    const pdf = await pdfOf(id);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pageWidth } = await textOf(pdf);
    expect(pageWidth).toBeCloseTo(595.28, 1);
    expect(text).toContain('Nguyễn Thị Ánh Tuyết');
    expect(text).toContain('45 Trần Phú, Đà Nẵng');
    // A demo node's document: the demo title in place of the invoice's.
    expect(text).toContain('HÓA ĐƠN DÙNG THỬ – KHÔNG CÓ GIÁ TRỊ PHÁP LÝ');
    expect(text).toContain('Ký hiệu: K26MDT');
    expect(text).toContain('Ngày 15 tháng 03 năm 2026');
    expect(text).toContain('Cà phê sữa đá');
    expect(text).toContain('55.000');
    expect(text).toContain('Số tiền viết bằng chữ: Năm mươi lăm nghìn đồng');
    expect(text).toContain('Mã của cơ quan thuế');
  });

  it('embeds its own font (no system or standard font) and renders the same bytes every time', async () => {
    const { id } = await issue();
    const first = await pdfOf(id);
    expect((await pdfOf(id)).equals(first)).toBe(true);
    expect((await pdfOf(id, 'receipt')).equals(await pdfOf(id, 'receipt'))).toBe(true);
    const raw = first.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toContain('DejaVuSans');
    expect(raw).not.toContain('/Helvetica');
  });

  it('prints an 80 mm receipt with the same facts', async () => {
    const { id } = await issue({ buyer: { name: 'Lê Văn Đức' } });
    const { text, pageWidth, pages } = await textOf(await pdfOf(id, 'receipt'));
    expect(pageWidth).toBeCloseTo((80 / 25.4) * 72, 1);
    expect(pages).toBe(1);
    expect(text).toContain('Lê Văn Đức');
    expect(text).toContain('Tổng thanh toán');
    expect(text).toContain('Năm mươi lăm nghìn đồng');
  });

  it('notes what a replacement replaces and that the original was replaced', async () => {
    const original = await issue();
    const replacement = (
      await node.request('POST', `/invoices/${original.id}/replace`, {
        body: {
          buyer: { name: 'Công ty TNHH Ánh Dương', mst: '0100109106' },
          items: invoiceBody().items,
          reason: 'Sai tên người mua',
        },
      })
    ).json.data;
    const newText = (await textOf(await pdfOf(replacement.id))).text;
    expect(newText).toContain(
      `Hóa đơn này thay thế hóa đơn Mẫu số 1 Ký hiệu K26MDT Số ${original.number} ngày 15/03/2026.`,
    );
    expect(newText).toContain('Lý do: Sai tên người mua');
    expect((await textOf(await pdfOf(original.id))).text).toContain(
      `ĐÃ BỊ THAY THẾ bởi hóa đơn Mẫu số 1 Ký hiệu K26MDT Số ${replacement.number}`,
    );
  });

  it('prints a decrease adjustment with negative amounts and says so in words', async () => {
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
    const { text } = await textOf(await pdfOf(adjustment.id));
    expect(text).toContain(`điều chỉnh giảm cho hóa đơn Mẫu số 1 Ký hiệu K26MDT Số ${original.number}`);
    // The one-character minus sign (docs/invoices.md, "Printed figures").
    expect(text).toContain('\u221227.500');
    expect(text).toContain('Âm hai mươi bảy nghìn năm trăm đồng');
  });

  it('records each print in the audit trail', async () => {
    const { id } = await issue();
    await pdfOf(id);
    await pdfOf(id, 'receipt');
    const trail = (await node.request('GET', `/invoices/${id}/audit`)).json.data;
    expect(trail.slice(1).map((e: { action: string; details: unknown }) => [e.action, e.details])).toEqual([
      ['pdf-rendered', { format: 'a4' }],
      ['pdf-rendered', { format: 'receipt' }],
    ]);
  });

  it('answers 404 for an unknown invoice and 400 for an unknown format', async () => {
    const { id } = await issue();
    expect((await node.request('GET', '/invoices/nope/pdf')).status).toBe(404);
    expect((await node.request('GET', `/invoices/${id}/pdf?format=a5`)).status).toBe(400);
  });
});
