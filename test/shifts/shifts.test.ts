/** POST /shifts, POST /shifts/:id/close and GET /shifts over HTTP, on a real database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASH_MOVEMENTS_SQL } from '../../src/shifts/shifts.repository.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const clock = testClock('2026-03-15T02:00:00.000Z'); // 09:00 in Hồ Chí Minh City
let node: TestNode;
let cashier: string;
let accountant: string;
beforeAll(async () => {
  node = await startTestNode({ clock });
  cashier = await node.tokenFor('cashier');
  accountant = await node.tokenFor('accountant');
});
afterAll(() => node.close());

const sell = async (token: string, unitPrice: number, paymentMethod = 'TM') => {
  const r = await node.request('POST', '/invoices', {
    token,
    body: invoiceBody({
      paymentMethod,
      items: [{ name: 'Cà phê', sku: 'CF', quantity: 1, unitPrice, taxCategory: 'KCT' }],
    }),
  });
  expect(r.status, r.body).toBe(201);
  return r.json.data.id as string;
};

describe('a shift', () => {
  let shiftId: string;

  it('opens with its float, once per cashier', async () => {
    const opened = await node.request('POST', '/shifts', { token: cashier, body: { openingFloat: 500_000 } });
    expect(opened.status, opened.body).toBe(201);
    expect(opened.json.data).toMatchObject({
      username: 'test-cashier',
      businessDate: '2026-03-15',
      status: 'open',
      openingFloat: 500_000,
      cashSales: 0,
      expectedCash: 500_000,
      countedCash: null,
    });
    shiftId = opened.json.data.id;
    const again = await node.request('POST', '/shifts', { token: cashier, body: { openingFloat: 0 } });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/chưa kết/);
    const current = await node.request('GET', '/shifts/current', { token: cashier });
    expect(current.json.data.id).toBe(shiftId);
  });

  it('expects the float plus the cashier’s cash sales, and asks for a note when the count differs', async () => {
    clock.advance(60_000);
    await sell(cashier, 120_000);
    await sell(cashier, 80_000);
    await sell(cashier, 45_000, 'CK'); // a transfer never reaches the drawer
    await sell(node.token, 99_000); // the admin's sale is not the cashier's
    clock.advance(60_000);

    const noNote = await node.request('POST', `/shifts/${shiftId}/close`, {
      token: cashier,
      body: { countedCash: 690_000 },
    });
    expect(noNote.status).toBe(400);
    expect(noNote.json.error.details[0].path).toBe('body.note');
    expect((await node.request('GET', '/shifts/current', { token: cashier })).json.data.status).toBe('open');

    const closed = await node.request('POST', `/shifts/${shiftId}/close`, {
      token: cashier,
      body: {
        denominations: [
          { value: 500_000, count: 1 },
          { value: 100_000, count: 1 },
          { value: 50_000, count: 1 },
          { value: 20_000, count: 2 },
          { value: 1_000, count: 0 },
        ],
        note: 'Thối nhầm cho khách',
      },
    });
    expect(closed.status, closed.body).toBe(200);
    expect(closed.json.data).toMatchObject({
      status: 'closed',
      cashSales: 200_000,
      cashRefunds: 0,
      expectedCash: 700_000,
      countedCash: 690_000,
      difference: -10_000,
      note: 'Thối nhầm cho khách',
      closedBy: 'test-cashier',
      denominations: [
        { value: 500_000, count: 1 },
        { value: 100_000, count: 1 },
        { value: 50_000, count: 1 },
        { value: 20_000, count: 2 },
      ],
    });
    const twice = await node.request('POST', `/shifts/${shiftId}/close`, { token: cashier, body: { countedCash: 0 } });
    expect(twice.status).toBe(409);
    // A sale after the close is not the closed shift's.
    await sell(cashier, 10_000);
    const day = await node.request('GET', '/shifts?date=2026-03-15', { token: cashier });
    expect(day.json.data.items[0]).toMatchObject({ cashSales: 200_000, difference: -10_000 });
  });

  it('counts what an admin hands back on a decrease as a refund of the admin’s shift', async () => {
    const opened = await node.request('POST', '/shifts', { body: { openingFloat: 100_000 } });
    clock.advance(60_000);
    const sale = await sell(node.token, 300_000);
    const decrease = await node.request('POST', `/invoices/${sale}/adjust`, {
      body: {
        type: 'decrease',
        reason: 'Trả lại một món',
        items: [{ name: 'Cà phê', sku: 'CF', quantity: 1, unitPrice: 50_000, taxCategory: 'KCT' }],
      },
    });
    expect(decrease.status, decrease.body).toBe(200);
    const closed = await node.request('POST', `/shifts/${opened.json.data.id}/close`, {
      body: { countedCash: 350_000 },
    });
    expect(closed.status, closed.body).toBe(200);
    expect(closed.json.data).toMatchObject({ cashSales: 300_000, cashRefunds: 50_000, expectedCash: 350_000 });
    expect(closed.json.data.difference).toBe(0);
    expect(closed.json.data.note).toBeNull();
  });

  it('lists a cashier their own shifts, an admin or accountant every shift, with the end of day', async () => {
    const mine = await node.request('GET', '/shifts?date=2026-03-15', { token: cashier });
    expect(mine.json.data.items.map((s: { username: string }) => s.username)).toEqual(['test-cashier']);
    const all = await node.request('GET', '/shifts?date=2026-03-15', { token: accountant });
    expect(all.status).toBe(200);
    expect(all.json.data.items).toHaveLength(2);
    expect(all.json.data.total).toEqual({
      shifts: 2,
      openShifts: 0,
      openingFloat: 600_000,
      cashSales: 500_000,
      cashRefunds: 50_000,
      expectedCash: 1_050_000,
      countedCash: 1_040_000,
      difference: -10_000,
    });
    const otherDay = await node.request('GET', '/shifts?date=2026-03-16', { token: accountant });
    expect(otherDay.json.data.items).toEqual([]);
  });

  it('refuses bad input with a Vietnamese 4xx that changes nothing', async () => {
    const bad = async (path: string, body: unknown, token = cashier) => {
      const r = await node.request('POST', path, { token, body });
      expect(r.status, r.body).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      return r;
    };
    expect((await bad('/shifts', { openingFloat: -1 })).json.error.details[0].path).toBe('body.openingFloat');
    expect((await bad('/shifts', { openingFloat: 1.5 })).status).toBe(400);
    expect((await bad('/shifts', {})).status).toBe(400);
    const { json } = await node.request('POST', '/shifts', { token: cashier, body: { openingFloat: 0 } });
    const id = json.data.id;
    expect((await bad(`/shifts/${id}/close`, {})).status).toBe(400);
    expect((await bad(`/shifts/${id}/close`, { countedCash: 0, denominations: [] })).status).toBe(400);
    const odd = await bad(`/shifts/${id}/close`, { denominations: [{ value: 300_000, count: 1 }] });
    expect(odd.json.error.message).toMatch(/Mệnh giá/);
    expect((await bad('/shifts/khong-co/close', { countedCash: 0 })).status).toBe(404);
    // An accountant reads shifts but neither opens nor closes one; another cashier's shift is not found.
    expect((await bad(`/shifts/${id}/close`, { countedCash: 0 }, accountant)).status).toBe(403);
    expect((await bad('/shifts', { openingFloat: 0 }, accountant)).status).toBe(403);
    const badDate = await node.request('GET', '/shifts?date=2026-02-30', { token: cashier });
    expect(badDate.status).toBe(400);
    expect((await node.request('GET', '/shifts/current', { token: cashier })).json.data).toMatchObject({
      id,
      status: 'open',
    });
  });

  it('reads a shift’s invoices and a day’s shifts by index', () => {
    const { sqlite } = node.node.database;
    const plan = (sql: string, params: Record<string, string>) =>
      (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail);
    const cash = plan(CASH_MOVEMENTS_SQL, { userId: 'u', from: '2026-03-15', to: '2026-03-16' });
    expect(cash).toContain('SEARCH i USING INDEX invoices_created_at (created_at>? AND created_at<?)');
    expect(cash.some((step) => step.startsWith('SEARCH r USING INDEX'))).toBe(true);
    const day = plan('SELECT * FROM shifts WHERE business_date = @date ORDER BY opened_at', { date: '2026-03-15' });
    expect(day.some((step) => step.includes('USING INDEX shifts_business_date_user'))).toBe(true);
  });
});
