import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_BASE_MS } from '../../src/auto-issue/auto-issue.service.js';
import { inTransaction } from '../../src/db/transaction.js';
import type { InvoiceRow } from '../../src/invoices/invoices.repository.js';
import { invoices } from '../../src/invoices/invoices.table.js';
import { periodicJobs } from '../../src/jobs.js';
import type { Answer } from '../support/answer.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

const MINUTE = 60_000;

const orderBody = (overrides: Record<string, unknown> = {}) => {
  const { buyer, items, paymentMethod } = invoiceBody();
  return { buyer, items, paymentMethod, channel: 'pos', ...overrides };
};

/** The job exactly as `hoadon serve` runs it, called by hand instead of by a timer. */
const runAutoIssueJob = (node: TestNode) =>
  periodicJobs(node.node.services)
    .find((job) => job.name === 'auto-issue')!
    .run() as number;

const invoicesOfOrder = (node: TestNode, orderId: string) =>
  node.node.services.storage.sqlite
    .prepare('SELECT id, channel, number FROM invoices WHERE order_id = ?')
    .all(orderId) as {
    id: string;
    channel: string;
    number: number;
  }[];

async function paidOrder(node: TestNode, overrides: Record<string, unknown> = {}): Promise<Answer> {
  const id = (await node.request('POST', '/orders', { body: orderBody(overrides) })).json.data.id;
  const paid = await node.request('POST', `/orders/${id}/pay`);
  expect(paid.status).toBe(200);
  return paid.json.data;
}

describe('auto-issue on paid', () => {
  const clock = testClock('2026-10-05T03:00:00.000Z');
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ clock });
  });
  afterAll(() => node.close());

  it('does nothing while autoIssueOnPaid is off (the default)', async () => {
    const order = await paidOrder(node);
    expect(order.autoIssue).toBeUndefined();
    expect(runAutoIssueJob(node)).toBe(0);
    expect(invoicesOfOrder(node, order.id)).toEqual([]);
  });

  it('with delayMinutes 0 shows the order pending, then the next pass issues its invoice on channel auto', async () => {
    await node.request('PATCH', '/settings/automation', {
      body: { autoIssueOnPaid: true, channels: ['POS'], delayMinutes: 0 },
    });
    const order = await paidOrder(node);
    expect(order).toMatchObject({
      status: 'paid',
      autoIssue: { state: 'pending', dueAt: clock.now().toISOString(), attempts: 0 },
    });
    expect(order.invoiceId).toBeUndefined();

    expect(runAutoIssueJob(node)).toBe(1);
    const after = (await node.request('GET', `/orders/${order.id}`)).json.data;
    expect(after).toMatchObject({ status: 'invoiced', autoIssue: { state: 'issued' } });
    const [invoice] = invoicesOfOrder(node, order.id);
    expect(after.invoiceId).toBe(invoice!.id);
    const detail = (await node.request('GET', `/invoices/${invoice!.id}`)).json.data;
    expect(detail).toMatchObject({
      status: 'issued',
      channel: 'auto',
      totals: order.totals,
      transmission: { state: 'queued' },
    });
    const audit = (await node.request('GET', `/invoices/${invoice!.id}/audit`)).json.data;
    expect(audit[0]).toMatchObject({ action: 'created', actor: 'auto-issue' });

    expect(runAutoIssueJob(node)).toBe(0);
    expect(invoicesOfOrder(node, order.id)).toHaveLength(1);
  });

  it('ignores orders of channels that are not listed, and paying twice schedules nothing more', async () => {
    const web = await paidOrder(node, { channel: 'web' });
    expect(web.autoIssue).toBeUndefined();
    expect((await node.request('POST', `/orders/${web.id}/pay`)).json.data.autoIssue).toBeUndefined();
    expect(runAutoIssueJob(node)).toBe(0);
    expect(invoicesOfOrder(node, web.id)).toEqual([]);
  });

  it('lets a one-click before the job win: the job skips the order, which keeps one invoice', async () => {
    const order = await paidOrder(node);
    const oneClick = await node.request('POST', '/invoices/one-click', { body: { orderId: order.id, channel: 'pos' } });
    expect(oneClick.status).toBe(201);
    expect(runAutoIssueJob(node)).toBe(1);
    expect(invoicesOfOrder(node, order.id)).toEqual([
      { id: oneClick.json.data.id, channel: 'pos', number: oneClick.json.data.number },
    ]);
    expect((await node.request('GET', `/orders/${order.id}`)).json.data.autoIssue).toMatchObject({ state: 'skipped' });
  });

  it('answers a one-click after the job with 409 ALREADY_INVOICED', async () => {
    const order = await paidOrder(node);
    runAutoIssueJob(node);
    const oneClick = await node.request('POST', '/invoices/one-click', { body: { orderId: order.id } });
    expect(oneClick.status).toBe(409);
    expect(oneClick.json.error.code).toBe('ALREADY_INVOICED');
    expect(invoicesOfOrder(node, order.id)).toMatchObject([{ channel: 'auto' }]);
  });

  it('records a failure, notifies once, retries with backoff and leaves the order to the admin at the end', async () => {
    const { services } = node.node;
    inTransaction(services.storage.sqlite, () => services.settings.update('plan', { invoiceLimit: 0 }, 'test'));
    const order = await paidOrder(node);

    expect(runAutoIssueJob(node)).toBe(1);
    let view = (await node.request('GET', `/orders/${order.id}`)).json.data;
    expect(view.autoIssue).toMatchObject({
      state: 'pending',
      attempts: 1,
      dueAt: new Date(clock.now().getTime() + RETRY_BASE_MS).toISOString(),
    });
    expect(view.autoIssue.lastError).toContain('gói dịch vụ');
    expect(runAutoIssueJob(node)).toBe(0);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock.advance(RETRY_BASE_MS * 2 ** (attempt - 2));
      expect(runAutoIssueJob(node)).toBe(1);
    }
    view = (await node.request('GET', `/orders/${order.id}`)).json.data;
    expect(view).toMatchObject({ status: 'paid', autoIssue: { state: 'failed', attempts: MAX_ATTEMPTS } });
    clock.advance(2 * 60 * MINUTE);
    expect(runAutoIssueJob(node)).toBe(0);

    const notes = ((await node.request('GET', '/notifications?type=system')).json.data as Answer[]).filter((n) =>
      n.title.includes(order.id),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain('gói dịch vụ');
    expect(invoicesOfOrder(node, order.id)).toEqual([]);

    inTransaction(services.storage.sqlite, () => services.settings.update('plan', { invoiceLimit: 20_000 }, 'test'));
    expect((await node.request('POST', '/invoices/one-click', { body: { orderId: order.id } })).status).toBe(201);
  });

  it('does not notify a failure when notifyOnError is off', async () => {
    const { services } = node.node;
    await node.request('PATCH', '/settings/automation', { body: { notifyOnError: false } });
    inTransaction(services.storage.sqlite, () => services.settings.update('plan', { invoiceLimit: 0 }, 'test'));
    const order = await paidOrder(node);
    runAutoIssueJob(node);
    expect((await node.request('GET', `/orders/${order.id}`)).json.data.autoIssue).toMatchObject({
      state: 'pending',
      attempts: 1,
    });
    const notes = (await node.request('GET', '/notifications?type=system')).json.data as { title: string }[];
    expect(notes.filter((n) => n.title.includes(order.id))).toEqual([]);
    inTransaction(services.storage.sqlite, () => services.settings.update('plan', { invoiceLimit: 20_000 }, 'test'));
    await node.request('PATCH', '/settings/automation', { body: { notifyOnError: true } });
  });
});

describe('auto-issue with a delay, across a restart', () => {
  const clock = testClock('2026-10-05T03:00:00.000Z');
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-auto-issue-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the order pending until delayMinutes have passed, survives a restart, and numbers by issue time', async () => {
    const first = await startTestNode({ clock, dataDir });
    await first.request('PATCH', '/settings/automation', {
      body: { autoIssueOnPaid: true, channels: ['WEB'], delayMinutes: 15 },
    });
    const order = await paidOrder(first, { channel: 'web' });
    expect(order.autoIssue).toEqual({ state: 'pending', dueAt: '2026-10-05T03:15:00.000Z', attempts: 0 });

    clock.advance(14 * MINUTE);
    expect(runAutoIssueJob(first)).toBe(0);
    // An invoice issued meanwhile takes the next number: numbers follow issue time, not payment time.
    const meanwhile = (await first.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    expect(meanwhile.number).toBe(1);
    await first.close();

    const second = await startTestNode({ clock, dataDir });
    try {
      expect((await second.request('GET', `/orders/${order.id}`)).json.data).toMatchObject({
        status: 'paid',
        autoIssue: { state: 'pending' },
      });
      expect((await second.request('GET', '/reports/summary')).json.data).toMatchObject({
        totalIssued: 1,
        totalPending: 1,
      });
      expect(runAutoIssueJob(second)).toBe(0);
      clock.advance(MINUTE);
      expect(runAutoIssueJob(second)).toBe(1);
      expect(invoicesOfOrder(second, order.id)).toEqual([{ id: expect.any(String), channel: 'auto', number: 2 }]);
      expect((await second.request('GET', `/orders/${order.id}`)).json.data).toMatchObject({
        status: 'invoiced',
        autoIssue: { state: 'issued' },
      });
      expect((await second.request('GET', '/reports/summary')).json.data).toMatchObject({
        totalIssued: 2,
        totalPending: 0,
      });
    } finally {
      await second.close();
    }
  });
});

describe('transmission of an invoice that leaves pending', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
  });
  afterAll(() => node.close());

  it('queues it once, when it becomes issued, and never while pending', async () => {
    const { services } = node.node;
    const issued = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data;
    const [row] = services.storage.db.select().from(invoices).where(eq(invoices.id, issued.id)).all();
    const shaped: InvoiceRow = { ...row!, id: 'pending-1', status: 'pending', updatedAt: '2026-10-05T04:00:00.000Z' };
    const change = (before: InvoiceRow | undefined, after: InvoiceRow) =>
      services.transmission.enqueueListener({ before, after, items: [], actor: 'test' });

    change(undefined, shaped);
    expect(services.transmissionQueue.find('pending-1')).toBeUndefined();
    change(shaped, { ...shaped, status: 'issued' });
    expect(services.transmissionQueue.find('pending-1')).toMatchObject({
      state: 'queued',
      attempts: 0,
      queuedAt: shaped.updatedAt,
    });
    // A second enqueue would break the queue's primary key: later changes must not try.
    expect(() => change({ ...shaped, status: 'issued' }, { ...shaped, status: 'replaced' })).not.toThrow();
  });
});
