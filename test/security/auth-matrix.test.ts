/**
 * Every API route × every kind of caller, with the expected answer derived from the one access table
 * (src/auth/access.ts) that also drives the route guard. New routes join the matrix by themselves.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/auth/roles.js';
import { JWT_KEY_FILE } from '../../src/auth/tokens.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

type Caller = 'none' | 'expired' | 'wrongKey' | 'algNone' | Role;
const CALLERS: Caller[] = ['none', 'expired', 'wrongKey', 'algNone', ...ROLES];

describe('auth matrix', () => {
  let node: TestNode;
  const tokens = new Map<Caller, string | null>();

  beforeAll(async () => {
    node = await startTestNode({ config: { rateLimitPerMinute: 0 } });
    const key = Buffer.from(readFileSync(join(node.dataDir, JWT_KEY_FILE), 'utf8'), 'base64');
    const admin = node.node.services.users.list().find((u) => u.role === 'admin')!;
    const now = Math.floor(Date.now() / 1000);
    const claims = { role: 'admin' };
    tokens.set('none', null);
    tokens.set(
      'expired',
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(admin.id)
        .setIssuedAt(now - 100_000)
        .setExpirationTime(now - 50_000)
        .sign(key),
    );
    tokens.set(
      'wrongKey',
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(admin.id)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(randomBytes(32)),
    );
    tokens.set(
      'algNone',
      new UnsecuredJWT(claims)
        .setSubject(admin.id)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .encode(),
    );
    for (const role of ROLES) tokens.set(role, role === 'admin' ? node.token : await node.tokenFor(role));
  });
  afterAll(() => node.close());

  it('covers every API route', () => {
    expect(node.app.apiRoutes.length).toBeGreaterThan(10);
  });

  it('answers each caller as the access table says', async () => {
    const failures: string[] = [];
    // Signing out revokes the caller's token: that route comes last, once every other route has seen it.
    const routes = node.app.apiRoutes
      .filter((r) => !r.path.startsWith('/docs'))
      .sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, 'no-such-id');
      for (const caller of CALLERS) {
        const r = await node.request(route.method, path, {
          token: tokens.get(caller) ?? null,
          body: route.method === 'GET' ? undefined : {},
        });
        let expected: string;
        if (route.access === 'public') expected = 'not 401/403';
        else if (!ROLES.includes(caller as Role)) expected = '401';
        else expected = route.access.includes(caller as Role) ? 'not 401/403' : '403';
        const ok = expected === 'not 401/403' ? r.status !== 401 && r.status !== 403 : String(r.status) === expected;
        // The OpenAPI document, the certificate file and the catalogue's export are served as they are; every
        // other answer is enveloped.
        const asIs = ['/openapi.json', '/signing/certificate.cer', '/products/export'].includes(route.path);
        const enveloped = (asIs && r.status < 400) || r.json?.success === r.status < 400;
        if (!ok || r.status >= 500 || !enveloped) {
          failures.push(
            `${route.method} ${route.path} as ${caller}: expected ${expected}, got ${r.status} ${r.body.slice(0, 120)}`,
          );
        }
        if (expected === '401') expect(r.json.error.code).toBe('UNAUTHORIZED');
        if (expected === '403') expect(r.json.error.code).toBe('FORBIDDEN');
      }
    }
    expect(failures).toEqual([]);
  });
});
