/**
 * Login throttling over real HTTP on loopback, with clients at distinct loopback addresses: a guesser is
 * slowed per (username, address), never locking the real user at another address out, and parallel guesses
 * are refused before their passwords are checked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Peer, peerAt, serveOnLoopback } from '../security/loopback.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, startTestNode, type TestNode } from '../support/test-node.js';

let node: TestNode;
let clock: ReturnType<typeof testClock>;
let guesser: Peer;
let till: Peer;

beforeEach(async () => {
  clock = testClock();
  node = await startTestNode({ clock });
  const api = await serveOnLoopback(node);
  guesser = peerAt(api, '127.0.0.2');
  till = peerAt(api, '127.0.0.3');
});
afterEach(async () => {
  guesser.close();
  till.close();
  await node.close();
});

const login = (peer: Peer, username: string, password: string) =>
  peer.request('POST', '/auth/login', { body: { username, password } });

describe('login throttling', () => {
  it("never locks the real user out from another address, whatever a guesser's failures", async () => {
    for (let i = 0; i < 12; i += 1) {
      await login(guesser, 'admin', `wrong-${i}`);
      clock.advance(60_000);
    }
    const blocked = await login(guesser, 'admin', ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    const atTheTill = await login(till, 'admin', ADMIN_PASSWORD);
    expect(atTheTill.status).toBe(200);
    expect(atTheTill.json.data.accessToken).toEqual(expect.any(String));
  });

  it('lets a few failures through, then doubles the wait after each one, with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login(guesser, 'admin', 'wrong-password')).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const refused = await login(guesser, 'admin', 'wrong-password');
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe('RATE_LIMITED');
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await login(guesser, 'admin', 'wrong-password')).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The delay stops growing at 15 minutes, and waiting it out does not reset the count.
    for (let i = 0; i < 8; i += 1) {
      const refused = await login(guesser, 'admin', 'wrong-password');
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      await login(guesser, 'admin', 'wrong-password');
    }
    const capped = await login(guesser, 'admin', 'wrong-password');
    expect(capped.headers['retry-after']).toBe(String(15 * 60));
    clock.advance(15 * 60 * 1000);
    expect((await login(guesser, 'admin', 'wrong-password')).status).toBe(401);
    expect((await login(guesser, 'admin', 'wrong-password')).headers['retry-after']).toBe(String(15 * 60));
    // The right password after the wait signs in and clears the pair's failures.
    clock.advance(15 * 60 * 1000);
    expect((await login(guesser, 'admin', ADMIN_PASSWORD)).status).toBe(200);
    expect((await login(guesser, 'admin', 'wrong-password')).status).toBe(401);
  });

  it('checks only the reserved attempts of 40 parallel guesses; the rest are refused before scrypt', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(guesser, 'admin', i === 39 ? ADMIN_PASSWORD : `guess-${i}`)),
    );
    const checked = answers.filter((a) => a.status !== 429).length;
    expect(checked).toBe(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(37);
  });

  it('caps the failures of one address across usernames, and only that address', async () => {
    for (let i = 0; i < 30; i += 1) expect((await login(guesser, `user-${i}`, 'whatever1')).status).toBe(401);
    expect((await login(guesser, 'admin', ADMIN_PASSWORD)).status).toBe(429);
    expect((await login(till, 'admin', ADMIN_PASSWORD)).status).toBe(200);
    clock.advance(60 * 60 * 1000);
    expect((await login(guesser, 'admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});
