/**
 * One receipt: the rows of `receiptContent` (src/domain/receipt.ts) are what the 80 mm PDF prints (read back
 * with pdftotext) and what the console's till prints: the shop, "Khởi tạo từ máy tính tiền", the time, the
 * cashier, the shelf prices, the totals in the till's order, the amount in words, the cash given with the
 * change and the rounding, the lookup code with the link and its QR, and the demo mark.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptContent } from '../../src/domain/receipt.js';
import { DEMO_MARK } from '../../src/settings/node-mode.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
let invoice: { id: string; lookupCode: string };
const clock = testClock('2026-05-10T03:04:00.000Z');

beforeAll(async () => {
  node = await startTestNode({ clock });
  await node.request('PATCH', '/config', {
    body: { storeName: 'Cà phê Hòa Bình', seller: { phone: '0901234567' }, lookupUrl: 'https://tracuu.hoabinh.vn' },
  });
  await node.request('PATCH', '/settings/till', { body: { cashRounding: 500 } });
  const r = await node.request('POST', '/invoices', {
    body: invoiceBody({
      buyer: { name: 'Khách lẻ', email: 'khach@example.com' },
      items: [
        { name: 'Cà phê sữa đá', unit: 'ly', quantity: 2, unitPrice: 25_000, taxRate: 0.1 },
        { name: 'Bánh mì', unit: 'cái', quantity: 1, unitPrice: 29_200, taxRate: 0.08 },
      ],
      pricesIncludeVat: true,
      paymentMethod: 'TM',
    }),
  });
  expect(r.status, r.body).toBe(201);
  invoice = r.json.data;
});
afterAll(() => node.close());

async function receiptText(query: string): Promise<string> {
  const response = await node.app.inject({
    method: 'GET',
    url: `/api/v1/invoices/${invoice.id}/pdf?format=receipt${query}`,
    headers: { authorization: `Bearer ${node.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: response.rawPayload });
  return text.toString('utf8').replace(/[ \t]+/g, ' ');
}

describe('the 80 mm receipt', () => {
  it('carries the shop, the time, the cashier, shelf prices, words, cash and change, the lookup code and link', async () => {
    const text = await receiptText('&cashGiven=100000');
    for (const fact of [
      'Cà phê Hòa Bình',
      'Điện thoại: 0901234567',
      'Khởi tạo từ máy tính tiền',
      'Thời gian: 10:04 10/05/2026',
      'Thu ngân: admin',
      DEMO_MARK,
      'Email: khach@example.com',
      `Mã tra cứu: ${invoice.lookupCode}`,
      'Bằng chữ: Bảy mươi chín nghìn hai trăm đồng',
      'Giá bán đã gồm thuế GTGT.',
    ]) {
      expect(text).toContain(fact);
    }
    // The link wraps on 80 mm paper after a '/', never after the hyphen of "tra-cuu" (which pdftotext would drop).
    expect(text.replace(/\s+/g, '')).toContain(
      `Tracứuhóađơntại:https://tracuu.hoabinh.vn/tra-cuu/${invoice.lookupCode}`,
    );
    expect(text).toMatch(/2 ly × 25\.000 \(10%\) 50\.000/);
    expect(text).toMatch(/1 cái × 29\.200 \(8%\) 29\.200/);
    // Tổng tiền hàng − Chiết khấu + Tiền thuế = Tổng thanh toán, the sum of the shelf prices.
    expect(text).toMatch(/Tổng tiền hàng 72\.492\n ?Chiết khấu 0\n ?Tiền thuế 6\.708\n ?Tổng thanh toán 79\.200/);
    // 79.200 asked as 79.000 at a step of 500: printed, never in the invoice's amounts.
    expect(text).toMatch(/Làm tròn \u2212200\n ?Khách cần trả 79\.000\n ?Tiền khách đưa 100\.000\n ?Tiền thừa 21\.000/);
    const detail = (await node.request('GET', `/invoices/${invoice.id}`)).json.data;
    expect(detail.totals.total).toBe(79_200);
  });

  it('prints no cash block without the cash given, and refuses a cash amount that is not a number', async () => {
    const text = await receiptText('');
    expect(text).not.toContain('Tiền khách đưa');
    const refused = await node.request('GET', `/invoices/${invoice.id}/pdf?format=receipt&cashGiven=nhieu`);
    expect(refused.status).toBe(400);
  });

  it('is the same rows in the browser: a QR to the invoice on the portal', async () => {
    const detail = (await node.request('GET', `/invoices/${invoice.id}`)).json.data;
    const rows = receiptContent(detail, {
      timeZone: 'Asia/Ho_Chi_Minh',
      lookupLink: (code) => `https://tracuu.hoabinh.vn/tra-cuu/${code}`,
    });
    expect(rows).toContainEqual({ kind: 'qr', payload: `https://tracuu.hoabinh.vn/tra-cuu/${invoice.lookupCode}` });
    expect(rows.filter((row) => row.kind === 'pair').map((row) => row.label)).toEqual([
      '2 ly × 25.000 (10%)',
      '1 cái × 29.200 (8%)',
      'Tổng tiền hàng',
      'Chiết khấu',
      'Tiền thuế',
      'Tổng thanh toán',
      'Thanh toán',
    ]);
  });
});
