/**
 * A package fails per invoice (docs/transmission.md, "One invoice never holds its package"): an invoice the
 * authority's schema would refuse is held back by the node's own check, or found after the authority refused
 * its package, and waits for the owner in `attention`; the others leave in a new package and are accepted.
 * A refused package's invoices go back to the queue after the backoff, never at once. Against the embedded
 * tax simulator of a demo node (xmllint checks each package's schema there).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_RETRY_MS } from '../../src/transmission/backoff.js';
import { testClock } from '../support/clock.js';
import { notificationsTitled } from '../support/notifications.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';

let store: TestNode;
const clock = testClock();
beforeEach(async () => {
  // The shortest backoff base the configuration takes (HOADON_TRANSMIT_RETRY_BASE_MS=10), so that only the
  // retry floor keeps a refused package's invoices from leaving again at once.
  store = await startTestNode({ clock, config: { issueBurst: 1000, transmitRetryBaseMs: 10 } });
});
afterEach(async () => {
  await store.close();
});

async function issueConsumerInvoices(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await store.request('POST', '/invoices', { body: invoiceBody({ buyer: { name: `Khách ${i}` } }) });
    if (created.status !== 201) throw new Error(`${created.status} ${created.body}`);
    ids.push(created.json.data.id);
  }
  await store.node.services.invoiceXml.signWaiting();
  return ids;
}

/** Rewrites an invoice's stored signed XML, standing for one issued before a limit was tightened. */
function tamper(id: string, from: RegExp, to: string) {
  const { sqlite } = store.node.services.storage;
  const row = sqlite.prepare('SELECT xml FROM invoice_documents WHERE invoice_id = ?').get(id) as { xml: string };
  const xml = row.xml.replace(from, to);
  expect(xml).not.toBe(row.xml);
  sqlite.prepare('UPDATE invoice_documents SET xml = ? WHERE invoice_id = ?').run(xml, id);
}

const transmissionOf = async (id: string) => (await store.request('GET', `/invoices/${id}`)).json.data.transmission;
const messagesCount = () =>
  (store.node.services.storage.sqlite.prepare('SELECT count(*) AS n FROM tax_messages').get() as { n: number }).n;

describe('a package with one invoice whose data the authority refuses', () => {
  it('holds back the invoice that fails the node’s own check and sends the others in a package that is accepted', async () => {
    const [good1, bad, good2] = (await issueConsumerInvoices(3)) as [string, string, string];
    tamper(bad, /<HVTNMHang>[^<]*<\/HVTNMHang>/, `<HVTNMHang>${'Nguyễn'.repeat(25)}</HVTNMHang>`);

    await store.node.services.transmission.worker.tick();

    for (const id of [good1, good2]) expect(await transmissionOf(id)).toMatchObject({ state: 'accepted' });
    const held = await transmissionOf(bad);
    expect(held).toMatchObject({ state: 'attention' });
    expect(held.lastError).toContain('NMua/HVTNMHang dài 150 ký tự, quá 100 ký tự');
    const notices = await notificationsTitled(store, '1 hóa đơn cần kiểm tra: chưa gửi được cơ quan thuế');
    expect(notices).toHaveLength(1);

    // Nothing more leaves for it, however often the worker runs.
    const before = messagesCount();
    await store.node.services.transmission.worker.tick();
    expect(messagesCount()).toBe(before);
    expect(await transmissionOf(bad)).toMatchObject({ state: 'attention' });
  });

  it('finds the invoice of a refused package by its schema, and sends the others again only after the backoff', async () => {
    const [good1, bad, good2] = (await issueConsumerInvoices(3)) as [string, string, string];
    // A form the node's own check does not look at, but the authority's schema refuses (DVTTe is [A-Z]{3}|đ).
    tamper(bad, /<DVTTe>VND<\/DVTTe>/, '<DVTTe>vnd</DVTTe>');

    await store.node.services.transmission.worker.tick();
    expect(messagesCount()).toBe(1);
    const held = await transmissionOf(bad);
    expect(held).toMatchObject({ state: 'attention' });
    expect(held.lastError).toBe('Hóa đơn không đúng lược đồ XML của cơ quan thuế ở trường DVTTe.');
    for (const id of [good1, good2]) expect(await transmissionOf(id)).toMatchObject({ state: 'queued' });
    expect(await notificationsTitled(store, '1 hóa đơn cần kiểm tra: cơ quan thuế chưa chấp nhận')).toHaveLength(1);

    // The retry floor, on the queue itself: nothing is due again before MIN_RETRY_MS, however often the
    // worker runs.
    const { sqlite } = store.node.services.storage;
    const next = sqlite
      .prepare(`SELECT min(next_attempt_at) AS at FROM transmissions WHERE state = 'queued'`)
      .get() as { at: string };
    expect(Date.parse(next.at) - clock.now().getTime()).toBeGreaterThanOrEqual(MIN_RETRY_MS);
    for (let i = 0; i < 5; i += 1) await store.node.services.transmission.worker.tick();
    expect(messagesCount()).toBe(1);
    // Well past the configured base's backoff (at most 10 ms on a first attempt), still short of the floor.
    clock.advance(MIN_RETRY_MS - 1);
    await store.node.services.transmission.worker.tick();
    expect(messagesCount()).toBe(1);

    clock.advance(MIN_RETRY_MS * 10);
    await store.node.services.transmission.worker.tick();
    expect(messagesCount()).toBe(2);
    for (const id of [good1, good2]) expect(await transmissionOf(id)).toMatchObject({ state: 'accepted' });
    expect(await transmissionOf(bad)).toMatchObject({ state: 'attention' });
  });
});
