/**
 * kill -9 of the store node while about 200 invoices are in flight at the tax authority in 206 packages
 * (held there by injected latency): after the restart every invoice is accepted exactly once, the packages
 * in doubt settled by looking their MTDiep up. Also: the http adapter without a url waits and says so in /health.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabaseFile } from '../../src/db/open.js';
import { MISSING_URL } from '../../src/transmission/tax-authority-selector.js';
import { type RunningProcess, startHoadon } from '../support/processes.js';
import { nodeClient, nodeEnv, simClient, waitFor } from './support.js';

const INVOICES = 250;
const running: RunningProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
});

describe('a node killed while transmitting', () => {
  it('sends every invoice exactly once across a kill -9 with ~200 invoices in flight in packages', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-transmit-crash-'));
    const env = nodeEnv(dataDir, { HOADON_TRANSMIT_CONCURRENCY: '200' });
    const simProcess = await startHoadon(['tax-sim', '--latency-ms', '8000'], { healthPath: '/health' });
    running.push(simProcess);
    const sim = simClient(simProcess.baseUrl);
    const first = await startHoadon(['serve'], { env });
    running.push(first);
    let node = await nodeClient(first.baseUrl);

    // Registered first (issuing waits for it); then no url: the queue waits, whatever the network does,
    // and /health says why.
    await sim.faults({ latencyMs: 0 });
    await node.transmission({ adapter: 'http', url: simProcess.baseUrl });
    await node.register();
    await sim.faults({ latencyMs: 8000 });
    await node.transmission({ adapter: 'http', url: null });
    await node.issue(INVOICES, 10);
    expect(await node.queue()).toMatchObject({
      queued: INVOICES,
      adapter: 'http',
      state: 'offline',
      problem: MISSING_URL,
    });
    expect((await sim.stats()).received).toBe(0);
    // The registration's 100 only.
    expect((await sim.stats()).messages).toBe(1);

    await node.transmission({ url: simProcess.baseUrl });
    // Packages of 100: two held by the latency carry 200 invoices.
    await waitFor(
      async () => (await sim.stats()).inFlight >= 2,
      async () => JSON.stringify(await sim.stats()),
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const database = openDatabaseFile(join(dataDir, DATABASE_FILE), { readonly: true });
    const inDoubt = database.prepare("SELECT count(*) AS n FROM transmissions WHERE state = 'sent'").get() as {
      n: number;
    };
    database.close();
    expect(inDoubt.n).toBeGreaterThanOrEqual(150);
    await sim.faults({ latencyMs: 0 });

    const second = await startHoadon(['serve'], { env });
    running.push(second);
    node = await nodeClient(second.baseUrl);
    await waitFor(
      async () => (await node.queue()).queued === 0,
      async () => JSON.stringify({ queue: await node.queue(), sim: await sim.stats() }),
    );
    // Requests the simulator still held when the node died are answered (to nobody) before it counts.
    await waitFor(
      async () => (await sim.stats()).inFlight === 0,
      async () => JSON.stringify(await sim.stats()),
    );
    expect(await sim.stats()).toMatchObject({ received: INVOICES, accepted: INVOICES, rejected: 0, duplicates: 0 });
    expect((await node.call('GET', '/invoices?status=issued&pageSize=1')).json.data.total).toBe(INVOICES);
    expect((await node.call('GET', '/invoices?status=error&pageSize=1')).json.data.total).toBe(0);
  }, 60_000);
});
