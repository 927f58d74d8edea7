/**
 * The authority's replies as it really writes them (docs/transmission.md): a real accepted 301 has no
 * DSHDon and a sibling STBao; it settles the notice, which the invoice then shows, and the node stops asking.
 * A reply the node cannot read is kept as it came, the owner is told once, and its message waits in
 * `attention`, never looked up again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newMessageId } from '../../src/tax-messages/message-id.js';
import { AUTHORITY_CODE } from '../../src/tax-messages/message-types.js';
import { buildTechnicalAck } from '../../src/tax-messages/technical-ack.js';
import { unpackText } from '../../src/transmission/message-text.js';
import { createTaxMessagesRepository } from '../../src/transmission/tax-messages.repository.js';
import { readReply } from '../../src/transmission/tdiep-replies.js';
import type { TdiepTransport } from '../../src/transmission/tdiep-transport.js';
import { senderParty } from '../../src/transmission/tdiep-transport-selector.js';
import { createTdiepWorker } from '../../src/transmission/tdiep-worker.js';
import { testClock } from '../support/clock.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { explainNotice } from './support.js';

const clock = testClock('2026-11-02T03:00:00.000Z');
let node: TestNode;
beforeEach(async () => {
  node = await startTestNode({ clock });
});
afterEach(() => node.close());

/** A 301 as the T-VAN's production messages show it (tax-messages §7.1): no DSHDon, STBao beside DLTBao. */
const real301 = (replyTo: string, mst: string, id = newMessageId(AUTHORITY_CODE)) =>
  `<TDiep><TTChung><PBan>2.1.0</PBan><MNGui>${AUTHORITY_CODE}</MNGui><MNNhan>V0103930279</MNNhan><MLTDiep>301</MLTDiep>` +
  `<MTDiep>${id}</MTDiep><MTDTChieu>${replyTo}</MTDTChieu><MST>${mst}</MST><SLuong>1</SLuong></TTChung>` +
  '<DLieu><TBao><DLTBao Id="Id-ID-6D1F0C2B8A4E4F7B9C3D2E1F0A9B8C7D"><PBan>2.1.0</PBan><MSo>01/TB-SSĐT</MSo>' +
  '<Ten>Thông báo về việc tiếp nhận và kết quả xử lý về việc hóa đơn điện tử đã lập có sai sót</Ten>' +
  '<DDanh>TP. Hồ Chí Minh</DDanh><TCQTCTren>BỘ TÀI CHÍNH</TCQTCTren><TCQT>CỤC THUẾ</TCQT>' +
  `<TNNT>CỬA HÀNG DÙNG THỬ</TNNT><MST>${mst}</MST><MGDDTu>${replyTo}</MGDDTu>` +
  '<MHSo>1.010341.6666.1763000000000</MHSo><TGNhan>2026-11-02</TGNhan><NTBNNT>2026-11-02</NTBNNT>' +
  '<STTThe>1</STTThe></DLTBao><STBao><So>771369/TB-HĐĐT</So><NTBao>2026-11-02</NTBao></STBao>' +
  '<DSCKS><CQT/></DSCKS></TBao></DLieu></TDiep>';

/** An authority that receives every message (999) and answers look-ups with `answer`, counting them. */
function authority(answer: (messageId: string) => string[]) {
  const state = { lookUps: 0, sent: [] as string[] };
  const transport: TdiepTransport = {
    name: 'test',
    simulated: false,
    async send(stored) {
      const xml = await unpackText(stored);
      const messageId = /<MTDiep>([^<]+)<\/MTDiep>/.exec(xml)?.[1] ?? '';
      state.sent.push(messageId);
      return buildTechnicalAck(
        { sender: AUTHORITY_CODE, receiver: 'K0000000000', id: newMessageId(AUTHORITY_CODE), replyTo: messageId },
        { messageId, sender: 'K0000000000', receivedAt: '2026-11-02T10:00:01', received: true, reasons: [] },
      );
    },
    async replies(messageId) {
      state.lookUps += 1;
      return answer(messageId);
    },
  };
  return { transport, state };
}

function workerOver(transport: TdiepTransport) {
  const { services, database } = node.node;
  return createTdiepWorker({
    write: services.writes.run,
    queue: services.transmissionQueue,
    messages: createTaxMessagesRepository(database.sqlite),
    transport: () => transport,
    render: services.invoiceXml.renderSignedInvoiceXml,
    refOf: services.invoices.find,
    party: () => senderParty('9999999997', services.signing.identity()),
    outcomes: services.transmission.outcomes,
    clock,
    random: () => 0.5,
    retryBaseMs: 1000,
    pollMs: 60_000,
  });
}

/** Three more polls ask the T-VAN nothing more, and the owner was told once, under `title`. */
async function toldOnceAndNotLookedUpAgain(
  net: ReturnType<typeof authority>,
  worker: ReturnType<typeof workerOver>,
  title: string,
): Promise<{ title: string; message: string }[]> {
  const asked = net.state.lookUps;
  for (let i = 0; i < 3; i += 1) {
    clock.advance(10 * 60_000);
    await worker.tick();
  }
  expect(net.state.lookUps).toBe(asked);
  const told = (await node.request('GET', '/notifications')).json.data as { title: string; message: string }[];
  const about = told.filter((n) => n.title === title);
  expect(about).toHaveLength(1);
  return about;
}

async function noticeAbout(invoiceId: string): Promise<string> {
  const sent = await node.request('POST', '/transmission/error-notices', {
    body: explainNotice(invoiceId),
  });
  expect(sent.status, sent.body).toBe(202);
  return sent.json.data.messageId;
}

async function issued(): Promise<string> {
  const r = await node.request('POST', '/invoices', { body: invoiceBody() });
  expect(r.status).toBe(201);
  return r.json.data.id;
}

describe('a real accepted 301', () => {
  it('is read: no DSHDon, the number in the sibling STBao', () => {
    const reply = readReply(real301('K0000000000AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '9999999997'));
    expect(reply.meaning).toEqual({ kind: 'notice-reply', refused: [], number: '771369/TB-HĐĐT' });
  });

  it('settles the notice, the invoice shows it received with its number, and the node stops asking', async () => {
    const invoiceId = await issued();
    await node.node.services.transmission.worker.tick();
    const messageId = await noticeAbout(invoiceId);
    const net = authority((id) => (id === messageId ? [real301(messageId, '9999999997')] : []));
    const worker = workerOver(net.transport);
    await worker.tick();
    const messages = createTaxMessagesRepository(node.node.database.sqlite);
    expect(messages.find(messageId)).toMatchObject({ type: '300', state: 'answered' });
    const audit = (await node.request('GET', `/invoices/${invoiceId}/audit`)).json.data as {
      action: string;
      details: Record<string, unknown>;
    }[];
    const accepted = audit.find((e) => e.action === 'error-notice-accepted');
    expect(accepted?.details).toMatchObject({
      number: '771369/TB-HĐĐT',
      status: 'Thông báo sai sót: đã tiếp nhận (số 771369/TB-HĐĐT)',
    });
    const asked = net.state.lookUps;
    for (let i = 0; i < 3; i += 1) {
      clock.advance(10 * 60_000);
      await worker.tick();
    }
    expect(net.state.lookUps).toBe(asked);
  });
});

describe('a reply the node cannot read', () => {
  it('is kept as it came, the owner is told once, its message waits in attention and is not looked up again', async () => {
    const invoiceId = await issued();
    await node.node.services.transmission.worker.tick();
    const messageId = await noticeAbout(invoiceId);
    const broken =
      `<TDiep><TTChung><PBan>2.1.0</PBan><MNGui>${AUTHORITY_CODE}</MNGui><MNNhan>K0000000000</MNNhan>` +
      `<MLTDiep>301</MLTDiep><MTDiep>TCT0123456789ABCDEF0123456789ABCDEF</MTDiep><MTDTChieu>${messageId}</MTDTChieu>` +
      '</TTChung><DLieu><TBao><DLTBao><MSo>01/TB-SSĐT</MSo></DLTBao></TBao></DLieu></TDiep>';
    const net = authority((id) => (id === messageId ? [broken] : []));
    const worker = workerOver(net.transport);
    await worker.tick();
    const messages = createTaxMessagesRepository(node.node.database.sqlite);
    expect(messages.find(messageId)).toMatchObject({ state: 'attention' });
    expect(messages.find(messageId)?.lastError).toContain('Không đọc được phản hồi 301');
    expect(messages.replies(messageId)).toContain(broken);
    const health = (await node.request('GET', '/health')).json.data;
    expect(health.transmissionQueue.problem).toContain('Không đọc được phản hồi 301');
    const about = await toldOnceAndNotLookedUpAgain(net, worker, 'Không đọc được phản hồi 301 của cơ quan thuế');
    expect(about[0]?.message).toContain('TCT0123456789ABCDEF0123456789ABCDEF');
  });
});

describe('a reply to an invoice package that the node cannot read', () => {
  it("puts the package's invoice in the queue's attention, tells the owner once, and is not looked up again", async () => {
    const invoiceId = await issued();
    let packageId = '';
    const broken = (replyTo: string) =>
      `<TDiep><TTChung><PBan>2.1.0</PBan><MNGui>${AUTHORITY_CODE}</MNGui><MNNhan>K0000000000</MNNhan>` +
      `<MLTDiep>204</MLTDiep><MTDiep>TCT204ABCDEF0123456789ABCDEF01234567</MTDiep><MTDTChieu>${replyTo}</MTDTChieu>` +
      '</TTChung><DLieu><TBao><DLTBao><MSo>01/TB-KTDL</MSo></DLTBao></TBao></DLieu></TDiep>';
    const net = authority((id) => (id === packageId ? [broken(id)] : []));
    const worker = workerOver(net.transport);
    await worker.tick();
    packageId = net.state.sent.at(-1) ?? '';
    const messages = createTaxMessagesRepository(node.node.database.sqlite);
    expect(messages.invoicesOf(packageId)).toEqual([invoiceId]);
    for (let i = 0; i < 3 && messages.find(packageId)?.state !== 'attention'; i += 1) {
      clock.advance(10 * 60_000);
      await worker.tick();
    }
    expect(messages.find(packageId)).toMatchObject({ state: 'attention' });
    expect(messages.replies(packageId)).toContain(broken(packageId));
    const queue = (await node.request('GET', '/transmission/queue')).json.data;
    expect(queue.waiting.map((e: { invoiceId: string }) => e.invoiceId)).not.toContain(invoiceId);
    const held = queue.attention.find((e: { invoiceId: string }) => e.invoiceId === invoiceId);
    expect(held).toMatchObject({ state: 'attention' });
    expect(held.lastError).toContain('Không đọc được phản hồi 204');
    const health = (await node.request('GET', '/health')).json.data;
    expect(health.transmissionQueue.problem).toContain('Không đọc được phản hồi 204');
    const about = await toldOnceAndNotLookedUpAgain(net, worker, 'Không đọc được phản hồi 204 của cơ quan thuế');
    expect(about[0]?.message).toContain('TCT204ABCDEF0123456789ABCDEF01234567');
  });
});

describe('a cash-register invoice not accepted by the end of its day', () => {
  it('is "quá hạn gửi" in the queue and in one notification a day', async () => {
    const invoiceId = await issued();
    const before = (await node.request('GET', '/transmission/queue')).json.data;
    expect(before.waiting.find((e: { invoiceId: string }) => e.invoiceId === invoiceId)).toMatchObject({
      overdue: false,
    });
    expect(before.overdueCount).toBe(0);
    expect(await node.node.services.writes.run(() => node.node.services.transmissionOverdue.check())).toBe(false);
    clock.set('2026-11-02T17:30:00.000Z'); // 00:30 on 3/11 in Hồ Chí Minh City
    node.token = await node.login('admin', 'test-admin-password');
    const after = (await node.request('GET', '/transmission/queue')).json.data;
    expect(after.waiting.find((e: { invoiceId: string }) => e.invoiceId === invoiceId)).toMatchObject({
      overdue: true,
    });
    expect(after.overdueCount).toBe(1);
    await node.node.services.writes.run(() => node.node.services.transmissionOverdue.check());
    await node.node.services.writes.run(() => node.node.services.transmissionOverdue.check());
    const told = (await node.request('GET', '/notifications')).json.data as { title: string }[];
    expect(told.filter((n) => n.title.includes('quá hạn gửi'))).toHaveLength(1);
  });

  it('is counted in full, and the oldest named, when more wait than the queue lists (its first 100)', async () => {
    clock.set('2026-11-02T02:00:00.000Z');
    const first = await issued();
    clock.set('2026-11-02T03:00:00.000Z');
    for (let i = 0; i < 100; i += 1) await issued();
    // Tried and failed during an outage: its next attempt is now behind the 100 new ones.
    node.node.database.sqlite
      .prepare('UPDATE transmissions SET next_attempt_at = ?, attempts = 3 WHERE invoice_id = ?')
      .run('2026-11-02T18:00:00.000Z', first);
    clock.set('2026-11-02T17:30:00.000Z'); // 00:30 on 3/11 in Hồ Chí Minh City
    node.token = await node.login('admin', 'test-admin-password');
    const queue = (await node.request('GET', '/transmission/queue')).json.data;
    expect(queue.waiting).toHaveLength(100);
    expect(queue.waiting.map((e: { invoiceId: string }) => e.invoiceId)).not.toContain(first);
    expect(queue.oldest).toMatchObject({ invoiceId: first, queuedAt: '2026-11-02T02:00:00.000Z', overdue: true });
    expect(queue.overdueCount).toBe(101);
  });
});
