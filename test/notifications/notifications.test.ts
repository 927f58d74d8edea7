import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { runEndOfDay } from '../../src/reports/reports.service.js';
import type { Answer } from '../support/answer.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('notifications', () => {
  const clock = testClock('2026-07-01T02:00:00.000Z');
  let node: TestNode;
  const list = async (query = '') => (await node.request('GET', `/notifications${query}`)).json.data as Answer[];

  beforeAll(async () => {
    node = await startTestNode({ clock });
  });
  afterAll(() => node.close());

  it('announces each issued invoice only when notifyOnIssue is on', async () => {
    await node.request('POST', '/invoices', { body: invoiceBody() });
    expect(await list()).toEqual([]);
    await node.request('PATCH', '/settings/automation', { body: { notifyOnIssue: true } });
    clock.advance(1000);
    const invoice = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    const [note] = await list();
    expect(note).toMatchObject({
      type: 'invoice',
      category: 'invoice',
      read: false,
      title: `Đã xuất hóa đơn số ${invoice.number}`,
    });
    expect(note.message).toContain('Công ty TNHH Hòa Bình');
    expect(note.time).toBe(clock.now().toISOString());
  });

  it('filters by unread and type, counts unread, and marks read', async () => {
    const { services } = node.node;
    clock.advance(1000);
    services.notifications.notifyError('Lỗi truyền hóa đơn', 'Cơ quan thuế từ chối hóa đơn số 9.');
    expect((await node.request('GET', '/notifications/unread-count')).json.data).toEqual({ count: 2 });
    expect((await list('?type=system')).map((n) => n.title)).toEqual(['Lỗi truyền hóa đơn']);
    expect(await list('?type=aggregate')).toEqual([]);
    const [newest] = await list();
    expect((await node.request('PATCH', `/notifications/${newest.id}/read`)).json.data).toEqual({
      id: newest.id,
      read: true,
    });
    expect((await node.request('PATCH', `/notifications/${newest.id}/read`)).status).toBe(200);
    expect((await list('?filter=unread')).map((n) => n.id)).not.toContain(newest.id);
    expect((await node.request('POST', '/notifications/read-all')).json.data).toEqual({ count: 1 });
    expect((await node.request('POST', '/notifications/read-all')).json.data).toEqual({ count: 0 });
    expect((await node.request('GET', '/notifications/unread-count')).json.data).toEqual({ count: 0 });
  });

  it('lets a cashier read them, answers 404 for an unknown id and 400 for bad filters', async () => {
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('GET', '/notifications', { token: cashier })).status).toBe(200);
    expect((await node.request('PATCH', '/notifications/nope/read')).json.error.code).toBe('NOT_FOUND');
    expect((await node.request('GET', '/notifications?filter=some')).status).toBe(400);
    expect((await node.request('GET', '/notifications?type=sms')).status).toBe(400);
  });

  it('keeps no error notification when notifyOnError is off', async () => {
    await node.request('PATCH', '/settings/automation', { body: { notifyOnError: false } });
    expect(node.node.services.notifications.notifyError('x', 'y')).toBe(false);
  });

  it('computes the end-of-day aggregate once after 23:55 store time and announces it', async () => {
    const { services } = node.node;
    const endOfDay = () =>
      inTransaction(services.storage.sqlite, () =>
        runEndOfDay({
          reports: services.reports,
          store: services.aggregates,
          notify: services.notify,
          clock,
          timeZone: 'Asia/Ho_Chi_Minh',
          endOfDayAt: '23:55',
        }),
      );
    clock.set('2026-07-02T16:54:00.000Z'); // 23:54 in Vietnam
    expect(endOfDay()).toBe('2026-07-01');
    clock.set('2026-07-02T16:55:00.000Z'); // 23:55
    node.token = await node.login('admin', ADMIN_PASSWORD);
    expect(endOfDay()).toBe('2026-07-02');
    expect(endOfDay()).toBeUndefined();
    const aggregates = (await list('?type=aggregate')).map((n) => n.title);
    expect(aggregates).toEqual(['Tổng hợp cuối ngày 2026-07-02', 'Tổng hợp cuối ngày 2026-07-01']);
    const stored = services.storage.sqlite
      .prepare("SELECT invoice_count FROM daily_aggregates WHERE date = '2026-07-01'")
      .get();
    expect(stored).toEqual({ invoice_count: 2 });
  });

  it('forgets notifications older than 90 days', async () => {
    clock.set('2026-10-01T00:00:00.000Z');
    expect(node.node.services.notifications.purgeOld()).toBeGreaterThan(0);
    node.token = await node.login('admin', ADMIN_PASSWORD);
    expect(await list()).toEqual([]);
  });
});
