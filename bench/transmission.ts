/**
 * Transmission throughput: a store node (in this process) whose queue holds N issued invoices sends them
 * to `hoadon tax-sim` (a process of its own, `--reply-delay-ms 0`) in 206 packages of a given size,
 * timed from the first pass to an empty queue: invoices per second by package size, a curve. Each size
 * gets a fresh simulator (it refuses numbers it has accepted) and the same invoices queued again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadNodeConfig } from '../src/config.js';
import { openNode } from '../src/node.js';
import { senderParty } from '../src/transmission/tdiep-transport-selector.js';
import { createTvanHttpTransport } from '../src/transmission/tvan-http-transport.js';
import { invoiceInputFor } from './dataset.js';
import { type Measurement, row, startProcess } from './harness.js';
import { benchTdiepWorker } from './tdiep-bench-worker.js';

/**
 * Up to the node's default (100): a package of 250 invoices exhausted the XML thread's
 * 64 MB heap while being signed.
 */
export const PACKAGE_SIZES = [1, 10, 50, 100];

export async function benchTransmission(options: { invoices: number; sizes?: number[] }): Promise<Measurement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-bench-transmission-'));
  const config = loadNodeConfig({ dataDir, adminPassword: 'bench-password-1', logLevel: 'silent' }, {});
  const node = await openNode(config);
  const rows: Measurement[] = [];
  try {
    const { services } = node;
    const admin = services.users.list().find((u) => u.role === 'admin');
    if (!admin) throw new Error('no admin');
    const user = { id: admin.id, username: admin.username, role: admin.role };
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    services.storage.sqlite.transaction(() => {
      services.settings.update('plan', { invoiceLimit: 1_000_000_000 }, 'bench');
      for (let i = 0; i < options.invoices; i += 1) services.invoices.create(invoiceInputFor(i, next), user);
    })();
    const mst = services.invoices.get(
      (services.storage.sqlite.prepare('SELECT invoice_id AS id FROM transmissions LIMIT 1').get() as { id: string })
        .id,
    ).seller.mst;
    for (const size of options.sizes ?? PACKAGE_SIZES) {
      services.storage.sqlite.exec(
        `DELETE FROM tax_replies; DELETE FROM tax_messages;
         UPDATE transmissions SET state = 'queued', attempts = 0, next_attempt_at = queued_at, accepted_at = NULL, last_error = NULL`,
      );
      const sim = await startProcess(
        'tax-sim',
        ['dist/hoadon.mjs', 'tax-sim', '--port', '{port}', '--reply-delay-ms', '0'],
        {},
        '/health',
      );
      const transport = createTvanHttpTransport({ url: sim.base, credentials: { kind: 'token', token: 'bench' } });
      try {
        const worker = benchTdiepWorker(services, transport, {
          write: async (work) => services.storage.sqlite.transaction(work)(),
          party: () => senderParty(mst, services.signing.identity()),
          outcomes: {
            accepted: () => {},
            rejected: () => {},
            late: () => {},
            registration: () => {},
            noticeRefused: () => {},
            noticeAccepted: () => {},
            unreadableReply: () => {},
            needsAttention: () => {},
            heldBack: () => {},
          },
          clock: { now: () => new Date() },
          packageSize: size,
          pollMs: 50,
          retryBaseMs: 200,
        });
        const started = performance.now();
        while (worker.status().queued > 0) {
          await worker.tick();
          if (worker.status().queued > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const seconds = (performance.now() - started) / 1000;
        const counts = services.transmission.counts();
        rows.push(
          row(`transmission: ${options.invoices} invoices in 206 packages of ${size} (invoices/s)`, {
            reqPerSec: Math.round(options.invoices / seconds),
            errors: counts.rejected ?? 0,
          }),
        );
      } finally {
        await transport.close();
        await sim.stop();
      }
    }
  } finally {
    await node.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
