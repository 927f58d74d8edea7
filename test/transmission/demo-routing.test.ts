/**
 * Demo invoices still queued when the node goes live: each message goes where its invoices belong, the demo
 * ones to the embedded simulator and the store's own to the authority configured (here the simulator app
 * over real HTTP on loopback, standing for the real one), a package never mixing the two.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TVAN_CODES, TVAN_DEFAULT_PATHS } from '../../src/transmission/tvan-protocol.js';
import { goLive, sellerReady } from '../support/live-seller.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { REGISTRATION, startSimulator } from './support.js';

let store: TestNode;
let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeEach(async () => {
  store = await startTestNode({ config: { issueBurst: 1000 } });
  sim = await startSimulator();
});
afterEach(async () => {
  await store.close();
  await sim.close();
});

async function issue(): Promise<string> {
  const created = await store.request('POST', '/invoices', { body: invoiceBody() });
  if (created.status !== 201) throw new Error(`${created.status} ${created.body}`);
  return created.json.data.id;
}
const detail = async (id: string) => (await store.request('GET', `/invoices/${id}`)).json.data;

/** Whether the authority behind `sim` ever received the message, asked the way the node asks (T-VAN look-up). */
async function knownToAuthority(messageId: string): Promise<boolean> {
  const r = await fetch(`${sim.url}${TVAN_DEFAULT_PATHS.replies}/${messageId}`, {
    headers: { authorization: 'Bearer test' },
  });
  return ((await r.json()) as { code: string }).code === TVAN_CODES.ok;
}

describe('demo invoices queued before the node goes live', () => {
  it('end accepted by the embedded simulator and never reach the authority, while the store’s own go there', async () => {
    const { services } = store.node;
    const demo = [await issue(), await issue(), await issue()];
    for (const id of demo) expect(await detail(id)).toMatchObject({ demo: true, transmission: { state: 'queued' } });

    await sellerReady(store);
    const configured = await store.request('PATCH', '/config', {
      body: { transmission: { adapter: 'http', url: sim.url } },
    });
    expect(configured.status).toBe(200);
    expect((await store.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
    // One pass: the registration to the authority, the demo invoices to the simulator.
    await services.transmission.worker.tick();
    expect((await store.request('GET', '/transmission/registration')).json.data.state).toBe('accepted');
    const real = [await issue(), await issue()];
    await services.transmission.worker.tick();

    for (const id of [...demo, ...real])
      expect((await detail(id)).transmission).toMatchObject({ state: 'accepted', attempts: 1 });
    for (const id of real) expect(await detail(id)).toMatchObject({ demo: false });

    const messageOf = (id: string) => services.transmission.of(id)?.messageId ?? '';
    const demoMessages = new Set(demo.map(messageOf));
    const realMessages = new Set(real.map(messageOf));
    for (const messageId of demoMessages) {
      expect(realMessages.has(messageId)).toBe(false);
      expect(await knownToAuthority(messageId)).toBe(false);
      expect((await services.embeddedTdiep.replies(messageId)).length).toBeGreaterThan(0);
    }
    for (const messageId of realMessages) expect(await knownToAuthority(messageId)).toBe(true);
    // The authority saw the registration and the store's own invoices, nothing else.
    expect(await sim.stats()).toMatchObject({ accepted: 2, messages: 1 + realMessages.size, duplicates: 0 });
  });

  it('refuses a notice of an erroneous invoice about a demo invoice once the node is live', async () => {
    const id = await issue();
    await goLive(store, sim.url);
    const sent = await store.request('POST', '/transmission/error-notices', {
      body: {
        invoiceId: id,
        action: 'explain',
        reason: 'Sai tên người mua',
        taxOfficeCode: '79101',
        taxOfficeName: 'Chi cục Thuế Quận 1',
        place: 'TP. Hồ Chí Minh',
      },
    });
    expect(sent.status).toBe(409);
    expect(sent.json.error.message).toMatch(/Hóa đơn dùng thử/);
  });
});
