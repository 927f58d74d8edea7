/** User management over HTTP (app.inject): add, role, disable, new password; admin only; the last admin kept. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
let keyNumber = 0;
const key = () => {
  keyNumber += 1;
  return { 'x-idempotency-key': `users-${keyNumber}` };
};

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

describe('user routes', () => {
  it('adds a cashier who can sign in, lists it, and refuses the same name twice', async () => {
    const added = await node.request('POST', '/users', {
      body: { username: 'thu-ngan-1', role: 'cashier', password: 'mat-khau-123' },
      headers: key(),
    });
    expect(added.status, added.body).toBe(201);
    expect(added.json.data).toMatchObject({ username: 'thu-ngan-1', role: 'cashier', disabled: false });
    await node.login('thu-ngan-1', 'mat-khau-123');
    const list = await node.request('GET', '/users');
    expect(list.json.data.map((u: { username: string }) => u.username)).toEqual(['admin', 'thu-ngan-1']);
    const again = await node.request('POST', '/users', {
      body: { username: 'thu-ngan-1', role: 'cashier', password: 'mat-khau-123' },
      headers: key(),
    });
    expect(again.status).toBe(409);
    const short = await node.request('POST', '/users', {
      body: { username: 'thu-ngan-2', role: 'cashier', password: 'ngan' },
      headers: key(),
    });
    expect(short.status).toBe(400);
  });

  it('makes a new user a cashier when no role is given', async () => {
    const added = await node.request('POST', '/users', {
      body: { username: 'thu-ngan-mac-dinh', password: 'mat-khau-123' },
      headers: key(),
    });
    expect(added.status, added.body).toBe(201);
    expect(added.json.data.role).toBe('cashier');
  });

  it('changes the role and ends the old token; disables and enables; sets a new password', async () => {
    const token = await node.login('thu-ngan-1', 'mat-khau-123');
    const promoted = await node.request('PATCH', '/users/thu-ngan-1', { body: { role: 'accountant' } });
    expect(promoted.status, promoted.body).toBe(200);
    expect(promoted.json.data.role).toBe('accountant');
    expect((await node.request('GET', '/auth/me', { token })).status).toBe(401);

    expect((await node.request('PATCH', '/users/thu-ngan-1', { body: { disabled: true } })).json.data.disabled).toBe(
      true,
    );
    const refused = await node.request('POST', '/auth/login', {
      body: { username: 'thu-ngan-1', password: 'mat-khau-123' },
      token: null,
    });
    expect(refused.status).toBe(401);
    await node.request('PATCH', '/users/thu-ngan-1', { body: { disabled: false } });

    const reset = await node.request('POST', '/users/thu-ngan-1/password', {
      body: { password: 'mat-khau-moi-456' },
      headers: key(),
    });
    expect(reset.status, reset.body).toBe(200);
    await node.login('thu-ngan-1', 'mat-khau-moi-456');
    expect((await node.request('PATCH', '/users/khong-co', { body: { disabled: true } })).status).toBe(404);
  });

  it('keeps the last active admin, and is for admins only', async () => {
    const demote = await node.request('PATCH', '/users/admin', { body: { role: 'cashier' } });
    expect(demote.status).toBe(409);
    expect(demote.json.error.code).toBe('CONFLICT');
    const accountant = await node.login('thu-ngan-1', 'mat-khau-moi-456');
    expect((await node.request('GET', '/users', { token: accountant })).status).toBe(403);
    expect((await node.request('PATCH', '/users/admin', { body: { disabled: true }, token: accountant })).status).toBe(
      403,
    );
  });
});
