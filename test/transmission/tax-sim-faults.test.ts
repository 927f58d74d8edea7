/**
 * `hoadon serve` against `hoadon tax-sim` (both real processes, the simulator keeping its answers in a data
 * dir): a reply lost after the authority committed causes no second submission, and a rejection reaches the
 * invoice, the notifications and the report.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProcess, runHoadon, startHoadon } from '../support/processes.js';
import { invoiceBody } from '../support/test-node.js';
import { nodeClient, nodeEnv, simClient, waitFor } from './support.js';

let simProcess: RunningProcess;
let nodeProcess: RunningProcess;
let sim: ReturnType<typeof simClient>;
let node: Awaited<ReturnType<typeof nodeClient>>;

beforeAll(async () => {
  simProcess = await startHoadon(['tax-sim', '--data-dir', mkdtempSync(join(tmpdir(), 'hoadon-tax-sim-'))], {
    healthPath: '/health',
  });
  nodeProcess = await startHoadon(['serve'], { env: nodeEnv(mkdtempSync(join(tmpdir(), 'hoadon-faults-'))) });
  sim = simClient(simProcess.baseUrl);
  node = await nodeClient(nodeProcess.baseUrl);
  await node.transmission({ adapter: 'http', url: simProcess.baseUrl });
  await node.register();
});
afterAll(async () => {
  await nodeProcess?.stop();
  await simProcess?.stop();
});

const drained = () =>
  waitFor(
    async () => (await node.queue()).queued === 0,
    async () => JSON.stringify({ queue: await node.queue(), sim: await sim.stats() }),
  );

describe('hoadon tax-sim as a process', () => {
  it('keeps its answers in a file and refuses a bad flag with exit 2', async () => {
    expect((await sim.call('GET', '/health')).json.data).toMatchObject({ status: 'ok', storage: 'file' });
    const bad = runHoadon(['tax-sim', '--error-rate', 'often']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('errorRate');
  });

  it('commitThenDrop: every reply is lost, the look-up before resend settles each invoice without a second submission', async () => {
    await sim.faults({ commitThenDrop: true });
    const ids = await node.issue(20, 5);
    await drained();
    await sim.clearFaults();
    expect(await sim.stats()).toMatchObject({ received: 20, accepted: 20, duplicates: 0, resent: 0 });
    for (const id of ids) {
      const { transmission } = (await node.call('GET', `/invoices/${id}`)).json.data;
      expect(transmission).toMatchObject({ state: 'accepted', attempts: 1 });
    }
  });

  it('a rejection turns the invoice to error, notifies, and counts in the summary', async () => {
    const reason = 'Sai mã số thuế người mua (giả lập)';
    await sim.faults({ rejectNext: 1, rejectReason: reason });
    const before = (await node.call('GET', '/reports/summary')).json.data;
    const [id] = await node.issue(1, 1, () => invoiceBody());
    await drained();
    const invoice = (await node.call('GET', `/invoices/${id}`)).json.data;
    expect(invoice).toMatchObject({
      status: 'error',
      transmission: { state: 'rejected', lastError: expect.stringContaining(reason) },
    });
    const notes = (await node.call('GET', '/notifications?type=system')).json.data;
    expect(notes).toContainEqual(
      expect.objectContaining({
        title: `Cơ quan thuế từ chối hóa đơn số ${invoice.number}`,
        message: expect.stringContaining(reason),
      }),
    );
    const after = (await node.call('GET', '/reports/summary')).json.data;
    expect(after).toMatchObject({ totalError: before.totalError + 1, totalIssued: before.totalIssued });
    expect(await sim.stats()).toMatchObject({ received: 21, accepted: 20, rejected: 1, duplicates: 0 });
  });
});
