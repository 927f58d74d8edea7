/**
 * The durable queue to the tax authority against the embedded simulator (which really checks the XML and
 * its signature); retry timing and the breaker; the JSON authority of earlier versions, still asked about
 * invoices it left in doubt. Faults around the TDiep exchange: tdiep-node.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterSuccess,
  BREAKER_THRESHOLD,
  isOffline,
  MAX_DELAY_MS,
  MIN_RETRY_MS,
  retryDelayMs,
} from '../../src/transmission/backoff.js';
import { createEmbeddedTaxAuthority } from '../../src/transmission/tax-authority.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('retry timing', () => {
  it('backs off exponentially with jitter, capped', () => {
    expect(retryDelayMs(1, 0)).toBe(2_500);
    expect(retryDelayMs(1, 1)).toBe(5_000);
    expect(retryDelayMs(3, 0.5)).toBe(15_000);
    expect(retryDelayMs(30, 1)).toBe(MAX_DELAY_MS);
  });

  it('never retries sooner than the floor, whatever the base and the attempt', () => {
    for (const base of [0, 1, 10, 200, 1_000])
      for (const attempts of [0, 1, 2, 3])
        for (const random of [0, 0.5, 1])
          expect(retryDelayMs(attempts, random, base)).toBeGreaterThanOrEqual(MIN_RETRY_MS);
    expect(retryDelayMs(1, 0, 10)).toBe(MIN_RETRY_MS);
  });

  it('opens the breaker after repeated failures and closes it on success', () => {
    let state = afterSuccess();
    for (let i = 0; i < BREAKER_THRESHOLD - 1; i += 1) state = afterFailure(state, 1_000);
    expect(isOffline(state, 1_000)).toBe(false);
    state = afterFailure(state, 1_000);
    expect(isOffline(state, 1_001)).toBe(true);
    expect(isOffline(afterSuccess(), 1_001)).toBe(false);
  });
});

describe('transmission queue', () => {
  const clock = testClock('2026-11-02T03:00:00.000Z');
  let node: TestNode;
  beforeEach(async () => {
    node = await startTestNode({ clock });
  });
  afterEach(() => node.close());

  const issue = async () => (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string;
  const stateOf = async (id: string) => (await node.request('GET', `/invoices/${id}`)).json.data;

  it('queues an invoice in its own transaction and gets it accepted once', async () => {
    const id = await issue();
    expect((await stateOf(id)).transmission).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await node.request('GET', '/health', { token: null })).json.data.transmissionQueue).toMatchObject({
      queued: 1,
      adapter: 'embedded',
      simulated: true,
      state: 'online',
    });
    await node.node.services.transmission.worker.tick();
    expect((await stateOf(id)).transmission).toMatchObject({
      state: 'accepted',
      attempts: 1,
      acceptedAt: clock.now().toISOString(),
    });
    const audit = (await node.request('GET', `/invoices/${id}/audit`)).json.data.map(
      (e: { action: string }) => e.action,
    );
    expect(audit).toContain('transmission-accepted');
    expect((await node.request('GET', '/health', { token: null })).json.data.transmissionQueue.queued).toBe(0);
  });
});

describe('hoadon queue', () => {
  it('reports the queue and re-queues a waiting invoice', async () => {
    const { runHoadon } = await import('../support/processes.js');
    const node = await startTestNode();
    try {
      const id = (await node.request('POST', '/invoices', { body: invoiceBody() })).json.data.id;
      const status = runHoadon(['queue', 'status', '--json', '--data-dir', node.dataDir]);
      expect(status.status, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({
        queued: 1,
        byState: { queued: 1 },
        adapter: 'embedded',
        simulated: true,
      });
      expect(runHoadon(['queue', 'retry', id, '--data-dir', node.dataDir]).status).toBe(0);
      expect(runHoadon(['queue', 'retry', 'no-such-invoice', '--data-dir', node.dataDir]).status).toBe(1);
    } finally {
      await node.close();
    }
  });
});

describe('the embedded tax authority', () => {
  it('answers a message again from memory, and keeps only the newest answers', async () => {
    let checks = 0;
    const authority = createEmbeddedTaxAuthority({
      verify: () => {
        checks += 1;
        return [];
      },
      now: () => new Date('2026-11-22T00:00:00Z'),
      remember: 2,
    });
    const submit = (messageId: string) => authority.submit({ messageId, invoiceId: messageId, xml: '<HDon/>' });
    await submit('A');
    await submit('A');
    expect(checks).toBe(1);
    await submit('B');
    await submit('C');
    expect(await authority.query('A')).toEqual({ status: 'unknown' });
    expect(await authority.query('C')).toEqual({ status: 'accepted', at: '2026-11-22T00:00:00.000Z' });
  });
});
