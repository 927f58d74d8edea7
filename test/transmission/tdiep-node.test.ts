/**
 * The node sending TDiep messages: invoices in 206 packages through the embedded simulator, and a full day
 * offline against a simulated authority whose network the test cuts, drops and restores — every invoice
 * accepted exactly once, a rejection marking the invoice it names `error` with the authority's reason
 * (resolved by a replacement) and the others of its package leaving again in a new package by themselves.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../src/db/open.js';
import { createDemoCertificate } from '../../src/signing/certificates.js';
import { createEmbeddedTdiepTransport } from '../../src/tax-sim/tax-sim.embedded.js';
import { createTdiepAuthority } from '../../src/tax-sim/tax-sim.tdiep.js';
import { createTdiepStore } from '../../src/tax-sim/tax-sim.tdiep-store.js';
import { unpackText } from '../../src/transmission/message-text.js';
import { createEmbeddedTaxAuthority, TaxAuthorityUnavailable } from '../../src/transmission/tax-authority.js';
import { createTaxMessagesRepository } from '../../src/transmission/tax-messages.repository.js';
import type { TdiepTransport } from '../../src/transmission/tdiep-transport.js';
import { senderParty } from '../../src/transmission/tdiep-transport-selector.js';
import { createTdiepWorker, type TdiepWorkerDeps } from '../../src/transmission/tdiep-worker.js';
import { testClock } from '../support/clock.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { explainNotice } from './support.js';

const clock = testClock('2026-11-02T03:00:00.000Z');
let node: TestNode;
beforeEach(async () => {
  node = await startTestNode({ clock, config: { issueBurst: 1000 } });
});
afterEach(() => node.close());

async function issue(): Promise<string> {
  const created = await node.request('POST', '/invoices', { body: invoiceBody() });
  if (created.status !== 201) throw new Error(`${created.status} ${created.body}`);
  return created.json.data.id;
}
async function stateOf(id: string) {
  const found = await node.request('GET', `/invoices/${id}`);
  if (found.status !== 200) throw new Error(`${found.status} ${found.body}`);
  return found.json.data;
}

describe('the node speaking TDiep through the embedded simulator', () => {
  it('sends queued invoices in one package and gets each accepted once', async () => {
    const ids = [await issue(), await issue(), await issue()];
    await node.node.services.transmission.worker.tick();
    for (const id of ids) expect((await stateOf(id)).transmission).toMatchObject({ state: 'accepted', attempts: 1 });
    const messageIds = new Set(ids.map((id) => node.node.services.transmission.of(id)?.messageId));
    expect(messageIds.size).toBe(1);
  });
});

/** A simulated authority behind a network the test controls. */
function network() {
  const rejections: string[] = [];
  const authorityIdentity = createDemoCertificate({ name: 'Tổng cục Thuế (giả lập)', mst: '' }, clock.now());
  const store = createTdiepStore(openDatabaseFile(':memory:'));
  const authority = createTdiepAuthority({
    store,
    validate: async () => [],
    clock,
    identity: () => authorityIdentity,
    replyDelayMs: () => 60_000,
    takeRejection: () => rejections.shift(),
  });
  const state = { offline: false, dropNextAnswer: false, sends: 0 };
  const transport: TdiepTransport = {
    name: 'test',
    simulated: false,
    async send(xml) {
      if (state.offline) throw new TaxAuthorityUnavailable('mất mạng (giả lập)');
      state.sends += 1;
      const answer = await authority.receive(await unpackText(xml));
      if (state.dropNextAnswer) {
        state.dropNextAnswer = false;
        throw new TaxAuthorityUnavailable('mất câu trả lời (giả lập)');
      }
      return answer;
    },
    async replies(messageId) {
      if (state.offline) throw new TaxAuthorityUnavailable('mất mạng (giả lập)');
      return authority.replies(messageId);
    },
  };
  return { transport, state, rejections, stats: () => store.stats() };
}

describe('a full day offline, then the network back', () => {
  it('gets 500 invoices accepted once each, one rejected with its reason, the others of its package sent again in a new package, its replacement accepted', async () => {
    const { services, database } = node.node;
    const net = network();
    let sellerMst = '';
    const worker = workerOver(net.transport, {
      write: async (work) => database.sqlite.transaction(work)(),
      party: () => senderParty(sellerMst, services.signing.identity()),
      packageSize: 100,
    });

    net.state.offline = true;
    const ids: string[] = [];
    for (let i = 0; i < 500; i += 1) {
      ids.push(await issue());
      sellerMst ||= (await stateOf(ids[0] as string)).seller.mst;
      clock.advance(170_000);
      if (i % 50 === 49) {
        await worker.tick();
        // The day is longer than an access token lives: the cashier signs in again.
        node.token = await node.login('admin', ADMIN_PASSWORD);
      }
    }
    expect(net.stats().received).toBe(0);
    expect(worker.status()).toMatchObject({ queued: 500, state: 'offline' });

    net.state.offline = false;
    net.state.dropNextAnswer = true;
    net.rejections.push('Mã số thuế người mua không tồn tại');
    for (let round = 0; round < 60 && worker.status().queued > 0; round += 1) {
      clock.advance(11 * 60_000);
      await worker.tick();
    }
    node.token = await node.login('admin', ADMIN_PASSWORD);
    expect(worker.status().queued).toBe(0);
    // The 204 of the rejected invoice's package (LTBao 7) named it alone: the others of its package went back
    // to the queue and left in a new package, accepted without the owner (a package fails per invoice).
    const queue = (await node.request('GET', '/transmission/queue')).json.data;
    expect(queue.attention).toHaveLength(0);
    const told = (await node.request('GET', '/notifications')).json.data;
    expect(JSON.stringify(told)).not.toContain('hóa đơn cần kiểm tra');
    expect((await node.request('POST', `/transmission/queue/${ids[0]}/resend`)).status).toBe(404);
    const counts = services.transmission.counts();
    expect(counts).toEqual({ accepted: 499, rejected: 1 });
    // Exactly once: every number accepted by the authority once, nothing sent twice under one MTDiep.
    expect(net.stats()).toMatchObject({ acceptedInvoices: 499, resent: 0 });

    const rejected = [];
    for (const id of ids) if ((await stateOf(id)).status === 'error') rejected.push(id);
    expect(rejected).toHaveLength(1);
    const detail = await stateOf(rejected[0] as string);
    expect(detail.transmission.lastError).toBe(
      `Lỗi 2009: Hóa đơn ${detail.mauSo}${detail.kyHieu} số ${detail.number}: Mã số thuế người mua không tồn tại. Cách xử lý: Lập hóa đơn thay thế hoặc gửi thông báo 04/SS-HĐĐT`,
    );
    const notifications = (await node.request('GET', '/notifications')).json.data;
    expect(JSON.stringify(notifications)).toContain('Mã số thuế người mua không tồn tại');

    const replacement = await node.request('POST', `/invoices/${rejected[0]}/replace`, {
      body: { ...invoiceBody({ channel: undefined }), reason: 'Sửa mã số thuế người mua' },
    });
    expect(replacement.status).toBe(200);
    clock.advance(60_000);
    await worker.tick();
    clock.advance(60_000);
    await worker.tick();
    expect((await stateOf(replacement.json.data.id)).transmission).toMatchObject({ state: 'accepted' });
    expect((await stateOf(rejected[0] as string)).status).toBe('replaced');
    expect(net.stats().acceptedInvoices).toBe(500);
  }, 120_000);
});

/** A worker of the node's queue over `transport`, as the service builds it, with what a test changes. */
function workerOver(transport: TdiepTransport, options: Partial<TdiepWorkerDeps> & { mst?: string } = {}) {
  const { services, database } = node.node;
  const { mst = '', ...changes } = options;
  return createTdiepWorker({
    write: services.writes.run,
    queue: services.transmissionQueue,
    messages: createTaxMessagesRepository(database.sqlite),
    transport: () => transport,
    render: services.invoiceXml.renderSignedInvoiceXml,
    refOf: services.invoices.find,
    party: () => senderParty(mst, services.signing.identity()),
    outcomes: services.transmission.outcomes,
    clock,
    random: () => 0.5,
    retryBaseMs: 1000,
    pollMs: 60_000,
    ...changes,
  });
}

describe('replies across a restart, and invoices left by the JSON wire of an earlier version', () => {
  it('reads the replies of a package sent before a restart and settles it once', async () => {
    await node.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-restart-'));
    node = await startTestNode({ clock, dataDir });
    const net = network();
    const id = await issue();
    const mst = (await stateOf(id)).seller.mst;
    await workerOver(net.transport, { mst }).tick();
    expect((await stateOf(id)).transmission.state).toBe('sent');

    await node.close();
    node = await startTestNode({ clock, dataDir });
    clock.advance(61_000);
    const again = workerOver(net.transport, { mst });
    await again.tick();
    expect((await stateOf(id)).transmission).toMatchObject({ state: 'accepted', attempts: 1 });
    // The same replies read again later change nothing.
    clock.advance(61_000);
    await again.tick();
    expect(net.stats()).toMatchObject({ received: 1, resent: 0, acceptedInvoices: 1 });
    expect(net.state.sends).toBe(1);
  });

  it('asks the JSON authority about an invoice it left in doubt, and packages one it never received', async () => {
    const { services } = node.node;
    const known = await issue();
    const unknown = await issue();
    const mst = (await stateOf(known)).seller.mst;
    const legacy = createEmbeddedTaxAuthority({ verify: () => [], now: () => clock.now() });
    for (const invoiceId of [known, unknown]) {
      const row = services.transmissionQueue.find(invoiceId);
      if (!row) throw new Error('not queued');
      const messageId = `HOADON${invoiceId.slice(-8).toUpperCase().padStart(32, '0')}`.replace(/[^A-Z0-9]/g, '0');
      services.transmissionQueue.save({ ...row, messageId, state: 'sent', attempts: 1 });
      if (invoiceId === known) await legacy.submit({ messageId, invoiceId, xml: '<HDon/>' });
    }
    const net = network();
    const worker = workerOver(net.transport, { legacy, mst });
    await worker.tick();
    expect((await stateOf(known)).transmission).toMatchObject({ state: 'accepted', attempts: 1 });
    expect((await stateOf(unknown)).transmission.state).toBe('sent');
    clock.advance(61_000);
    await worker.tick();
    expect((await stateOf(unknown)).transmission).toMatchObject({ state: 'accepted', attempts: 2 });
    expect(net.stats()).toMatchObject({ acceptedInvoices: 1 });
  });

  it('turns an invoice the embedded authority refuses into error, notifies and counts it in the summary', async () => {
    const { services } = node.node;
    const id = await issue();
    const embedded = createEmbeddedTdiepTransport({ clock });
    const worker = workerOver(embedded, {
      // The data changed after signing: the simulator's signature check refuses it.
      render: async (invoiceId) =>
        (await services.invoiceXml.renderSignedInvoiceXml(invoiceId)).replace('Cà phê sữa đá', 'Cà phê đen đá'),
      party: () => senderParty((detail as { seller: { mst: string } }).seller.mst, services.signing.identity()),
    });
    const detail = await stateOf(id);
    await worker.tick();
    await embedded.close();
    const invoice = await stateOf(id);
    expect(invoice.status).toBe('error');
    expect(invoice.transmission).toMatchObject({ state: 'rejected', lastError: expect.stringMatching(/^Lỗi 2001: /) });
    const notes = (await node.request('GET', '/notifications?type=system')).json.data;
    expect(notes[0].title).toBe('Cơ quan thuế từ chối hóa đơn số 1');
    expect((await node.request('GET', '/reports/summary')).json.data).toMatchObject({ totalError: 1, totalIssued: 0 });
  });
});

describe('the size of a package', () => {
  it('keeps a package under its byte budget, the invoices past it leaving in the next one', async () => {
    const net = network();
    const ids = [await issue(), await issue(), await issue()];
    const mst = (await stateOf(ids[0] as string)).seller.mst;
    const oneInvoice = Buffer.byteLength(await node.node.services.invoiceXml.renderSignedInvoiceXml(ids[0] as string));
    const { services } = node.node;
    const worker = workerOver(net.transport, { mst, maxPackageBytes: Math.floor(oneInvoice * 2.5) });
    await worker.tick();
    const packages = new Map<string, number>();
    for (const id of ids) {
      const messageId = services.transmission.of(id)?.messageId ?? '';
      packages.set(messageId, (packages.get(messageId) ?? 0) + 1);
    }
    expect([...packages.values()].sort()).toEqual([1, 2]);
    expect(net.stats().received).toBe(2);
  });
});

describe('a notice of an erroneous invoice (04/SS-HĐĐT)', () => {
  it('sends a 300 for a wrong buyer name and reads the 301 that receives it', async () => {
    const id = await issue();
    await node.node.services.transmission.worker.tick();
    const sent = await node.request('POST', '/transmission/error-notices', {
      body: explainNotice(id),
    });
    expect(sent.status).toBe(202);
    await node.node.services.transmission.worker.tick();
    const messages = createTaxMessagesRepository(node.node.database.sqlite);
    expect(messages.find(sent.json.data.messageId)).toMatchObject({ type: '300', state: 'answered' });
    expect(messages.replies(sent.json.data.messageId).map((xml) => /<MLTDiep>(-?\d+)</.exec(xml)?.[1])).toEqual([
      '999',
      '301',
    ]);
    const unknown = await node.request('POST', '/transmission/error-notices', {
      body: {
        invoiceId: 'no-such-invoice',
        action: 'cancel',
        reason: 'Hủy hóa đơn',
        taxOfficeCode: '79101',
        taxOfficeName: 'Chi cục Thuế Quận 1',
        place: 'TP. Hồ Chí Minh',
      },
    });
    expect(unknown.status).toBe(404);
  });
});
