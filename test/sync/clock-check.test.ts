/**
 * A store whose clock is off is told so by its sync passes: HQ's answers carry HQ's time (the Date header),
 * and a difference beyond five minutes raises one notification a day for the owner. (The T-VAN's answers do
 * the same: test/transmission/clock-skew.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK_SKEW_WARN_MS, clockSkewNotice } from '../../src/notifications/clock-skew.js';
import { testClock } from '../support/clock.js';
import { notificationsTitled } from '../support/notifications.js';
import { startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, type HqPeer, startHq } from './hq-peer.js';

const TITLE = 'Đồng hồ máy cửa hàng bị lệch';
const HQ = Date.parse('2026-11-27T02:00:00.000Z');

describe('the clock check', () => {
  it('says nothing within five minutes either way', () => {
    expect(clockSkewNotice(HQ + CLOCK_SKEW_WARN_MS, HQ, '2026-11-27', 'trụ sở')).toBeUndefined();
    expect(clockSkewNotice(HQ - CLOCK_SKEW_WARN_MS, HQ, '2026-11-27', 'trụ sở')).toBeUndefined();
  });

  it('says how far ahead or behind, in minutes or in days, once a day', () => {
    const ahead = clockSkewNotice(HQ + 10 * 60_000, HQ, '2026-11-27', 'trụ sở');
    expect(ahead).toMatchObject({ type: 'system', title: TITLE, dedupeKey: 'clock-skew:2026-11-27' });
    expect(ahead?.message).toContain('nhanh 10 phút so với trụ sở');
    expect(clockSkewNotice(HQ - 90 * 60_000, HQ, '2026-11-27', 'trụ sở')?.message).toContain('chậm 90 phút');
    const dead = clockSkewNotice(HQ, Date.parse('2099-01-01T00:00:00.000Z'), '2026-11-27', 'trụ sở');
    expect(dead?.message).toMatch(/chậm \d{5} ngày/);
  });
});

describe('a sync pass against a real headquarters', () => {
  let t: TestNode | undefined;
  let peer: HqPeer | undefined;
  afterEach(async () => {
    await t?.close();
    await peer?.close();
  });

  const notices = (node: TestNode) => notificationsTitled(node, TITLE);

  it('tells the owner of a store whose clock is three days ahead of HQ, once however many passes', async () => {
    peer = await startHq();
    t = await startTestNode({ clock: testClock(new Date(Date.now() + 3 * 24 * 3600 * 1000)) });
    await connectStore(t, peer, 'store-clock-ahead');
    expect((await t.node.services.sync.runNow()).ok).toBe(true);
    expect((await t.node.services.sync.runNow()).ok).toBe(true);
    const found = await notices(t);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain('nhanh 3 ngày');
  });

  it('says nothing to a store whose clock is HQ’s', async () => {
    peer = await startHq();
    t = await startTestNode({ clock: { now: () => new Date() } });
    await connectStore(t, peer, 'store-clock-right');
    expect((await t.node.services.sync.runNow()).ok).toBe(true);
    expect(await notices(t)).toEqual([]);
  });
});
