import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLING_EXAMPLE_ITEMS, SELLING_EXAMPLE_TOTALS } from '../support/baskets.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const orderBody = (overrides: Record<string, unknown> = {}) => {
  const { buyer, items, paymentMethod } = invoiceBody();
  return { buyer, items, paymentMethod, channel: 'pos', ...overrides };
};

describe('orders', () => {
  const clock = testClock('2026-10-05T03:00:00.000Z');
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ clock });
  });
  afterAll(() => node.close());

  it('records an order with a generated id and its priced lines', async () => {
    const r = await node.request('POST', '/orders', { body: orderBody() });
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({
      id: expect.any(String),
      status: 'open',
      channel: 'pos',
      source: 'store',
      buyer: { name: 'Công ty TNHH Hòa Bình' },
      items: [{ lineNo: 1, sku: 'CF-1', quantity: 2, unitPrice: 25_000, total: 50_000, taxAmount: 5_000 }],
      totals: { subtotal: 50_000, taxAmount: 5_000, total: 55_000 },
      createdAt: '2026-10-05T03:00:00.000Z',
    });
    expect((await node.request('GET', `/orders/${r.json.data.id}`)).json.data).toEqual(r.json.data);
  });

  it('keeps the POS’s own id and refuses it twice with 409', async () => {
    expect((await node.request('POST', '/orders', { body: orderBody({ id: 'POS1-0001' }) })).status).toBe(201);
    const again = await node.request('POST', '/orders', { body: orderBody({ id: 'POS1-0001' }) });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('CONFLICT');
  });

  it.each([
    [{ buyer: { name: '' } }],
    [{ buyer: { name: 'Khách', cccd: '1234' } }],
    [{ items: [] }],
    [{ channel: 'shopee' }],
    [{ id: 'has space' }],
    [{ items: [{ name: 'x', unit: 'cái', quantity: 1, unitPrice: 1000, taxRate: 0.07 }] }],
  ])('refuses %j with 400', async (change) => {
    const r = await node.request('POST', '/orders', { body: orderBody(change) });
    expect(r.status).toBe(400);
  });

  it('records payment: open → paid, again is harmless, and unknown is 404', async () => {
    const id = (await node.request('POST', '/orders', { body: orderBody() })).json.data.id;
    clock.advance(60_000);
    const paid = await node.request('POST', `/orders/${id}/pay`);
    expect(paid.json.data).toMatchObject({ status: 'paid', paidAt: clock.now().toISOString() });
    clock.advance(60_000);
    expect((await node.request('POST', `/orders/${id}/pay`)).json.data.paidAt).toBe(paid.json.data.paidAt);
    expect((await node.request('POST', '/orders/nope/pay')).status).toBe(404);
  });

  it('lists newest first with status, channel and date filters', async () => {
    await node.request('POST', '/orders', { body: orderBody({ channel: 'web' }) });
    const all = (await node.request('GET', '/orders')).json.data;
    expect(all.total).toBe(4);
    expect((await node.request('GET', '/orders?channel=web')).json.data.total).toBe(1);
    expect((await node.request('GET', '/orders?status=paid')).json.data.total).toBe(1);
    expect((await node.request('GET', '/orders?dateFrom=2026-10-06')).json.data.total).toBe(0);
    expect((await node.request('GET', '/orders?dateFrom=2026-10-05&dateTo=2026-10-05')).json.data.total).toBe(4);
    expect((await node.request('GET', '/orders?status=lost')).status).toBe(400);
  });

  it('is for cashiers and admins to write, everyone to read', async () => {
    const accountant = await node.tokenFor('accountant');
    expect((await node.request('POST', '/orders', { token: accountant, body: orderBody() })).status).toBe(403);
    expect((await node.request('GET', '/orders', { token: accountant })).status).toBe(200);
    expect(
      (await node.request('POST', '/orders', { token: await node.tokenFor('cashier'), body: orderBody() })).status,
    ).toBe(201);
  });
});

describe('POST /invoices/one-click', () => {
  let node: TestNode;
  const newOrder = async (overrides: Record<string, unknown> = {}) =>
    (await node.request('POST', '/orders', { body: orderBody(overrides) })).json.data.id as string;

  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('issues the invoice of an order and links them', async () => {
    const orderId = await newOrder();
    const r = await node.request('POST', '/invoices/one-click', { body: { orderId, channel: 'pos' } });
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({
      status: 'issued',
      orderId,
      channel: 'pos',
      total: 55_000,
      number: 1,
      kyHieu: expect.stringMatching(/^K\d\dMDT$/),
    });
    const invoice = (await node.request('GET', `/invoices/${r.json.data.id}`)).json.data;
    expect(invoice).toMatchObject({ orderId, buyer: { name: 'Công ty TNHH Hòa Bình' }, totals: { total: 55_000 } });
    expect((await node.request('GET', `/orders/${orderId}`)).json.data).toMatchObject({
      status: 'invoiced',
      invoiceId: r.json.data.id,
    });
  });

  it('invoices an order of discounts, a promotion, a trade discount and KCT goods as priced when recorded', async () => {
    const order = await node.request('POST', '/orders', { body: orderBody({ items: SELLING_EXAMPLE_ITEMS }) });
    expect(order.status, order.body).toBe(201);
    expect(order.json.data.totals).toEqual({ subtotal: 220_000, taxAmount: 17_000, total: 237_000 });
    expect(order.json.data.items.map((i: { kind: string; total: number }) => [i.kind, i.total])).toEqual([
      ['goods', 180_000],
      ['goods', 50_000],
      ['promotion', 0],
      ['tradeDiscount', -10_000],
    ]);
    const r = await node.request('POST', '/invoices/one-click', { body: { orderId: order.json.data.id } });
    expect(r.status, r.body).toBe(201);
    const invoice = (await node.request('GET', `/invoices/${r.json.data.id}`)).json.data;
    expect(invoice.totals).toEqual(SELLING_EXAMPLE_TOTALS);
  });

  it('carries the buyer identity fields of the order into its invoice', async () => {
    const buyer = { name: 'Trần Văn Bình', cccd: '079203001234', passport: 'B9876543', budgetUnitCode: '1012345' };
    const r = await node.request('POST', '/invoices/one-click', { body: { orderId: await newOrder({ buyer }) } });
    expect(r.status).toBe(201);
    expect((await node.request('GET', `/invoices/${r.json.data.id}`)).json.data.buyer).toEqual(buyer);
  });

  it('answers 400 VALIDATION_ERROR for an unknown order and issues nothing', async () => {
    const before = (await node.request('GET', '/invoices')).json.data.total;
    const r = await node.request('POST', '/invoices/one-click', { body: { orderId: 'no-such-order', channel: 'pos' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect((await node.request('GET', '/invoices')).json.data.total).toBe(before);
  });

  it('refuses a second invoice for the same order with 409 ALREADY_INVOICED naming the first', async () => {
    const orderId = await newOrder();
    const first = await node.request('POST', '/invoices/one-click', { body: { orderId } });
    const second = await node.request('POST', '/invoices/one-click', { body: { orderId, channel: 'web' } });
    expect(second.status).toBe(409);
    expect(second.json.error).toMatchObject({
      code: 'ALREADY_INVOICED',
      details: [expect.objectContaining({ invoiceId: first.json.data.id })],
    });
  });

  it('gives one invoice to concurrent clicks on the same order', async () => {
    const orderId = await newOrder();
    const before = (await node.request('GET', '/invoices')).json.data.total;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => node.request('POST', '/invoices/one-click', { body: { orderId } })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await node.request('GET', '/invoices')).json.data.total).toBe(before + 1);
  });

  it('replays a retried click with the same idempotency key', async () => {
    const orderId = await newOrder();
    const headers = { 'x-idempotency-key': `click-${orderId}` };
    const first = await node.request('POST', '/invoices/one-click', { body: { orderId }, headers });
    const retry = await node.request('POST', '/invoices/one-click', { body: { orderId }, headers });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json.data.id).toBe(first.json.data.id);
  });

  it('is refused to accountants', async () => {
    const orderId = await newOrder();
    const r = await node.request('POST', '/invoices/one-click', {
      token: await node.tokenFor('accountant'),
      body: { orderId },
    });
    expect(r.status).toBe(403);
  });
});
