/**
 * Texts are stored in one form (NFC) with a base character under at most 3 marks (docs/security.md, F6),
 * and a cashier's invoice sent without `channel` is a till's (F8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode({ config: { issueBurst: 1000 } });
});
afterAll(async () => node.close());

const withBuyer = (name: string) => invoiceBody({ buyer: { name } });

describe('the texts of an invoice', () => {
  it.each([
    ['only combining marks', '\u0301\u0302\u0303\u0323'],
    ['150 marks stacked on one letter', `Z${'\u0301'.repeat(150)}`],
  ])('refuses a buyer name of %s with a 400 at the field', async (_, name) => {
    const r = await node.request('POST', '/invoices', { body: withBuyer(name) });
    expect(r.status, r.body).toBe(400);
    expect(r.json.error.details.map((d: { path: string }) => d.path)).toContain('body.buyer.name');
  });

  it('stores a name typed with combining marks in its precomposed form (NFC)', async () => {
    const typed = 'Nguyễn Thị Ngọc Ánh'.normalize('NFD');
    const r = await node.request('POST', '/invoices', { body: withBuyer(typed) });
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.buyer.name).toBe('Nguyễn Thị Ngọc Ánh'.normalize('NFC'));
    expect(r.json.data.buyer.name).not.toBe(typed);
  });
});

describe('the channel of an invoice sent without one', () => {
  it('is pos for a cashier and admin for an admin', async () => {
    const { channel: _, ...body } = invoiceBody();
    const cashier = await node.tokenFor('cashier');
    const byCashier = await node.request('POST', '/invoices', { body, token: cashier });
    expect(byCashier.status, byCashier.body).toBe(201);
    expect(byCashier.json.data.channel).toBe('pos');
    const byAdmin = await node.request('POST', '/invoices', { body });
    expect(byAdmin.json.data.channel).toBe('admin');
  });
});
