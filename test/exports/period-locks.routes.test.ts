/**
 * The declared months' routes (docs/exports.md, "Declared months"): who may lock, list and unlock, the
 * refusals in Vietnamese that change nothing, the audit trail `period:<month>`, and the month's open invoices
 * (error, attention, unsent) in its exports, kept as they were at the lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, localDate } from '../../src/domain/calendar.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const TIME_ZONE = 'Asia/Ho_Chi_Minh';
const clock = testClock(new Date());
const month = localDate(clock.now(), TIME_ZONE).slice(0, 7);
const title = (m: string) => `Tháng ${Number(m.slice(5))} năm ${m.slice(0, 4)}`;
let node: TestNode;
let issued: { id: string; number: number }[] = [];

beforeAll(async () => {
  node = await startTestNode({ clock, config: { timeZone: TIME_ZONE } });
  for (const name of ['Công ty An Bình', 'Công ty Hòa Phát', 'Công ty Cửu Long']) {
    const r = await node.request('POST', '/invoices', { body: invoiceBody({ buyer: { name } }) });
    expect(r.status, r.body).toBe(201);
    issued.push(r.json.data);
  }
  issued = issued.sort((a, b) => a.number - b.number);
});
afterAll(() => node.close());

const periods = async () => (await node.request('GET', '/exports/periods')).json.data;
const auditOf = (m: string) =>
  node.node.database.sqlite
    .prepare('SELECT actor, action, details FROM audit_entries WHERE invoice_id = ? ORDER BY seq')
    .all(`period:${m}`) as { actor: string; action: string; details: string }[];

describe('declared months', () => {
  it('refuses a cashier, a month not ended and a month that is not one, in Vietnamese, changing nothing', async () => {
    const cashier = await node.tokenFor('cashier');
    const accountant = await node.tokenFor('accountant');
    expect((await node.request('GET', '/exports/periods', { token: cashier })).status).toBe(403);
    expect((await node.request('POST', `/exports/periods/${month}/lock`, { token: cashier })).status).toBe(403);
    expect((await node.request('GET', '/exports/periods', { token: null })).status).toBe(401);

    const current = await node.request('POST', `/exports/periods/${month}/lock`, { token: accountant });
    expect(current.status).toBe(400);
    expect(current.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `${title(month)} chưa kết thúc: chỉ khóa được một tháng đã qua.`,
      details: [{ path: 'params.month' }],
    });
    const future = await node.request('POST', `/exports/periods/${addMonths(month, 1)}/lock`, { token: accountant });
    expect(future.status).toBe(400);
    const shapeless = await node.request('POST', '/exports/periods/2026-13/lock', { token: accountant });
    expect(shapeless.status).toBe(400);
    expect(shapeless.json.error.message).toBe('Tháng có dạng YYYY-MM, ví dụ 2026-10.');
    expect(await periods()).toEqual([]);
    expect(auditOf(month)).toEqual([]);
  });

  it('lists the open invoices, locks an ended month once, and lets only an admin with a reason unlock it', async () => {
    // The month's invoices wait in the queue (no worker runs here): unsent; one is put in attention, and
    // the authority refuses another (its invoice goes to error, as a 204 naming it does).
    const queued = node.node.services.transmissionQueue;
    const row = queued.find(issued[1]!.id)!;
    queued.save({ ...row, state: 'attention' });
    const services = node.node.services;
    await services.writes.run(() => {
      services.transmission.outcomes.rejected(issued[2]!.id, 'Lỗi 20001: Sai định dạng dữ liệu');
      services.transmissionQueue.save({ ...services.transmissionQueue.find(issued[2]!.id)!, state: 'rejected' });
    });
    const live = (await node.request('GET', `/exports/vat-figures?month=${month}`)).json.data;
    expect(
      live.openInvoices.map((o: { number: number; state: string; stateText: string }) => [
        o.number,
        o.state,
        o.stateText,
      ]),
    ).toEqual([
      [issued[0]!.number, 'unsent', 'Chưa gửi cơ quan thuế'],
      [issued[1]!.number, 'attention', 'Cần kiểm tra'],
      [issued[2]!.number, 'error', 'Lỗi: cơ quan thuế từ chối'],
    ]);
    const ledger = (await node.request('GET', `/exports/sales-ledger?month=${month}&format=json`)).body;

    // Next month: this one has ended.
    clock.advance(40 * 86_400_000);
    const accountant = await node.login('test-accountant', 'test-accountant-password');
    node.token = await node.login('admin', ADMIN_PASSWORD);
    const locked = await node.request('POST', `/exports/periods/${month}/lock`, { token: accountant });
    expect(locked.status, locked.body).toBe(200);
    expect(locked.json.data).toEqual({
      month,
      title: title(month),
      lockedAt: clock.now().toISOString(),
      lockedBy: 'test-accountant',
    });
    expect(await periods()).toEqual([locked.json.data]);
    const again = await node.request('POST', `/exports/periods/${month}/lock`, { token: accountant });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(
      new RegExp(`^${title(month)} đã được khóa ngày \\d\\d/\\d\\d/\\d{4} bởi test-accountant\\.$`),
    );

    // The queue moves on; the declared month's open invoices stay as they were at its lock.
    queued.save({ ...row, state: 'accepted' });
    const declared = (await node.request('GET', `/exports/vat-figures?month=${month}`)).json.data;
    expect(declared.openInvoices).toEqual(live.openInvoices);
    const relocked = (await node.request('GET', `/exports/sales-ledger?month=${month}&format=json`)).body;
    expect(JSON.parse(relocked).sections).toEqual(JSON.parse(ledger).sections);

    expect(
      (
        await node.request('POST', `/exports/periods/${month}/unlock`, {
          token: accountant,
          body: { reason: 'Khai sai' },
        })
      ).status,
    ).toBe(403);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await node.request('POST', `/exports/periods/${month}/unlock`, { body });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(refused.json.error.message).toContain('Cần lý do mở khóa kỳ (reason)');
    }
    expect(await periods()).toEqual([locked.json.data]);

    const unlocked = await node.request('POST', `/exports/periods/${month}/unlock`, {
      body: { reason: 'Khai bổ sung sai kỳ' },
    });
    expect(unlocked.status, unlocked.body).toBe(200);
    expect(unlocked.json.data).toEqual({ month, title: title(month), unlockedAt: clock.now().toISOString() });
    expect(await periods()).toEqual([]);
    expect(
      (await node.request('POST', `/exports/periods/${month}/unlock`, { body: { reason: 'Lần nữa' } })).status,
    ).toBe(404);
    // Unlocked, the month follows its invoices again.
    const reopened = (await node.request('GET', `/exports/vat-figures?month=${month}`)).json.data;
    expect(reopened.openInvoices.map((o: { number: number }) => o.number)).toEqual([
      issued[0]!.number,
      issued[2]!.number,
    ]);

    expect(auditOf(month).map((e) => ({ ...e, details: JSON.parse(e.details) }))).toEqual([
      { actor: 'test-accountant', action: 'period-locked', details: { month, entries: 2, openInvoices: 3 } },
      {
        actor: 'admin',
        action: 'period-unlocked',
        details: {
          month,
          reason: 'Khai bổ sung sai kỳ',
          lockedAt: locked.json.data.lockedAt,
          lockedBy: 'test-accountant',
        },
      },
    ]);
  });
});
