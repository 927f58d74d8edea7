/** The API on the large data set: POST /invoices and the reads, each beside the write or read ceiling. */

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { QUIET_BEFORE_GIVING_BACK_MS } from '../src/memory-give-back.js';
import { IDLE_STOP_MS } from '../src/xml/xml-thread.js';
import { requestRandom, threeLineInvoice } from './dataset.js';
import {
  freePort,
  type Goal,
  type Measurement,
  measure,
  median,
  type Options,
  PASSWORD,
  type RunResult,
  row,
  rssMb,
  settle,
  type Target,
  waitForHttp,
  warmUp,
} from './harness.js';
import { startLiveNode } from './live-node.js';
import { pacedLoad, percentileOf } from './paced-load.js';

/** The reads held to a goal when computed every time: the least share of the read ceiling each must reach. */
const COMPUTED_READ_GOALS: [name: string, limit: number][] = [
  ['GET /invoices?buyerName=nguyen van an', 0.25],
  ['GET /invoices?page=5000 (deep page)', 0.25],
  ['GET /customers?search=tran', 0.25],
  ['GET /reports/monthly', 0.25],
  ['GET /analytics/top-customers?days=366', 0.3],
];

/** POST /invoices as the live node runs it (each invoice signed, the default) and with `signEachInvoice` off. */
export const POST_SIGNED = 'POST /invoices (3 lines, idempotency key; signEachInvoice on)';
export const POST_UNSIGNED = 'POST /invoices (3 lines, idempotency key; signEachInvoice off)';
/** The shop's load rather than the bench's: each till issues an invoice a second while the console reads. */
const TILLS = 20;
const TILLS_SCENARIO = `POST /invoices, ${TILLS} tills at 1 invoice/s each (random instants), beside the reads`;
/** The reads beside the tills: a few screens (console, reports) asking every 100 ms, computed every time. */
const READERS = 4;
const READS_PER_READER_PER_SECOND = 10;

export interface WriteCeilings {
  /** Bare fastify + zod + one row, synchronous=FULL. */
  bare: Measurement;
  /** The same, the body signed with RSA-2048 first (bench/ceilings.ts). */
  signing: Measurement;
}

export async function benchApi(
  options: Options,
  dataDir: string,
  ceiling: Target,
  writeCeilings: WriteCeilings,
): Promise<RunResult> {
  const results: Measurement[] = [];
  const live = await startLiveNode(dataDir);
  const { node, auth } = live;
  try {
    const next = requestRandom();

    const post: autocannon.Options = {
      url: `${node.base}/api/v1/invoices`,
      method: 'POST',
      headers: auth,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'x-idempotency-key': randomUUID() },
            body: threeLineInvoice(next),
          }),
        },
      ],
    };
    await dailyBackupMade(dataDir);
    // A node runs for days: the first seconds after a start (JIT, SQLite's and the OS's caches, the jobs'
    // first pass) are not what a till meets. Two unmeasured seconds of the same load first.
    await warmUp(node, post, options);
    results.push(await measure(POST_SIGNED, node, post, options, writeCeilings.signing.scenario));
    // The same with each invoice stored unsigned (a cash register's, docs/delivery.md): the bare ceiling's match.
    await setSignEachInvoice(node.base, auth, false);
    await warmUp(node, post, options);
    results.push(await measure(POST_UNSIGNED, node, post, options, writeCeilings.bare.scenario));
    await setSignEachInvoice(node.base, auth, true);
    const readCeiling = 'read ceiling (bare fastify GET, 20 rows)';
    results.push(await measure(readCeiling, ceiling, { url: `${ceiling.base}/read` }, options));

    type FirstPage = { data: { items: { id: string }[] } };
    const anInvoice = (
      (await (await fetch(`${node.base}/api/v1/invoices?pageSize=1`, { headers: auth })).json()) as FirstPage
    ).data.items[0]!.id;
    const month = new Date().toISOString().slice(0, 7);
    // The customer on the most invoices: the walk-in buyer "Khách lẻ" (40 % of the data set).
    const walkIn = (
      (await (
        await fetch(`${node.base}/api/v1/customers?search=khach%20le&pageSize=1`, { headers: auth })
      ).json()) as FirstPage
    ).data.items[0]!.id;
    const reads: [string, string][] = [
      ['GET /invoices', '/invoices'],
      ['GET /invoices?status=error', '/invoices?status=error'],
      ['GET /invoices?dateFrom&dateTo (one week)', '/invoices?dateFrom=2025-06-01&dateTo=2025-06-07'],
      ['GET /invoices?buyerName=nguyen van an', '/invoices?buyerName=nguyen%20van%20an'],
      ['GET /invoices?buyerMst', '/invoices?buyerMst=0100010000'],
      ['GET /invoices?page=5000 (deep page)', '/invoices?page=5000'],
      ['GET /invoices/:id', `/invoices/${anInvoice}`],
      ['GET /customers?search=tran', '/customers?search=tran'],
      ['GET /customers/:id/analytics (walk-in customer)', `/customers/${walkIn}/analytics`],
      ['GET /reports/summary', '/reports/summary'],
      ['GET /reports/monthly', `/reports/monthly?month=${month}`],
      ['GET /analytics/channels?days=366', '/analytics/channels?days=366'],
      ['GET /analytics/top-customers?days=366', '/analytics/top-customers?days=366'],
      ['GET /analytics/top-skus?days=366', '/analytics/top-skus?days=366'],
      ['GET /aggregate', '/aggregate'],
    ];
    const paths = new Map(reads);
    for (const [name, path] of reads) {
      const probe = await fetch(`${node.base}/api/v1${path}`, { headers: auth });
      if (probe.status === 404 && path !== `/invoices/${anInvoice}`) {
        const body = (await probe.json()) as { error?: { message?: string } };
        if (body.error?.message?.includes('đường dẫn')) continue;
      }
      // Each read warmed up as POST is: the first requests on a route just started wait for its JIT and for
      // the pages it reads to come from disk, and fifty of them at once made the p99 of a 5-second run.
      const asked = { url: `${node.base}/api/v1${path}`, headers: auth };
      await warmUp(node, asked, options);
      results.push(await measure(name, node, asked, options, readCeiling));
      // The same question answered from the data every time, as after each new invoice (src/http/answer-cache.ts).
      const computed = { ...asked, headers: { ...auth, 'cache-control': 'no-cache' } };
      await warmUp(node, computed, options);
      results.push(await measure(`${name} [no-cache]`, node, computed, options, readCeiling));
    }
    results.push(
      await tillsBesideReads(
        node,
        auth,
        COMPUTED_READ_GOALS.map(([name]) => paths.get(name)!),
        options,
      ),
    );
    // Idle is a till with no customer: measured once the node's idle policies have run, the memory given back
    // after 5 s of quiet (src/memory-give-back.ts) and the XML thread stopped after 30 s without work
    // (src/xml/xml-thread.ts), and a few seconds more for both to finish.
    const underLoad = Math.max(...results.filter((r) => r.vs !== undefined).map((r) => r.rssMb));
    const idleAfterMs = Math.max(QUIET_BEFORE_GIVING_BACK_MS, IDLE_STOP_MS) + 5_000;
    await new Promise((r) => setTimeout(r, idleAfterMs));
    const idle = Math.round(rssMb(node.child.pid!));
    results.push(
      row(`node RSS: highest under the API load (p99 column), idle ${idleAfterMs / 1000} s after it`, {
        rssMb: idle,
        p99: underLoad,
      }),
    );
    return { rows: results, goals: apiGoals(results, writeCeilings, underLoad, idle) };
  } finally {
    await live.stop();
  }
}

/** The goals for the API rows, each judged on this run's figures against this run's ceilings. */
function apiGoals(rows: Measurement[], ceilings: WriteCeilings, underLoad: number, idle: number): Goal[] {
  const all = [ceilings.bare, ceilings.signing, ...rows];
  const rate = (name: string) => all.find((r) => r.scenario === name)?.reqPerSec ?? 0;
  const ratio = (name: string, ceiling: string) => Number((rate(name) / (rate(ceiling) || 1)).toFixed(2));
  const p99 = (name: string) => all.find((r) => r.scenario === name)?.p99 ?? 0;
  return [
    {
      name: 'POST /invoices, signEachInvoice on, against the signing write ceiling',
      value: ratio(POST_SIGNED, ceilings.signing.scenario),
      unit: '×',
      limit: 0.6,
      better: 'higher',
    },
    {
      name: 'POST /invoices, signEachInvoice off, against the write ceiling',
      value: ratio(POST_UNSIGNED, ceilings.bare.scenario),
      unit: '×',
      limit: 0.6,
      better: 'higher',
    },
    {
      name: 'POST /invoices p99 (signEachInvoice on)',
      value: p99(POST_SIGNED),
      unit: 'ms',
      limit: 25,
      better: 'lower',
    },
    {
      name: `POST /invoices p99, ${TILLS} tills beside the reads`,
      value: p99(TILLS_SCENARIO),
      unit: 'ms',
      limit: 25,
      better: 'lower',
    },
    ...COMPUTED_READ_GOALS.map(
      ([name, limit]): Goal => ({
        name: `${name} [no-cache] against the read ceiling`,
        value: ratio(`${name} [no-cache]`, 'read ceiling (bare fastify GET, 20 rows)'),
        unit: '×',
        limit,
        better: 'higher',
      }),
    ),
    { name: 'node RSS under the API load', value: underLoad, unit: 'MB', limit: 250, better: 'lower' },
    { name: 'node RSS idle after the load', value: idle, unit: 'MB', limit: 150, better: 'lower' },
  ];
}

async function setSignEachInvoice(base: string, auth: Record<string, string>, on: boolean): Promise<void> {
  const answer = await fetch(`${base}/api/v1/config`, {
    method: 'PATCH',
    headers: auth,
    body: JSON.stringify({ signEachInvoice: on }),
  });
  if (answer.status !== 200) throw new Error(`PATCH /config signEachInvoice: ${answer.status} ${await answer.text()}`);
}

/**
 * A shop's day rather than the bench's flood: ${TILLS} tills, each issuing an invoice a second on average at
 * random instants, while a few screens ask the computed reads (bench/paced-load.ts: an open load, each
 * latency counted from the instant its request was due). The tills' p99 is the figure; the run is at least
 * 10 s, so that the p99 is not just the slowest of a hundred answers.
 */
async function tillsBesideReads(
  node: Target,
  auth: Record<string, string>,
  readPaths: string[],
  options: Options,
): Promise<Measurement> {
  const seconds = Math.max(10, 2 * options.duration);
  const next = requestRandom();
  const tillsLoad = {
    base: node.base,
    clients: TILLS,
    perSecond: 1,
    seconds,
    request: () => ({
      method: 'POST' as const,
      path: '/api/v1/invoices',
      headers: { ...auth, 'x-idempotency-key': randomUUID() },
      body: threeLineInvoice(next),
    }),
  };
  let read = 0;
  const readsLoad = {
    base: node.base,
    clients: READERS,
    perSecond: READS_PER_READER_PER_SECOND,
    seconds,
    request: () => ({
      method: 'GET' as const,
      path: `/api/v1${readPaths[read++ % readPaths.length]}`,
      headers: { ...auth, 'cache-control': 'no-cache' },
    }),
  };
  // Unmeasured first, as every scenario (bench/harness.ts warmUp).
  await Promise.all([pacedLoad({ ...tillsLoad, seconds: 2 }), pacedLoad({ ...readsLoad, seconds: 2 })]);
  await settle(node);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(node.child.pid!))), 200);
  const [tills, reads] = await Promise.all([pacedLoad(tillsLoad), pacedLoad(readsLoad)]);
  clearInterval(sampler);
  await settle(node);
  return row(TILLS_SCENARIO, {
    reqPerSec: Math.round(tills.answered / seconds),
    p50: Math.round(percentileOf(tills.latencies, 50)),
    p99: Math.round(percentileOf(tills.latencies, 99)),
    rssMb: Math.round(Math.max(peak, rssMb(node.child.pid!))),
    errors: tills.errors + reads.errors,
    non2xx: tills.non2xx + reads.non2xx,
  });
}

/**
 * A node without a day-old backup makes one when it starts (src/backup/backup-thread.ts): at 1 M invoices
 * about 30 s of disk copying on its own thread, once a day. Each run starts from a copy without backups,
 * so the figures are taken after it, as on the rest of a shop's day.
 */
async function dailyBackupMade(dataDir: string): Promise<void> {
  const dir = join(dataDir, 'backups');
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (existsSync(dir) && readdirSync(dir).some((f) => f.startsWith('daily-') && f.endsWith('.sqlite.sha256'))) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the node made no daily backup within 300 s');
}

const EXECUTABLE = 'dist/hoadon-linux-x64';
const SETTLED_AFTER_MS = 30_000;

/**
 * The single executable: size, cold start of the process to the first 200 on an existing data dir (the
 * first run's one-off work — migrations, admin, keys, certificate — is done before measuring; median of 5
 * starts), idle RSS 2 s after each of those starts (median) and 30 s after the last.
 */
export async function measureExecutable(): Promise<Measurement[]> {
  if (!existsSync(EXECUTABLE)) return [];
  const starts: number[] = [];
  const idleRss: number[] = [];
  let settledRss = 0;
  const dir = join('bench', '.data', 'binary');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (let i = -1; i < 5; i += 1) {
    const port = await freePort();
    const started = performance.now();
    const child = spawn(EXECUTABLE, ['serve', '--port', String(port), '--data-dir', dir], {
      env: { ...process.env, HOADON_ADMIN_PASSWORD: PASSWORD, HOADON_LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    await waitForHttp(`http://127.0.0.1:${port}/api/v1/health`, child);
    if (i >= 0) starts.push(performance.now() - started);
    // Idle: after the jobs' first pass (they start half a second after listen). The first run's one-off
    // work (admin, keys, demo certificate) is not what a node carries every day, so it is left out.
    await new Promise((r) => setTimeout(r, 2000));
    if (i >= 0) idleRss.push(rssMb(child.pid!));
    // The last start is left idle longer: V8 gives back the young generation start-up grew (its memory
    // reducer runs once the heap has been idle for a while), which is what a node waiting for the next
    // sale holds.
    if (i === 4) {
      await new Promise((r) => setTimeout(r, SETTLED_AFTER_MS - 2000));
      settledRss = rssMb(child.pid!);
    }
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const sizeMb = Math.round(statSync(EXECUTABLE).size / 1e6);
  return [
    row(`binary cold start to first 200 (p50 column, ms; ${sizeMb} MB file)`, { p50: Math.round(median(starts)) }),
    row('binary idle RSS (median of the 5 starts)', { rssMb: Math.round(median(idleRss)) }),
    row(`binary idle RSS ${SETTLED_AFTER_MS / 1000} s after a start (the last)`, { rssMb: Math.round(settledRss) }),
  ];
}
