/**
 * A live node whose clock is off hears it from the T-VAN's answers (their Date header), as a node behind
 * HQ hears it from HQ's (test/sync/clock-check.test.ts): most shops have no HQ, every live one has a T-VAN.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testClock } from '../support/clock.js';
import { sellerReady } from '../support/live-seller.js';
import { notificationsTitled } from '../support/notifications.js';
import { startTestNode, type TestNode } from '../support/test-node.js';
import { REGISTRATION, startSimulator } from './support.js';

const TITLE = 'Đồng hồ máy cửa hàng bị lệch';

describe("the node's clock against the T-VAN's", () => {
  let t: TestNode | undefined;
  let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
  afterEach(async () => {
    await t?.close();
    await sim?.close();
  });

  const notices = (node: TestNode) => notificationsTitled(node, TITLE);

  /** A live node sending its registration to the simulator over HTTP, with the clock given. */
  async function registered(clock: { now: () => Date }): Promise<TestNode> {
    sim = await startSimulator();
    const node = await startTestNode({ clock });
    await sellerReady(node);
    const configured = await node.request('PATCH', '/config', {
      body: { transmission: { adapter: 'http', url: sim.url } },
    });
    expect(configured.status).toBe(200);
    expect((await node.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
    await node.node.services.transmission.worker.tick();
    expect((await node.request('GET', '/transmission/registration')).json.data.state).toBe('accepted');
    // The notice is a write queued when the answer was heard: one queued after it is committed after it.
    await node.node.services.writes.run(() => undefined);
    return node;
  }

  it('tells the owner once when the clock is three days ahead', async () => {
    t = await registered(testClock(new Date(Date.now() + 3 * 24 * 3600 * 1000)));
    expect(await notices(t)).toHaveLength(1);
    const [notice] = await notices(t);
    expect(notice?.message).toContain('nhanh 3 ngày so với máy chủ nhận hóa đơn (T-VAN)');
    // More answers the same day: still one.
    expect((await t.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
    await t.node.services.transmission.worker.tick();
    await t.node.services.writes.run(() => undefined);
    expect(await notices(t)).toHaveLength(1);
  });

  it('says nothing when the clock is right', async () => {
    t = await registered({ now: () => new Date() });
    expect(await notices(t)).toEqual([]);
  });
});
