import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../src/http/envelope.js';
import { invoiceDetail } from '../../src/invoices/invoices.schemas.js';
import { SELLING_EXAMPLE_ITEMS } from '../support/baskets.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { reducedRateOnEveryDate } from '../support/vat-window.js';

/**
 * GET /invoices/:id answers JSON text written by SQLite (DETAIL_JSON_SQL in invoice-json.ts), sent
 * without the response schema's serializer: held here to that schema and to the detail the service builds
 * in JavaScript (`invoicesService.get`, also what POST answers and what goes to headquarters).
 */
let node: TestNode;
const ids: string[] = [];
const detailAnswer = ok(invoiceDetail);

beforeAll(async () => {
  node = await startTestNode();
  await reducedRateOnEveryDate(node);
  const post = async (path: string, body: unknown) => {
    const r = await node.request('POST', path, { body });
    expect([200, 201], r.body).toContain(r.status);
    ids.push(r.json.data.id as string);
    return r.json.data.id as string;
  };
  await post('/invoices', invoiceBody());
  await post('/invoices', invoiceBody({ buyer: { name: 'Khách lẻ' }, channel: 'web', paymentMethod: 'CK' }));
  // Discounts, KCT, a promotion, a trade discount, then KKKNT, another rate and a note.
  await post('/invoices', invoiceBody({ items: SELLING_EXAMPLE_ITEMS }));
  await post(
    '/invoices',
    invoiceBody({
      items: [
        { name: 'Phí', unit: 'lần', quantity: 1, unitPrice: 20_000, taxCategory: 'KKKNT' },
        { name: 'Hàng khác', unit: 'cái', quantity: 1.25, unitPrice: 10_000, taxCategory: 'KHAC', taxRate: 0.0526 },
        { name: 'Giao trước 17 giờ', kind: 'note' },
        { name: 'Nước mắm', unit: 'chai', quantity: 3, unitPrice: 33_000, taxRate: 0.08, discountAmount: 9_000 },
      ],
    }),
  );
  await post(
    '/invoices',
    invoiceBody({
      buyer: {
        name: 'Cửa hàng "Ba Con Cá" \\ Tâm',
        mst: '0100109106',
        address: '1 Lê Lợi, Q.1',
        email: 'ba@example.vn',
        phone: '0901234567',
        cccd: '001203004567',
        passport: 'C1234567',
        budgetUnitCode: '1234567',
      },
      items: [
        { name: 'Gạo', unit: 'kg', quantity: 1.5, unitPrice: 18_500.5, taxRate: 0.05 },
        { name: 'Bánh mì', unit: 'cái', quantity: 3, unitPrice: 12_345, taxRate: 0.08 },
        { name: 'Nước', unit: 'cái', sku: 'N-1', quantity: 0.333, unitPrice: 10_000, taxRate: 0 },
      ],
    }),
  );
  const replaced = await post('/invoices', invoiceBody({ buyer: { name: 'Công ty Sai Số', mst: '0100109106' } }));
  await post(`/invoices/${replaced}/replace`, {
    buyer: { name: 'Công ty Đúng Số', mst: '0100109106' },
    items: [{ name: 'Trà đá', unit: 'cái', quantity: 1, unitPrice: 5_000, taxRate: 0 }],
    reason: 'Sai tên',
  });
  const adjusted = ids[0]!;
  await post(`/invoices/${adjusted}/adjust`, {
    type: 'decrease',
    items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 1, unitPrice: 25_000 }],
    reason: 'Trả một ly',
  });
  // A queue row that failed once: its error and attempts show in the detail.
  node.node.database.sqlite
    .prepare(
      "UPDATE transmissions SET state = 'sent', attempts = 2, last_error = 'Hết thời gian chờ' WHERE invoice_id = ?",
    )
    .run(ids[1]);
  // Sendings to the buyer: one sent, one that failed with its reason; the others have none.
  node.node.database.sqlite
    .prepare(
      `INSERT INTO deliveries (invoice_id, channel, recipient, state, attempts, next_attempt_at, last_error, requested_by, created_at, updated_at)
       VALUES (@id, 'email', 'ba@example.vn', 'sent', 1, 'x', NULL, 'admin', 'x', '2026-03-15T03:00:00.000Z'),
              (@id, 'webhook', '0901234567', 'failed', 3, 'x', 'HTTP 404', 'admin', 'x', '2026-03-15T03:01:00.000Z')`,
    )
    .run({ id: ids[4] });
  // An invoice without a queue row (written before the queue existed): the detail has no `transmission`.
  node.node.database.sqlite.prepare('DELETE FROM transmissions WHERE invoice_id = ?').run(ids[4]);
});
afterAll(() => node.close());

describe('GET /invoices/:id written by SQLite', () => {
  it('answers exactly what the response schema says and the service builds, for every kind of invoice', async () => {
    expect(ids).toHaveLength(8);
    for (const id of ids) {
      const r = await node.request('GET', `/invoices/${id}`);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      // Nothing the schema lacks (parse would drop it), nothing it needs missing (parse would throw).
      expect(detailAnswer.parse(r.json)).toEqual(r.json);
      expect(r.json.data).toEqual(JSON.parse(JSON.stringify(node.node.services.invoices.get(id))));
    }
  });

  it('covers replaced, adjusted, decimal lines, the queue state and its absence', async () => {
    const details = await Promise.all(ids.map(async (id) => (await node.request('GET', `/invoices/${id}`)).json.data));
    expect(details.map((d) => d.status)).toEqual([
      'issued',
      'issued',
      'issued',
      'issued',
      'issued',
      'replaced',
      'issued',
      'adjusted',
    ]);
    expect(details[0].adjustedBy).toBe(ids[7]);
    expect(details[5].replacedBy).toBe(ids[6]);
    expect(details[7]).toMatchObject({ adjusts: ids[0], adjustmentType: 'decrease', reason: 'Trả một ly' });
    expect(details[1].transmission).toMatchObject({ state: 'sent', attempts: 2, lastError: 'Hết thời gian chờ' });
    expect(details[4]).not.toHaveProperty('transmission');
    expect(details[4].delivery).toEqual([
      { channel: 'email', to: 'ba@example.vn', state: 'sent', at: '2026-03-15T03:00:00.000Z' },
      { channel: 'webhook', to: '0901234567', state: 'failed', at: '2026-03-15T03:01:00.000Z', error: 'HTTP 404' },
    ]);
    expect(details[0].delivery).toEqual([]);
    expect(details[4].buyer).toEqual({
      name: 'Cửa hàng "Ba Con Cá" \\ Tâm',
      mst: '0100109106',
      address: '1 Lê Lợi, Q.1',
      email: 'ba@example.vn',
      phone: '0901234567',
      cccd: '001203004567',
      passport: 'C1234567',
      budgetUnitCode: '1234567',
    });
    expect(
      details[4].items.map((line: { quantity: number; unitPrice: number }) => [line.quantity, line.unitPrice]),
    ).toEqual([
      [1.5, 18_500.5],
      [3, 12_345],
      [0.333, 10_000],
    ]);
    expect(details[1].buyer).toEqual({ name: 'Khách lẻ' });
  });

  it('answers 404 in the envelope for an unknown id', async () => {
    const r = await node.request('GET', '/invoices/khong-co');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});
