import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('POST /invoices', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ clock: testClock('2026-03-15T03:00:00.000Z') });
  });
  afterAll(() => node.close());

  it('issues an invoice with server-computed totals and the first number of the symbol', async () => {
    const r = await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(r.status).toBe(201);
    expect(r.json.success).toBe(true);
    expect(r.json.data).toMatchObject({
      status: 'issued',
      mauSo: '1',
      kyHieu: 'K26MDT',
      number: 1,
      buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
      totals: { subtotal: 50_000, taxAmount: 5_000, total: 55_000 },
      channel: 'pos',
      paymentMethod: 'TM',
      version: 1,
      warnings: [],
    });
    expect(r.json.data.platformId).toBe('store-1/1K26MDT/1');
    // A demo invoice carries no code shaped like an MCCQT.
    expect(r.json.data.authorityCode).toBeUndefined();
    expect(r.json.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses an empty buyer name with VALIDATION_ERROR and issues nothing', async () => {
    const before = await node.request('GET', '/invoices');
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: '' } }) });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(r.json.error.details).toContainEqual(expect.objectContaining({ path: 'body.buyer.name' }));
    const after = await node.request('GET', '/invoices');
    expect(after.json.data.total).toBe(before.json.data.total);
  });

  it('stores the buyer identity fields of PBan 2.1.0 and shows them in the detail', async () => {
    const buyer = { name: 'Trần Văn Bình', cccd: '079203001234', passport: 'B9876543', budgetUnitCode: '1012345' };
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer }) });
    expect(r.status).toBe(201);
    const detail = await node.request('GET', `/invoices/${r.json.data.id}`);
    expect(detail.json.data.buyer).toEqual(buyer);
  });

  it.each([
    ['cccd', '07920300123', 'CCCD phải gồm đúng 12 chữ số.'],
    ['cccd', '07920300123A', 'CCCD phải gồm đúng 12 chữ số.'],
    ['passport', 'B-9876543', 'Số hộ chiếu phải gồm 1–20 chữ cái hoặc chữ số.'],
    ['passport', 'B'.repeat(21), 'Số hộ chiếu phải gồm 1–20 chữ cái hoặc chữ số.'],
    ['budgetUnitCode', '101234', 'Mã đơn vị quan hệ ngân sách phải gồm đúng 7 chữ số.'],
  ])('refuses buyer.%s %s with VALIDATION_ERROR naming it, and stores nothing', async (field, value, message) => {
    const before = await node.request('GET', '/invoices');
    const r = await node.request('POST', '/invoices', {
      body: invoiceBody({ buyer: { name: 'Trần Văn Bình', [field]: value } }),
    });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(r.json.error.details).toContainEqual({ path: `body.buyer.${field}`, message });
    const after = await node.request('GET', '/invoices');
    expect(after.json.data.total).toBe(before.json.data.total);
  });
});
