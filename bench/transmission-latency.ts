/**
 * POST /invoices while a backlog is being transmitted, against the same with an idle queue: a store node in
 * this process (fastify injected, no socket) with `backlog` invoices queued; p50/p99 of `requests`
 * POST /invoices arriving at `rate` a second (open loop: each timed from when it was due) with the worker
 * stopped, and as many while the worker sends the backlog in
 * packages of 100, in `rounds` alternating blocks (idle, then busy once a package has been settled: the
 * transmission running steadily), so that both meet the same load from the rest of the machine; with the
 * event loop's delay (the worst block's p99). The authority is either the embedded simulator (a demo node's,
 * on its own thread in this process: the harshest case for the tills, `--authority embedded`) or
 * `hoadon tax-sim` in a process of its own over HTTP (`--authority tax-sim`, the production shape; needs
 * `npm run build`). Run: `npx tsx bench/transmission-latency.ts --backlog 100000 [--requests 4000] [--rounds 8] [--rate 200]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadNodeConfig } from '../src/config.js';
import { openNode } from '../src/node.js';
import { senderParty } from '../src/transmission/tdiep-transport-selector.js';
import { createTvanHttpTransport } from '../src/transmission/tvan-http-transport.js';
import { invoiceInputFor } from './dataset.js';
import { startProcess } from './harness.js';
import { benchTdiepWorker } from './tdiep-bench-worker.js';

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const backlog = Number(flag('--backlog', '100000'));
const requests = Number(flag('--requests', '4000'));
const rounds = Number(flag('--rounds', '8'));
const rate = Number(flag('--rate', '200'));
const authority = flag('--authority', 'embedded');
if (authority !== 'embedded' && authority !== 'tax-sim') throw new Error('--authority embedded|tax-sim');
const PASSWORD = 'bench-password-1';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-bench-latency-'));
const config = loadNodeConfig(
  {
    dataDir,
    adminPassword: PASSWORD,
    logLevel: 'silent',
    issueBurst: 100_000,
    issueRatePerHour: 0,
    rateLimitPerMinute: 0,
  },
  {},
);
const node = await openNode(config);
const sim =
  authority === 'tax-sim'
    ? await startProcess(
        'tax-sim',
        ['dist/hoadon.mjs', 'tax-sim', '--port', '{port}', '--reply-delay-ms', '0'],
        {},
        '/health',
        // The authority is another machine in a shop's life: here it shares the node's two cores, and at
        // nice 10 (like the node's own XML and simulator threads) it takes what the tills leave.
        10,
      )
    : undefined;
const tvan = sim && createTvanHttpTransport({ url: sim.base, credentials: { kind: 'token', token: 'bench' } });
try {
  const { services } = node;
  const admin = services.users.list().find((u) => u.role === 'admin');
  if (!admin) throw new Error('no admin');
  let seed = 11;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const started = performance.now();
  for (let done = 0; done < backlog; done += 5_000)
    services.storage.sqlite.transaction(() => {
      services.settings.update('plan', { invoiceLimit: 1_000_000_000 }, 'bench');
      for (let i = done; i < Math.min(done + 5_000, backlog); i += 1)
        services.invoices.create(invoiceInputFor(i, next), {
          id: admin.id,
          username: admin.username,
          role: admin.role,
        });
    })();
  console.error(`backlog of ${backlog} queued in ${Math.round(performance.now() - started)} ms`);
  // The node's own worker sends a demo node's invoices to the embedded simulator; towards `hoadon tax-sim`
  // a worker wired the same way (group commit, pacing behind the tills) is given the HTTP transport.
  const worker = tvan
    ? benchTdiepWorker(services, tvan, {
        write: services.writes.run,
        party: () => senderParty(services.invoices.find(firstQueued()).sellerMst, services.signing.identity()),
        outcomes: services.transmission.outcomes,
        clock: services.clock,
        foreground: services.foreground,
      })
    : services.transmission.worker;
  function firstQueued(): string {
    const row = services.storage.sqlite.prepare('SELECT invoice_id AS id FROM transmissions LIMIT 1').get() as {
      id: string;
    };
    return row.id;
  }
  const app = await buildApp(services, { logLevel: 'silent' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'admin', password: PASSWORD },
  });
  const token = login.json().data.accessToken as string;
  const body = {
    buyer: { name: 'Khách lẻ' },
    items: [{ name: 'Bánh mì', unit: 'cái', quantity: 1, unitPrice: 20_000, taxRate: 0.08 }],
  };
  /**
   * `count` POST /invoices arriving every `1000 / rate` ms whether or not the earlier ones are answered (tills
   * do not wait for each other), each timed from when it was due: a loop held 200 ms delays every request
   * due meanwhile, not only the one in progress. With the event loop's delay meanwhile.
   */
  const measure = async (count: number, times: number[], loopDelays: number[], gc: number[] = []) => {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    // The event loop's garbage collections meanwhile (their pauses, in ms).
    const collections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gc.push(entry.duration);
    });
    collections.observe({ entryTypes: ['gc'] });
    const start = performance.now();
    const answered: Array<Promise<void>> = [];
    for (let i = 0; i < count; i += 1) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const request = app.inject({
        method: 'POST',
        url: '/api/v1/invoices',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      answered.push(
        request.then((r) => {
          if (r.statusCode !== 201) throw new Error(`${r.statusCode} ${r.body}`);
          times.push(performance.now() - due);
        }),
      );
    }
    await Promise.all(answered);
    collections.disconnect();
    loop.disable();
    loopDelays.push(loop.percentile(99) / 1e6);
  };
  const accepted = () => services.transmission.counts().accepted ?? 0;
  const perRound = Math.ceil(requests / rounds);
  // Each block's p99 beside the pooled one: a disk or a neighbour stalling once moves the pooled p99 of a
  // whole run by 10-20 ms on a shared machine, the median of the blocks' p99 hardly.
  const idle = { times: [] as number[], loop: [] as number[], gc: [] as number[], blocks: [] as number[] };
  const busy = { times: [] as number[], loop: [] as number[], gc: [] as number[], blocks: [] as number[] };
  const block = async (phase: typeof idle) => {
    const times: number[] = [];
    await measure(perRound, times, phase.loop, phase.gc);
    phase.times.push(...times);
    phase.blocks.push(percentile(times, 99));
  };
  let sent = 0;
  let seconds = 0;
  await measure(requests, [], []); // warm-up
  // Idle and busy blocks alternate, so that both meet the same load from the rest of the machine.
  for (let round = 0; round < rounds; round += 1) {
    await block(idle);
    let transmitting = true;
    const sending = (async () => {
      while (transmitting) {
        await worker.tick();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    // Steady state: the threads started, a package signed, sent and settled since the worker started.
    const before = accepted();
    while (accepted() === before) await new Promise((resolve) => setTimeout(resolve, 20));
    const sentBefore = accepted();
    const t0 = performance.now();
    await block(busy);
    seconds += (performance.now() - t0) / 1000;
    sent += accepted() - sentBefore;
    transmitting = false;
    await worker.stop();
    await sending;
  }
  const figures = (phase: typeof idle) => ({
    p50: percentile(phase.times, 50),
    p99: percentile(phase.times, 99),
    loopP99: Math.max(...phase.loop),
  });
  const quiet = figures(idle);
  const loaded = figures(busy);
  const name = authority === 'tax-sim' ? '`hoadon tax-sim` over HTTP' : 'embedded simulator';
  console.log(
    '| queue | POST /invoices p50 (ms) | p99 (ms) | event loop delay p99 (ms) | invoices accepted meanwhile |',
  );
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| idle | ${quiet.p50.toFixed(1)} | ${quiet.p99.toFixed(1)} | ${quiet.loopP99.toFixed(1)} | — |`);
  console.log(
    `| ${backlog} being transmitted (${name}) | ${loaded.p50.toFixed(1)} | ${loaded.p99.toFixed(1)} | ${loaded.loopP99.toFixed(1)} | ${sent} in ${seconds.toFixed(1)} s |`,
  );
  console.log(`p99 under backlog / idle p99: ${(loaded.p99 / quiet.p99).toFixed(2)}`);
  const medianBlock = (phase: typeof idle) => percentile(phase.blocks, 50);
  console.log(
    `median of the blocks' p99: idle ${medianBlock(idle).toFixed(1)} ms, under backlog ${medianBlock(busy).toFixed(1)} ms, ratio ${(medianBlock(busy) / medianBlock(idle)).toFixed(2)}`,
  );
  const pauses = (phase: typeof idle) =>
    `${phase.gc.length} pauses, ${phase.gc.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...phase.gc).toFixed(1)} ms`;
  console.log(`event loop GC: idle ${pauses(idle)}; busy ${pauses(busy)}`);
  await app.close();
} finally {
  await tvan?.close();
  await sim?.stop();
  await node.close();
  rmSync(dataDir, { recursive: true, force: true });
}
