/**
 * The durable queue to the tax authority against the embedded simulator (which really checks the XML and
 * its signature). Network faults are injected around it: a lost reply after the authority committed, an
 * outage. The standalone simulator process and the HTTP adapter come next (issue 5).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterSuccess,
  BREAKER_THRESHOLD,
  isOffline,
  MAX_DELAY_MS,
  retryDelayMs,
} from '../../src/transmission/backoff.js';
import {
  createEmbeddedTaxAuthority,
  TaxAuthorityUnavailable,
  type TaxAuthority,
} from '../../src/transmission/tax-authority.js';
import { createTransmissionWorker } from '../../src/transmission/transmission.worker.js';
import { verifyInvoiceXml } from '../../src/xml/xml-verify.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

describe('retry timing', () => {
  it('backs off exponentially with jitter, capped', () => {
    expect(retryDelayMs(1, 0)).toBe(2_500);
    expect(retryDelayMs(1, 1)).toBe(5_000);
    expect(retryDelayMs(3, 0.5)).toBe(15_000);
    expect(retryDelayMs(30, 1)).toBe(MAX_DELAY_MS);
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

  it('asks about a message whose reply was lost before sending it again: no duplicate', async () => {
    const { services } = node.node;
    const id = await issue();
    const simulator = createEmbeddedTaxAuthority({ verify: verifyInvoiceXml, now: () => clock.now() });
    let submits = 0;
    let dropNextReply = true;
    const network: TaxAuthority = {
      ...simulator,
      async submit(message) {
        submits += 1;
        const answer = await simulator.submit(message);
        if (dropNextReply) {
          dropNextReply = false;
          throw new TaxAuthorityUnavailable('connection reset after the authority committed');
        }
        return answer;
      },
    };
    const worker = createTransmissionWorker({
      write: services.writes.run,
      queue: services.transmissionQueue,
      authority: network,
      render: services.invoiceXml.renderSignedInvoiceXml,
      outcomes: { accepted: () => {}, rejected: () => {}, late: () => {} },
      clock,
      random: () => 0,
    });
    await worker.tick();
    expect((await stateOf(id)).transmission).toMatchObject({
      state: 'sent',
      attempts: 1,
      lastError: expect.stringContaining('reset'),
    });
    clock.advance(10_000);
    node.token = await node.login('admin', ADMIN_PASSWORD);
    await worker.tick();
    expect((await stateOf(id)).transmission).toMatchObject({ state: 'accepted', attempts: 1 });
    expect(submits).toBe(1);
  });

  it('goes offline during an outage, keeps issuing, and sends everything once when the authority is back', async () => {
    const { services } = node.node;
    const simulator = createEmbeddedTaxAuthority({ verify: verifyInvoiceXml, now: () => clock.now() });
    let down = true;
    const received = new Map<string, number>();
    const network: TaxAuthority = {
      ...simulator,
      async submit(message) {
        if (down) throw new TaxAuthorityUnavailable('no route to host');
        received.set(message.invoiceId, (received.get(message.invoiceId) ?? 0) + 1);
        return simulator.submit(message);
      },
      async query(messageId) {
        if (down) throw new TaxAuthorityUnavailable('no route to host');
        return simulator.query(messageId);
      },
    };
    const worker = createTransmissionWorker({
      write: services.writes.run,
      queue: services.transmissionQueue,
      authority: network,
      render: services.invoiceXml.renderSignedInvoiceXml,
      outcomes: { accepted: () => {}, rejected: () => {}, late: () => {} },
      clock,
      random: () => 1,
    });
    const ids: string[] = [];
    const states: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      for (let i = 0; i < 5; i += 1) {
        const r = await node.request('POST', '/invoices', { body: invoiceBody() });
        expect(r.status).toBe(201);
        ids.push(r.json.data.id);
      }
      await worker.tick();
      states.push(worker.status().state);
      clock.advance(60_000);
      node.token = await node.login('admin', ADMIN_PASSWORD);
    }
    expect(states).toContain('offline');
    expect(worker.status().queued).toBe(30);
    down = false;
    for (let i = 0; i < 40 && worker.status().queued > 0; i += 1) {
      clock.advance(11 * 60_000);
      await worker.tick();
    }
    expect(worker.status()).toMatchObject({ state: 'online', queued: 0 });
    expect(received.size).toBe(30);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  });

  it('turns a rejected invoice to error, notifies, and counts it in the report', async () => {
    const { services } = node.node;
    const id = await issue();
    const worker = createTransmissionWorker({
      write: services.writes.run,
      queue: services.transmissionQueue,
      authority: createEmbeddedTaxAuthority({ verify: verifyInvoiceXml, now: () => clock.now() }),
      // The data changed after signing: the simulator's signature check refuses it.
      render: async (invoiceId) =>
        (await services.invoiceXml.renderSignedInvoiceXml(invoiceId)).replace('<SHDon>1</SHDon>', '<SHDon>2</SHDon>'),
      outcomes: {
        accepted: () => {},
        rejected: (invoiceId, reason) => services.transmission.outcomes.rejected(invoiceId, reason),
        late: () => {},
      },
      clock,
    });
    await worker.tick();
    const invoice = await stateOf(id);
    expect(invoice.status).toBe('error');
    expect(invoice.transmission).toMatchObject({ state: 'rejected', lastError: expect.any(String) });
    const notes = (await node.request('GET', '/notifications?type=system')).json.data;
    expect(notes[0].title).toBe('Cơ quan thuế từ chối hóa đơn số 1');
    expect((await node.request('GET', '/reports/summary')).json.data).toMatchObject({ totalError: 1, totalIssued: 0 });
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
