import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goLive, LIVE_SELLER } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

/** The lookup portal on the node (docs/delivery.md), over app.inject: no login, one invoice per code. */
describe('/tra-cuu on the node', () => {
  let node: TestNode;
  let invoice: { id: string; lookupCode: string; mauSo: string; kyHieu: string; number: number };
  let replacement: { id: string; lookupCode: string };
  const get = (url: string, ip = '10.0.0.1') => node.app.inject({ url, remoteAddress: ip });
  beforeAll(async () => {
    node = await startTestNode();
    await goLive(node);
    invoice = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    const replaced = await node.request('POST', `/invoices/${invoice.id}/replace`, {
      body: { buyer: invoiceBody().buyer, items: invoiceBody().items, reason: 'Sai tên' },
    });
    expect(replaced.status, replaced.body).toBe(200);
    replacement = replaced.json.data;
  });
  afterAll(() => node.close());

  it('shows the form, and the invoice of a code: status with its replacement, signature checked', async () => {
    const form = await get('/tra-cuu');
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('private, no-store');
    expect(form.headers['content-security-policy']).toContain("default-src 'none'");
    expect(form.body).toContain('Mã tra cứu');

    const page = await get(`/tra-cuu/${invoice.lookupCode}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('Đã bị thay thế');
    expect(page.body).toContain(`href="/tra-cuu/${replacement.lookupCode}"`);
    expect(page.body).toContain('Chữ ký số hợp lệ.');
    expect(page.body).toContain(LIVE_SELLER.name);
    expect(page.body).toContain('55.000 ₫');
  });

  it('downloads the stored XML byte for byte and the A4 PDF', async () => {
    const api = await node.app.inject({
      url: `/api/v1/invoices/${invoice.id}/xml`,
      headers: { authorization: `Bearer ${node.token}` },
    });
    const xml = await get(`/tra-cuu/${invoice.lookupCode}/hoa-don.xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.rawPayload.equals(api.rawPayload)).toBe(true);
    const pdf = await get(`/tra-cuu/${invoice.lookupCode}/hoa-don.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('finds the invoice by MST, symbol, number and total, and by code from the form', async () => {
    const query = new URLSearchParams({
      mst: LIVE_SELLER.mst,
      kyHieu: `${invoice.mauSo}${invoice.kyHieu}`,
      so: String(invoice.number),
      tongTien: '55.000',
    });
    const found = await get(`/tra-cuu?${query}`);
    expect(found.statusCode).toBe(303);
    expect(found.headers.location).toBe(`/tra-cuu/${invoice.lookupCode}`);
    const byCode = await get(`/tra-cuu?ma=${invoice.lookupCode}`);
    expect(byCode.headers.location).toBe(`/tra-cuu/${invoice.lookupCode}`);
    query.set('tongTien', '55001');
    expect((await get(`/tra-cuu?${query}`)).statusCode).toBe(404);
  });

  it('answers every wrong code with the same 404, then 429 with Retry-After after 20 from one address', async () => {
    const first = await get('/tra-cuu/KHONGCO1', '10.0.0.9');
    expect(first.statusCode).toBe(404);
    for (const code of ['KHONGCO2', '<script>', 'a'.repeat(80)]) {
      const again = await get(`/tra-cuu/${encodeURIComponent(code)}`, '10.0.0.9');
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe(first.body);
    }
    for (let i = 4; i < 20; i += 1) expect((await get(`/tra-cuu/SAI${i}`, '10.0.0.9')).statusCode).toBe(404);
    const blocked = await get(`/tra-cuu/${invoice.lookupCode}`, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await get(`/tra-cuu/${invoice.lookupCode}`, '10.0.0.10')).statusCode).toBe(200);
  });

  it('leads each code to its own invoice only: a code one character off, or in lower case, finds nothing', async () => {
    const issued = [invoice, replacement];
    for (let i = 0; i < 4; i += 1)
      issued.push((await node.request('POST', '/invoices', { body: invoiceBody() })).json.data);
    const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (const [n, one] of issued.entries()) {
      const detail = (await node.request('GET', `/invoices/${one.id}`)).json.data;
      const page = await get(`/tra-cuu/${one.lookupCode}`, `10.1.${n}.1`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`số ${detail.number}`);
      const xml = await get(`/tra-cuu/${one.lookupCode}/hoa-don.xml`, `10.1.${n}.1`);
      expect(xml.body).toContain(`<SHDon>${detail.number}</SHDon>`);
      // The original and its replacement link to each other; a plain sale's page names no other code.
      const linked = n < 2 ? [one.id, invoice.id, replacement.id] : [one.id];
      for (const other of issued.filter((candidate) => !linked.includes(candidate.id))) {
        expect(page.body).not.toContain(other.lookupCode);
      }
      const last = one.lookupCode.at(-1) as string;
      const offByOne = one.lookupCode.slice(0, -1) + ALPHABET[(ALPHABET.indexOf(last) + 1) % ALPHABET.length];
      for (const probe of [offByOne, one.lookupCode.toLowerCase(), one.lookupCode.slice(0, -1), `${one.lookupCode}0`]) {
        const answer = await get(`/tra-cuu/${probe}`, `10.2.${n}.1`);
        expect(answer.statusCode, probe).toBe(404);
        expect((await get(`/tra-cuu/${probe}/hoa-don.xml`, `10.3.${n}.1`)).statusCode).toBe(404);
      }
    }
  });

  it('reaches nothing of /api/v1 without a login', async () => {
    expect((await get(`/tra-cuu/${invoice.lookupCode}/../../api/v1/invoices`)).statusCode).not.toBe(200);
    expect((await get('/api/v1/invoices')).statusCode).toBe(401);
    expect((await get(`/api/v1/invoices/${invoice.id}/xml`)).statusCode).toBe(401);
  });
});
