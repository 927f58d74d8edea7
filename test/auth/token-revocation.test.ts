/**
 * Tokens end when the user's password changes, when the user is disabled (enabling again does not revive
 * them), and when they are signed out (POST /auth/logout), across a restart too. Over real HTTP on loopback.
 */

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/db/open.js';
import { type Peer, peerAt, serveOnLoopback } from '../security/loopback.js';
import { testClock } from '../support/clock.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

const clock = testClock('2026-06-01T02:00:00.000Z');
let node: TestNode;
let client: Peer;

beforeAll(async () => {
  node = await startTestNode({ clock });
  client = peerAt(await serveOnLoopback(node), '127.0.0.1');
  await node.node.services.users.add('thungan', 'cashier', 'thungan-password-1');
});
afterAll(async () => {
  client.close();
  await node.close();
});

const signIn = async (password: string) => {
  const r = await client.request('POST', '/auth/login', { body: { username: 'thungan', password } });
  expect(r.status).toBe(200);
  return r.json.data.accessToken as string;
};
const me = async (token: string) => (await client.request('GET', '/auth/me', { token })).status;

describe('token lifetime', () => {
  it("refuses tokens issued before the user's password changed; the new password's token works", async () => {
    const before = await signIn('thungan-password-1');
    expect(await me(before)).toBe(200);
    await node.node.services.users.setPassword('thungan', 'thungan-password-2');
    expect(await me(before)).toBe(401);
    const after = await signIn('thungan-password-2');
    expect(await me(after)).toBe(200);
  });

  it('refuses tokens of a user disabled and enabled again', async () => {
    const token = await signIn('thungan-password-2');
    node.node.services.users.setDisabled('thungan', true);
    node.node.services.users.setDisabled('thungan', false);
    expect(await me(token)).toBe(401);
    expect(await me(await signIn('thungan-password-2'))).toBe(200);
  });

  it('signs out the presented token only, for good, and purges the deny-list past expiry', async () => {
    const kept = await signIn('thungan-password-2');
    const signedOut = await signIn('thungan-password-2');
    const r = await client.request('POST', '/auth/logout', { token: signedOut });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, data: { signedOut: true } });
    expect(await me(signedOut)).toBe(401);
    expect((await client.request('POST', '/auth/logout', { token: signedOut })).status).toBe(401);
    expect(await me(kept)).toBe(200);

    // A restart reads the deny-list back from the database.
    const restarted = await startTestNode({ clock, dataDir: node.dataDir });
    try {
      expect((await restarted.request('GET', '/auth/me', { token: signedOut })).status).toBe(401);
      expect((await restarted.request('GET', '/auth/me', { token: kept })).status).toBe(200);
    } finally {
      await restarted.app.close();
      await restarted.node.close();
    }

    clock.advance(13 * 3600 * 1000);
    const later = await signIn('thungan-password-2');
    expect((await client.request('POST', '/auth/logout', { token: later })).status).toBe(200);
    const db = new Database(join(node.dataDir, DATABASE_FILE), { readonly: true });
    try {
      const rows = db.prepare('SELECT expires_at AS expiresAt FROM revoked_tokens').all() as { expiresAt: number }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]?.expiresAt).toBeGreaterThan(clock.now().getTime() / 1000);
    } finally {
      db.close();
    }
  });
});
