/**
 * One-click against the tax authority up and down: the node on the `http` transmission adapter pointing at a
 * running `hoadon tax-sim`. One-click answers without waiting for the network (the transmission is queued
 * in the invoice's transaction), so an outage should leave its latency alone: the target is
 * p99(down) / p99(up) ≤ 1.10. Orders are made first through POST /orders (a row of its own), with ids the
 * bench chooses, so every one-click gets a fresh order.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadNodeConfig } from '../src/config.js';
import { inTransaction } from '../src/db/transaction.js';
import { openNode } from '../src/node.js';
import { invoiceInputFor, requestRandom } from './dataset.js';
import { measure, type Options, PASSWORD, type RunResult, type Target } from './harness.js';
import { startLiveNode } from './live-node.js';

/** A fresh store whose plan does not stop the bench. */
async function freshStore(dataDir: string): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const node = await openNode(loadNodeConfig({ dataDir, adminPassword: PASSWORD, logLevel: 'silent' }, {}));
  inTransaction(node.services.storage.sqlite, () =>
    node.services.settings.update('plan', { invoiceLimit: 1_000_000_000 }, 'bench'),
  );
  await node.close();
}

async function queued(node: Target): Promise<number> {
  const health = (await (await fetch(`${node.base}/api/v1/health`)).json()) as {
    data: { transmissionQueue: { queued: number } };
  };
  return health.data.transmissionQueue.queued;
}

/** Waits until the node has sent everything it issued, so one state's backlog does not weigh on the next. */
async function drained(node: Target): Promise<void> {
  const deadline = Date.now() + 180_000;
  while ((await queued(node)) > 0) {
    if (Date.now() > deadline) throw new Error('the transmission queue did not drain within 3 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function setFaults(taxSim: Target, faults: Record<string, unknown> | null): Promise<void> {
  const r = await fetch(
    `${taxSim.base}/admin/faults`,
    faults
      ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(faults) }
      : { method: 'DELETE' },
  );
  if (!r.ok) throw new Error(`tax-sim /admin/faults answered ${r.status}`);
}

export async function benchOneClick(options: Options, dataRoot: string, writeCeiling: string): Promise<RunResult> {
  const dataDir = join(dataRoot, 'one-click');
  await freshStore(dataDir);
  // A live shop's node: a demo node sends to its embedded simulator only (bench/live-node.ts).
  const live = await startLiveNode(dataDir);
  const { node, taxSim, auth } = live;
  try {
    const n = options.oneClickOrders;
    const prefix = `bench-${randomUUID().slice(0, 8)}`;
    const next = requestRandom();
    let made = 0;
    const orders = await measure(
      'POST /orders (1–5 lines, chosen id)',
      node,
      {
        url: `${node.base}/api/v1/orders`,
        method: 'POST',
        headers: auth,
        amount: 2 * n,
        requests: [
          {
            setupRequest: (req) => {
              const { buyer, items } = invoiceInputFor(made, next);
              return { ...req, body: JSON.stringify({ id: `${prefix}-${made++}`, channel: 'pos', buyer, items }) };
            },
          },
        ],
      },
      options,
      writeCeiling,
    );

    let issued = 0;
    const oneClicks = (from: number) => ({
      url: `${node.base}/api/v1/invoices/one-click`,
      method: 'POST' as const,
      headers: auth,
      amount: n,
      requests: [
        {
          setupRequest: (req: object) => ({
            ...req,
            body: JSON.stringify({ orderId: `${prefix}-${from + issued++}` }),
          }),
        },
      ],
    });
    const up = await measure(
      'POST /invoices/one-click, tax authority up (http adapter → hoadon tax-sim)',
      node,
      oneClicks(0),
      options,
      writeCeiling,
    );
    await drained(node);

    issued = 0;
    await setFaults(taxSim, { outage: { seconds: 3600, mode: 'refuse' } });
    const down = await measure(
      'POST /invoices/one-click, tax authority down (full outage, connections refused)',
      node,
      oneClicks(n),
      options,
      writeCeiling,
    );
    const backlog = await queued(node);
    await setFaults(taxSim, null);
    if (backlog < n) down.errors += n - backlog; // an outage that let messages through did not measure an outage

    return {
      rows: [orders, up, down],
      goals: [
        {
          name: 'one-click p99 tax authority down / up',
          value: Number((down.p99 / Math.max(up.p99, 1)).toFixed(2)),
          unit: '×',
          limit: 1.1,
          better: 'lower',
        },
      ],
    };
  } finally {
    await live.stop();
  }
}
