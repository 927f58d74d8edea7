/** GET /transmission/queue and POST /transmission/queue/:invoiceId/retry over HTTP (app.inject). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transmissionDeadline } from '../../src/transmission/transmission-queue.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

// A Friday morning in Hà Nội: the deadline skips the weekend.
const clock = testClock('2026-11-27T03:00:00.000Z');
let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ clock });
});
afterAll(() => node.close());

describe('transmission queue routes', () => {
  it('lists a waiting invoice with its next attempt and its deadline, the end of the next working day', async () => {
    const issued = await node.request('POST', '/invoices', {
      body: invoiceBody(),
      headers: { 'x-idempotency-key': 'queue-1' },
    });
    expect(issued.status, issued.body).toBe(201);
    const r = await node.request('GET', '/transmission/queue');
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.rejected).toEqual([]);
    expect(r.json.data.waiting).toEqual([
      expect.objectContaining({
        invoiceId: issued.json.data.id,
        number: issued.json.data.number,
        state: 'queued',
        attempts: 0,
        lastError: null,
        // Monday 30 November ends at 17:00 UTC (midnight in Asia/Ho_Chi_Minh).
        deadlineAt: '2026-11-30T17:00:00.000Z',
      }),
    ]);
  });

  it('moves a waiting invoice to the next pass, and answers 404 for one not waiting', async () => {
    const list = await node.request('GET', '/transmission/queue');
    const id = list.json.data.waiting[0].invoiceId as string;
    const retried = await node.request('POST', `/transmission/queue/${id}/retry`, {
      headers: { 'x-idempotency-key': 'retry-1' },
    });
    expect(retried.status, retried.body).toBe(200);
    expect(retried.json.data).toEqual({ invoiceId: id, retried: true });
    const unknown = await node.request('POST', '/transmission/queue/no-such-invoice/retry', {
      headers: { 'x-idempotency-key': 'retry-2' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('NOT_FOUND');
  });

  it('is for admins and accountants, not cashiers', async () => {
    const cashier = await node.tokenFor('cashier');
    expect((await node.request('GET', '/transmission/queue', { token: cashier })).status).toBe(403);
    const accountant = await node.tokenFor('accountant');
    expect((await node.request('GET', '/transmission/queue', { token: accountant })).status).toBe(200);
  });

  it('skips Saturday and Sunday in the deadline', () => {
    expect(transmissionDeadline(new Date('2026-11-25T03:00:00.000Z'), 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-26T17:00:00.000Z',
    );
    expect(transmissionDeadline(new Date('2026-11-28T03:00:00.000Z'), 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-30T17:00:00.000Z',
    );
  });
});
