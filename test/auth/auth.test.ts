import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_KEY_FILE } from '../../src/auth/tokens.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('login and tokens (docs/decisions.md §2)', () => {
  const clock = testClock('2026-05-01T02:00:00.000Z');
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ clock });
  });
  afterAll(() => node.close());

  it('gives a bearer token with the user and its lifetime', async () => {
    const r = await node.request('POST', '/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      token: null,
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 12 * 3600,
      user: { username: 'admin', role: 'admin', id: expect.any(String) },
    });
    const [, payload] = r.json.data.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(Object.keys(claims).sort()).toEqual(['ep', 'exp', 'iat', 'jti', 'role', 'sub']);
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await node.request('POST', '/auth/login', {
      body: { username: 'admin', password: 'nope-nope' },
      token: null,
    });
    const unknown = await node.request('POST', '/auth/login', {
      body: { username: 'ghost', password: 'nope-nope' },
      token: null,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.json).toEqual(wrong.json);
  });

  it('keeps the signing key in the data dir, readable by its owner only', () => {
    const path = join(node.dataDir, JWT_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8'), 'base64')).toHaveLength(32);
  });

  it('refuses missing, malformed, forged, alg:none and expired tokens with 401 UNAUTHORIZED', async () => {
    const key = Buffer.from(readFileSync(join(node.dataDir, JWT_KEY_FILE), 'utf8'), 'base64');
    const admin = node.node.services.users.list()[0]!;
    const now = Math.floor(clock.now().getTime() / 1000);
    const claims = { role: 'admin' };
    const sign = (k: Uint8Array, alg = 'HS256', iat = now) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg })
        .setSubject(admin.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .setJti(randomUUID())
        .sign(k);
    const valid = await sign(key);
    expect((await node.request('GET', '/invoices', { token: valid })).status).toBe(200);

    const bad = {
      missing: null,
      garbage: 'not-a-jwt',
      otherKey: await sign(randomBytes(32)),
      otherAlgorithm: await sign(Buffer.concat([key, key]), 'HS512'),
      algNone: new UnsecuredJWT(claims)
        .setSubject(admin.id)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .encode(),
      expired: await sign(key, 'HS256', now - 7200),
      tampered: valid.replace(
        /\.[^.]+\./,
        `.${Buffer.from(JSON.stringify({ ...claims, role: 'admin', sub: 'x' })).toString('base64url')}.`,
      ),
    };
    for (const [name, token] of Object.entries(bad)) {
      const r = await node.request('GET', '/invoices', { token });
      expect({ name, status: r.status, code: r.json.error.code }).toEqual({ name, status: 401, code: 'UNAUTHORIZED' });
    }
    const basic = await node.request('GET', '/invoices', { token: null, headers: { authorization: `Basic ${valid}` } });
    expect(basic.status).toBe(401);
  });

  it('expires a real token after 12 hours', async () => {
    const token = await node.login('admin', ADMIN_PASSWORD);
    clock.advance(12 * 3600 * 1000 - 1000);
    expect((await node.request('GET', '/invoices', { token })).status).toBe(200);
    clock.advance(2000);
    expect((await node.request('GET', '/invoices', { token })).status).toBe(401);
  });

  it('enforces roles with 403 FORBIDDEN', async () => {
    const accountant = await node.tokenFor('accountant');
    const cashier = await node.tokenFor('cashier');
    const byAccountant = await node.request('POST', '/invoices', { token: accountant, body: invoiceBody() });
    expect(byAccountant.status).toBe(403);
    expect(byAccountant.json.error.code).toBe('FORBIDDEN');
    expect((await node.request('POST', '/invoices', { token: cashier, body: invoiceBody() })).status).toBe(201);
    expect((await node.request('GET', '/invoices', { token: accountant })).status).toBe(200);
    expect((await node.request('GET', '/customers', { token: cashier })).status).toBe(200);
  });

  it('stops honouring the tokens of a disabled user', async () => {
    await node.node.services.users.add('temp-cashier', 'cashier', 'temp-cashier-pw');
    const token = await node.login('temp-cashier', 'temp-cashier-pw');
    node.node.services.users.setDisabled('temp-cashier', true);
    expect((await node.request('GET', '/invoices', { token })).status).toBe(401);
    const login = await node.request('POST', '/auth/login', {
      body: { username: 'temp-cashier', password: 'temp-cashier-pw' },
      token: null,
    });
    expect(login.status).toBe(401);
  });

  it('guards the HEAD twin of every GET like the GET', async () => {
    const r = await node.app.inject({ method: 'HEAD', url: '/api/v1/invoices' });
    expect(r.statusCode).toBe(401);
  });

  it('leaves only health, login and the API documents open', async () => {
    expect((await node.request('GET', '/health', { token: null })).status).toBe(200);
    expect((await node.request('GET', '/openapi.json', { token: null })).status).toBe(200);
    expect((await node.app.inject({ method: 'GET', url: '/api/v1/docs/' })).statusCode).toBe(200);
    expect((await node.request('GET', '/customers', { token: null })).status).toBe(401);
  });
});
