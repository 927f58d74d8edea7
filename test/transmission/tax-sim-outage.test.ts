/**
 * `hoadon serve` and `hoadon tax-sim` as real processes: the shop keeps issuing through a 20-second outage
 * of the tax authority, and once it is back every invoice reaches it exactly once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningProcess, startHoadon } from '../support/processes.js';
import { nodeClient, nodeEnv, simClient, waitFor } from './support.js';

const INVOICES = 500;
const running: RunningProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
});

describe('an outage of the tax authority', () => {
  it(`issues ${INVOICES} invoices during a 20-second outage and gets each accepted exactly once after it`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-outage-'));
    const simProcess = await startHoadon(['tax-sim'], { healthPath: '/health' });
    running.push(simProcess);
    const nodeProcess = await startHoadon(['serve'], { env: nodeEnv(dataDir) });
    running.push(nodeProcess);
    const sim = simClient(simProcess.baseUrl);
    const node = await nodeClient(nodeProcess.baseUrl);
    await node.transmission({ adapter: 'http', url: simProcess.baseUrl });
    await node.register();

    await sim.faults({ outage: { seconds: 20 } });
    const ids = await node.issue(INVOICES, 10);
    expect(new Set(ids).size).toBe(INVOICES);

    await waitFor(
      async () => (await node.queue()).queued === 0,
      async () => JSON.stringify({ queue: await node.queue(), sim: await sim.stats() }),
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nnode: ${nodeProcess.output()}\nsimulator: ${simProcess.output()}`);
    });
    const stats = await sim.stats();
    expect(stats.faulted).toBeGreaterThan(0);
    expect(stats).toMatchObject({ received: INVOICES, accepted: INVOICES, rejected: 0, duplicates: 0, resent: 0 });
    expect(await node.queue()).toMatchObject({ queued: 0, state: 'online', adapter: 'http', simulated: false });
    expect((await node.call('GET', '/invoices?status=issued&pageSize=1')).json.data.total).toBe(INVOICES);
    const sample = (await node.call('GET', `/invoices/${ids[0]}`)).json.data.transmission;
    expect(sample).toMatchObject({ state: 'accepted', acceptedAt: expect.any(String) });
  }, 90_000);
});
