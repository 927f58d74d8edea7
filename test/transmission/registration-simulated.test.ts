/**
 * GET /transmission/registration keeps the embedded simulator's acceptance apart from the authority's
 * (docs/security.md, F7): "chấp nhận (dùng thử)", `simulated: true`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sellerReady } from '../support/live-seller.js';
import { startTestNode, type TestNode } from '../support/test-node.js';
import { REGISTRATION, startSimulator } from './support.js';

let node: TestNode | undefined;
let sim: Awaited<ReturnType<typeof startSimulator>> | undefined;
afterEach(async () => {
  await node?.close();
  await sim?.close();
  node = undefined;
  sim = undefined;
});

async function registerWith(transmission: Record<string, unknown>) {
  node = await startTestNode();
  await sellerReady(node);
  expect((await node.request('PATCH', '/config', { body: { transmission } })).status).toBe(200);
  expect((await node.request('POST', '/transmission/registration', { body: REGISTRATION })).status).toBe(202);
  await node.node.services.transmission.worker.tick();
  return (await node.request('GET', '/transmission/registration')).json.data;
}

describe('the state of the registration', () => {
  it('says "chấp nhận (dùng thử)" when only the embedded simulator accepted it', async () => {
    const answer = await registerWith({ adapter: 'embedded' });
    expect(answer).toMatchObject({ state: 'accepted', simulated: true, stateText: 'chấp nhận (dùng thử)' });
    // The steps of going live do not count it as the authority's acceptance either.
    const steps = (await node!.request('GET', '/going-live')).json.data;
    expect(steps.registration).toMatchObject({ state: 'accepted', simulated: true, done: false });
    expect(steps.cashRegisterPrefix).toMatchObject({ done: false });
    expect(steps.cashRegisterPrefix).not.toHaveProperty('prefix');
  });

  it('says "chấp nhận" when the tax authority (here over HTTP) accepted it', async () => {
    sim = await startSimulator();
    const answer = await registerWith({ adapter: 'http', url: sim.url });
    expect(answer).toMatchObject({ state: 'accepted', simulated: false, stateText: 'chấp nhận' });
    const steps = (await node!.request('GET', '/going-live')).json.data;
    expect(steps.registration).toMatchObject({ state: 'accepted', simulated: false, done: true });
  });
});
