/**
 * One sync pass at a time per data directory: `hoadon sync now` beside a node whose pass is running does not
 * push too (two pushers would renumber a resync under each other's batches), a resync or another HQ waits for
 * the pass, and a lease left by a killed process or past its time is free.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSyncLease, LEASE_MS } from '../../sync/store/sync-lease.js';
import { testClock } from '../support/clock.js';
import { runHoadonAsync } from '../support/processes.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, type HqPeer, hqRecords, startHq } from './hq-peer.js';

const STORE = 'store-lease';

describe('the sync lease', () => {
  // Today: the `hoadon sync now` process beside it reads the lease with the real clock.
  const clock = testClock(new Date().toISOString());
  let t: TestNode;
  let peer: HqPeer;
  /** Another process of this machine, standing for a `hoadon serve` in the middle of a pass. */
  let other: ChildProcess;

  beforeEach(async () => {
    peer = await startHq();
    t = await startTestNode({ clock });
    await connectStore(t, peer, STORE);
    expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
    other = spawn('sleep', ['60']);
  });
  afterEach(async () => {
    other.kill('SIGKILL');
    await t.close();
    await peer.close();
  });

  const holdAsOther = () => {
    const held = createSyncLease({ sqlite: t.node.services.storage.sqlite, clock, pid: other.pid! }).acquire();
    if (!('lease' in held)) throw new Error(`lease held by ${held.heldBy}`);
    return held.lease;
  };

  it('runs no pass, resync or new HQ while another live process holds it, and pushes once it is given back', async () => {
    const lease = holdAsOther();
    const { sync } = t.node.services;
    expect(await sync.runNow()).toEqual({ ok: false, busy: true, pid: other.pid });
    expect(hqRecords(peer, STORE)).toEqual([]);
    expect(() => sync.resync()).toThrow(expect.objectContaining({ code: 'CONFLICT', status: 409 }));
    expect(sync.status().resyncing).toBe(true);

    const cli = await runHoadonAsync(['sync', 'now', '--data-dir', t.dataDir]);
    expect(cli.status).toBe(3);
    expect(cli.stdout).toContain(`Tiến trình ${other.pid} đang đồng bộ`);

    lease.release();
    expect(await sync.runNow()).toMatchObject({ ok: true });
    expect(hqRecords(peer, STORE, 'invoice')).toHaveLength(1);
    expect(sync.resync()).toEqual({ configured: true });
  });

  it('is free at once when its process was killed, and after its time when the process hangs', async () => {
    holdAsOther();
    other.kill('SIGKILL');
    await once(other, 'exit');
    expect(await t.node.services.sync.runNow()).toMatchObject({ ok: true });

    other = spawn('sleep', ['60']);
    holdAsOther();
    expect(await t.node.services.sync.runNow()).toMatchObject({ ok: false, busy: true });
    clock.advance(LEASE_MS + 1);
    expect(await t.node.services.sync.runNow()).toMatchObject({ ok: true });
  });
});
