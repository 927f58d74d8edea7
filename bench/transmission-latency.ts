/**
 * POST /invoices while a backlog is being transmitted, against the same with an idle queue: a store node in
 * this process (fastify injected, no socket) with `backlog` invoices queued; p50/p99 of `requests`
 * sequential POST /invoices first with the worker stopped, then while the worker sends the backlog in
 * packages of 100 to the embedded simulator (a demo node's authority; its checks of every package run in
 * this process too, the harshest case for the tills). Run: `npx tsx bench/transmission-latency.ts
 * --backlog 100000 --requests 400`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadNodeConfig } from '../src/config.js';
import { openNode } from '../src/node.js';
import { invoiceInputFor } from './dataset.js';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const backlog = flag('--backlog', 100_000);
const requests = flag('--requests', 400);
const PASSWORD = 'bench-password-1';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-bench-latency-'));
const config = loadNodeConfig(
  { dataDir, adminPassword: PASSWORD, logLevel: 'silent', issueBurst: 100_000, issueRatePerHour: 0 },
  {},
);
const node = await openNode(config);
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
    services.sqlite.transaction(() => {
      services.settings.update('plan', { invoiceLimit: 1_000_000_000 }, 'bench');
      for (let i = done; i < Math.min(done + 5_000, backlog); i += 1)
        services.invoices.create(invoiceInputFor(i, next), {
          id: admin.id,
          username: admin.username,
          role: admin.role,
        });
    })();
  console.error(`backlog of ${backlog} queued in ${Math.round(performance.now() - started)} ms`);
  const app = await buildApp(services, { logLevel: 'silent' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'admin', password: PASSWORD },
  });
  const token = login.json().data.accessToken as string;
  const body = {
    buyer: { name: 'Khách lẻ' },
    items: [{ name: 'Bánh mì', quantity: 1, unitPrice: 20_000, taxRate: 0.08 }],
  };
  const measure = async () => {
    const times: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const t = performance.now();
      const r = await app.inject({
        method: 'POST',
        url: '/api/v1/invoices',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      if (r.statusCode !== 201) throw new Error(`${r.statusCode} ${r.body}`);
      times.push(performance.now() - t);
    }
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  };
  await measure(); // warm-up
  const idle = await measure();
  let transmitting = true;
  const sentBefore = services.transmission.counts().accepted ?? 0;
  const loop = (async () => {
    while (transmitting) {
      await services.transmission.worker.tick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const t0 = performance.now();
  const busy = await measure();
  const seconds = (performance.now() - t0) / 1000;
  // Counted when the requests end; the pass in progress then finishes without being counted.
  const sent = (services.transmission.counts().accepted ?? 0) - sentBefore;
  transmitting = false;
  await loop;
  console.log('| queue | POST /invoices p50 (ms) | p99 (ms) | invoices accepted meanwhile |');
  console.log('|---|---:|---:|---:|');
  console.log(`| idle | ${idle.p50.toFixed(1)} | ${idle.p99.toFixed(1)} | — |`);
  console.log(
    `| ${backlog} being transmitted | ${busy.p50.toFixed(1)} | ${busy.p99.toFixed(1)} | ${sent} in ${seconds.toFixed(1)} s |`,
  );
  await app.close();
} finally {
  await node.close();
  rmSync(dataDir, { recursive: true, force: true });
}
