/**
 * One user's issuing rate, over real HTTP on loopback: a burst, then a few an hour; past it the issuing
 * routes answer 429 with Retry-After, the shop is notified once, and other users keep issuing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNodeConfig } from '../../src/config.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { type Peer, peerAt, serveOnLoopback } from './loopback.js';

const clock = testClock('2026-07-01T03:00:00.000Z');
let node: TestNode;
let till: Peer;
let cashier: string;

beforeAll(async () => {
  node = await startTestNode({ clock, config: { issueBurst: 5, issueRatePerHour: 60 } });
  till = peerAt(await serveOnLoopback(node), '127.0.0.1');
  cashier = await node.tokenFor('cashier');
});
afterAll(async () => {
  till.close();
  await node.close();
});

const issue = (token: string) => till.request('POST', '/invoices', { token, body: invoiceBody() });

describe("a user's issuing rate", () => {
  it('defaults well above a till: 300 at once, then 1,200 an hour', () => {
    const defaults = loadNodeConfig({}, {});
    expect(defaults.issueBurst).toBe(300);
    expect(defaults.issueRatePerHour).toBe(1200);
  });

  it('refuses past the burst with 429, notifies once, and lets the user issue again as the rate refills', async () => {
    for (let i = 0; i < 5; i += 1) expect((await issue(cashier)).status).toBe(201);
    const refused = await issue(cashier);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('60');
    const oneClick = await till.request('POST', '/invoices/one-click', { token: cashier, body: { orderId: 'x' } });
    expect(oneClick.status).toBe(429);

    // Other users are not held back by the cashier's burst.
    expect((await issue(node.token)).status).toBe(201);

    const notifications = await till.request('GET', '/notifications?type=system', { token: node.token });
    const bursts = notifications.json.data.filter((n: { title: string }) => n.title === 'Lập hóa đơn dồn dập');
    expect(bursts).toHaveLength(1);
    expect(bursts[0].message).toContain('"test-cashier"');

    clock.advance(60_000);
    expect((await issue(cashier)).status).toBe(201);
    expect((await issue(cashier)).status).toBe(429);
  });
});
