import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import type { InvoiceStatus } from '../../src/invoices/invoices.table.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
const clock = testClock('2026-03-15T03:00:00.000Z');

beforeAll(async () => {
  node = await startTestNode({ clock });
});
afterAll(() => node.close());

const replaceBody = (overrides: Record<string, unknown> = {}) => ({
  buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106' },
  items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 3, unitPrice: 25_000, taxRate: 0.1 }],
  reason: 'Sai số lượng',
  ...overrides,
});
const adjustBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'increase',
  items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 1, unitPrice: 25_000 }],
  reason: 'Thiếu một ly',
  ...overrides,
});

async function issue(overrides: Record<string, unknown> = {}) {
  const r = await node.request('POST', '/invoices', { body: invoiceBody(overrides) });
  expect(r.status).toBe(201);
  return r.json.data as { id: string; number: number; kyHieu: string; version: number };
}
const get = async (id: string) => (await node.request('GET', `/invoices/${id}`)).json.data;
const replace = (id: string, body: unknown = replaceBody(), headers?: Record<string, string>) =>
  node.request('POST', `/invoices/${id}/replace`, { body, headers });
const adjust = (id: string, body: unknown = adjustBody()) => node.request('POST', `/invoices/${id}/adjust`, { body });

/** Moves an invoice to a status that no endpoint reaches yet (tax-authority rejection, scheduled issue). */
function setStatus(id: string, status: InvoiceStatus) {
  inTransaction(node.node.services.storage.sqlite, () => node.node.services.invoices.changeStatus(id, status, 'test'));
}

async function invoiceIn(
  status: 'issued' | 'adjusted' | 'replaced' | 'error' | 'pending' | 'replacement' | 'adjusted-original',
) {
  const original = await issue();
  switch (status) {
    case 'issued':
      return original.id;
    case 'adjusted':
      return (await adjust(original.id)).json.data.id as string;
    case 'replacement':
      return (await replace(original.id)).json.data.id as string;
    case 'adjusted-original':
      await adjust(original.id);
      return original.id;
    case 'replaced':
      await replace(original.id);
      return original.id;
    default:
      setStatus(original.id, status);
      return original.id;
  }
}

const summary = async () => (await node.request('GET', '/reports/summary')).json.data;

describe('replace', () => {
  it('issues a new invoice with the next number and marks the original replaced, both audited', async () => {
    const original = await issue();
    const issuedAt = (await get(original.id)).updatedAt as string;
    clock.advance(90_000);
    const r = await replace(original.id);
    expect(r.status).toBe(200);
    const replacement = r.json.data;
    expect(replacement).toMatchObject({
      status: 'issued',
      replaces: original.id,
      reason: 'Sai số lượng',
      kyHieu: original.kyHieu,
    });
    expect(replacement.number).toBe(original.number + 1);
    expect(replacement.totals).toMatchObject({ subtotal: 75_000, taxAmount: 7_500, total: 82_500, discountTotal: 0 });

    const after = await get(original.id);
    expect(after).toMatchObject({ status: 'replaced', replacedBy: replacement.id, version: original.version + 1 });
    // The change's instant, the one its audit entry carries, a minute and a half after the issue.
    expect(Date.parse(after.updatedAt) - Date.parse(issuedAt)).toBe(90_000);

    const originalTrail = (await node.request('GET', `/invoices/${original.id}/audit`)).json.data;
    expect(originalTrail.map((e: { action: string }) => e.action)).toEqual(['created', 'replaced']);
    expect(originalTrail[1].at).toBe(after.updatedAt);
    expect(originalTrail[1].details).toMatchObject({ replacedBy: replacement.id, reason: 'Sai số lượng' });
    const newTrail = (await node.request('GET', `/invoices/${replacement.id}/audit`)).json.data;
    expect(newTrail[0]).toMatchObject({
      action: 'created',
      details: { replaces: original.id, reason: 'Sai số lượng' },
    });
  });

  it.each(['issued', 'adjusted', 'error', 'replacement'] as const)('is allowed from %s', async (status) => {
    const id = await invoiceIn(status);
    const r = await replace(id);
    expect(r.status).toBe(200);
    expect((await get(id)).status).toBe('replaced');
  });

  it.each(['replaced', 'pending', 'adjusted-original'] as const)(
    'is refused with 409 INVALID_STATE from %s, leaving everything as it was',
    async (status) => {
      const id = await invoiceIn(status);
      const before = await get(id);
      const r = await replace(id);
      expect(r.status).toBe(409);
      expect(r.json.error.code).toBe('INVALID_STATE');
      expect(await get(id)).toEqual(before);
      // No number was used by the refused request: the next invoice continues the sequence.
      const next = await issue();
      const latest = (await node.request('GET', '/invoices?pageSize=2')).json.data.items;
      expect(next.number).toBe(
        Math.max(...latest.filter((i: { id: string }) => i.id !== next.id).map((i: { number: number }) => i.number)) +
          1,
      );
    },
  );

  it('takes over the channel and, unless given, the payment method of the original', async () => {
    const original = await issue({ channel: 'web', paymentMethod: 'CK' });
    const kept = (await replace(original.id)).json.data;
    expect(kept).toMatchObject({ channel: 'web', paymentMethod: 'CK' });
    const again = (await replace(kept.id, replaceBody({ paymentMethod: 'TM' }))).json.data;
    expect(again).toMatchObject({ channel: 'web', paymentMethod: 'TM' });
  });

  it('requires a non-empty reason and valid lines (400)', async () => {
    const { id } = await issue();
    for (const body of [
      replaceBody({ reason: '   ' }),
      { buyer: replaceBody().buyer, items: replaceBody().items },
      replaceBody({ items: [] }),
    ]) {
      const r = await replace(id, body);
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await get(id)).status).toBe('issued');
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await replace('no-such-invoice')).status).toBe(404);
    expect((await adjust('no-such-invoice')).status).toBe(404);
  });

  it('replays a repeated idempotency key without issuing a second replacement', async () => {
    const { id } = await issue();
    const headers = { 'x-idempotency-key': `replace-${id}` };
    const first = await replace(id, replaceBody(), headers);
    const second = await replace(id, replaceBody(), headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json.data.id).toBe(first.json.data.id);
  });

  it('is for accountants and admins, not cashiers', async () => {
    const { id } = await issue();
    expect(
      (
        await node.request('POST', `/invoices/${id}/replace`, {
          body: replaceBody(),
          token: await node.tokenFor('cashier'),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await node.request('POST', `/invoices/${id}/adjust`, {
          body: adjustBody(),
          token: await node.tokenFor('cashier'),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await node.request('POST', `/invoices/${id}/adjust`, {
          body: adjustBody(),
          token: await node.tokenFor('accountant'),
        })
      ).status,
    ).toBe(200);
  });

  it('takes the replaced invoice out of revenue and counts the replacement instead', async () => {
    const { id } = await issue();
    const before = await summary();
    await replace(id);
    const after = await summary();
    expect(after.revenueThisMonth - before.revenueThisMonth).toBe(82_500 - 55_000);
    expect(after.totalIssued).toBe(before.totalIssued);
  });
});

describe('adjust', () => {
  it('issues an adjustment invoice with status adjusted; the original stays issued and points at it', async () => {
    const original = await issue();
    const r = await adjust(original.id);
    expect(r.status).toBe(200);
    const adjustment = r.json.data;
    expect(adjustment).toMatchObject({
      status: 'adjusted',
      adjusts: original.id,
      adjustmentType: 'increase',
      reason: 'Thiếu một ly',
    });
    expect(adjustment.number).toBe(original.number + 1);
    // The spec's adjust lines carry no tax rate: the original line's rate is used.
    expect(adjustment.items[0]).toMatchObject({ taxRate: 0.1, total: 25_000, taxAmount: 2_500 });
    expect(await get(original.id)).toMatchObject({
      status: 'issued',
      adjustedBy: adjustment.id,
      version: original.version + 1,
    });
    const trail = (await node.request('GET', `/invoices/${original.id}/audit`)).json.data;
    expect(trail.at(-1)).toMatchObject({
      action: 'adjusted',
      details: { adjustedBy: adjustment.id, type: 'increase' },
    });
  });

  it.each(['adjusted', 'replaced', 'error', 'pending', 'replacement'] as const)(
    'is refused with 409 INVALID_STATE from %s',
    async (status) => {
      const id = await invoiceIn(status);
      const r = await adjust(id);
      expect(r.status).toBe(409);
      expect(r.json.error.code).toBe('INVALID_STATE');
    },
  );

  it('allows several rounds; adjustedBy names the latest', async () => {
    const { id } = await issue();
    const first = (await adjust(id)).json.data;
    const second = (await adjust(id, adjustBody({ type: 'decrease' }))).json.data;
    expect(second.adjusts).toBe(id);
    expect((await get(id)).adjustedBy).toBe(second.id);
    expect((await get(first.id)).adjusts).toBe(id);
  });

  it('stores a decrease with negative totals and moves the reports down by it', async () => {
    const { id } = await issue();
    const before = await summary();
    const monthBefore = (await node.request('GET', '/reports/monthly?month=2026-03')).json.data.summary;
    const r = await adjust(
      id,
      adjustBody({
        type: 'decrease',
        items: [{ name: 'Cà phê sữa đá', unit: 'cái', sku: 'CF-1', quantity: 1, unitPrice: 5_000 }],
      }),
    );
    expect(r.status).toBe(200);
    expect(r.json.data.totals).toMatchObject({ subtotal: -5_000, taxAmount: -500, total: -5_500 });
    // A price adjustment: the quantity as sold, the price down.
    expect(r.json.data.items[0]).toMatchObject({ quantity: 1, unitPrice: -5_000, total: -5_000, taxAmount: -500 });
    const after = await summary();
    expect(after.revenueThisMonth - before.revenueThisMonth).toBe(-5_500);
    expect(after.totalIssued - before.totalIssued).toBe(1);
    const monthAfter = (await node.request('GET', '/reports/monthly?month=2026-03')).json.data.summary;
    expect(monthAfter.totalAmount - monthBefore.totalAmount).toBe(-5_500);
    expect(monthAfter.taxAmount - monthBefore.taxAmount).toBe(-500);
  });

  it('takes information-only adjustments with zero amounts and refuses amounts in them', async () => {
    const { id } = await issue();
    const info = await adjust(
      id,
      adjustBody({
        type: 'info',
        items: [{ name: 'Sửa địa chỉ người mua', unit: 'cái', quantity: 1, unitPrice: 0 }],
        buyer: { name: 'Công ty TNHH Hòa Bình', mst: '0100109106', address: '12 Lý Thái Tổ, Hà Nội' },
      }),
    );
    expect(info.status).toBe(200);
    expect(info.json.data.totals).toMatchObject({ subtotal: 0, taxAmount: 0, total: 0 });
    expect(info.json.data.buyer.address).toBe('12 Lý Thái Tổ, Hà Nội');
    expect((await adjust(id, adjustBody({ type: 'info' }))).status).toBe(400);
    expect(
      (await adjust(id, adjustBody({ items: [{ name: 'x', unit: 'cái', quantity: 1, unitPrice: 0 }] }))).status,
    ).toBe(400);
  });

  it('refuses an unknown type, an empty reason and a line it cannot find a tax rate for', async () => {
    const { id } = await issue({
      items: [
        { name: 'A', unit: 'cái', quantity: 1, unitPrice: 1_000, taxRate: 0.08 },
        { name: 'B', unit: 'cái', quantity: 1, unitPrice: 1_000, taxRate: 0.1 },
      ],
    });
    for (const body of [
      adjustBody({ type: 'refund' }),
      adjustBody({ reason: '' }),
      adjustBody({ items: [{ name: 'C', unit: 'cái', quantity: 1, unitPrice: 1 }] }),
    ]) {
      const r = await adjust(id, body);
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await get(id)).adjustedBy).toBeUndefined();
  });
});
