/** The till settings document: the bank account of VietQR payments and who may sell free lines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../support/test-node.js';

describe('till settings', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
    await node.node.services.users.add('thu-ngan', 'cashier', 'mat-khau-thu-ngan');
  });
  afterAll(() => node.close());

  it('has defaults: no bank account, free lines and price changes for the admin only, no automatic print, shelf prices with VAT, no cash rounding', async () => {
    expect((await node.request('GET', '/settings/till')).json.data).toEqual({
      bankAccount: null,
      freeLineRoles: ['admin'],
      priceChangeRoles: ['admin'],
      autoPrintReceipt: false,
      pricesIncludeVat: true,
      cashRounding: 0,
    });
  });

  it('keeps the choice of prices before tax and a cash rounding step', async () => {
    const r = await node.request('PATCH', '/settings/till', { body: { pricesIncludeVat: false, cashRounding: 500 } });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toMatchObject({ pricesIncludeVat: false, cashRounding: 500 });
    await node.request('PATCH', '/settings/till', { body: { pricesIncludeVat: true, cashRounding: 0 } });
  });

  it('keeps a bank account and the roles an admin sets; a cashier reads them but may not change them', async () => {
    const bankAccount = { bin: '970436', accountNumber: '0071000123456', accountName: 'NGUYEN VAN AN' };
    const r = await node.request('PATCH', '/settings/till', {
      body: { bankAccount, freeLineRoles: ['admin', 'cashier'] },
    });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data).toMatchObject({
      bankAccount,
      freeLineRoles: ['admin', 'cashier'],
      priceChangeRoles: ['admin'],
    });
    const token = await node.login('thu-ngan', 'mat-khau-thu-ngan');
    const read = await node.request('GET', '/settings/till', { token });
    expect(read.json.data.bankAccount).toEqual(bankAccount);
    const refused = await node.request('PATCH', '/settings/till', { token, body: { autoPrintReceipt: true } });
    expect(refused.status).toBe(403);
  });

  it.each([
    [{ bankAccount: { bin: '97043', accountNumber: '1', accountName: 'A' } }, 'body.bankAccount.bin', /BIN/],
    [
      { bankAccount: { bin: '970436', accountNumber: '12 34', accountName: 'A' } },
      'body.bankAccount.accountNumber',
      /Số tài khoản/,
    ],
    [{ freeLineRoles: ['cashier', 'cashier'] }, 'body.freeLineRoles', /lặp/],
    [{ cashRounding: 200 }, 'body.cashRounding', /Làm tròn/],
    [{ color: 'red' }, undefined, undefined],
  ])('refuses %j with a Vietnamese message under its field', async (body, path, message) => {
    const r = await node.request('PATCH', '/settings/till', { body });
    expect(r.status).toBe(400);
    if (path) expect(r.json.error.details).toContainEqual({ path, message: expect.stringMatching(message as RegExp) });
  });
});
