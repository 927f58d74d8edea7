/**
 * `npm run bench`: the node against its ceilings, same machine, same run. See bench/README.md.
 * The same bundle also runs the ceiling server in a child process (`bench.mjs ceiling <port> <dir>`).
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadNodeConfig } from '../src/config.js';
import { openNode } from '../src/node.js';
import { rawSqliteCommitsPerSecond, startCeilingServer } from './ceilings.js';
import { generateDataset, invoiceInputFor } from './dataset.js';

const PASSWORD = 'bench-admin-password';

interface Options {
  invoices: number;
  duration: number;
  runs: number;
  connections: number;
  fresh: boolean;
}

function parseOptions(argv: string[]): Options {
  const value = (flag: string, fallback: number) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return {
    invoices: value('--invoices', 1_000_000),
    duration: value('--duration', 5),
    runs: value('--runs', 1),
    connections: value('--connections', 50),
    fresh: argv.includes('--fresh'),
  };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function waitForHttp(url: string, child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      if ((await fetch(url)).status < 500) return performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

interface Target {
  name: string;
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv, probePath: string): Promise<Target> {
  const port = await freePort();
  const child = spawn(process.execPath, args.map((a) => a.replace('{port}', String(port))), {
    env: { ...process.env, HOADON_PORT: String(port), HOADON_HOST: '127.0.0.1', HOADON_LOG_LEVEL: 'warn', HOADON_RATE_LIMIT_PER_MINUTE: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}${probePath}`, child);
  return {
    name,
    base,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

interface Measurement {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  rssMb: number;
  errors: number;
  non2xx: number;
}

async function measure(scenario: string, target: Target, request: autocannon.Options, options: Options): Promise<Measurement> {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(target.child.pid!))), 200);
  const result = await autocannon({ connections: options.connections, duration: options.duration, ...request });
  clearInterval(sampler);
  await settle(target);
  return {
    scenario,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb: Math.round(Math.max(peak, rssMb(target.child.pid!))),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Waits until the target has worked off the backlog of the last scenario, so it does not weigh on the next. */
async function settle(target: Target): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${target.base}${target.name === 'node' ? '/api/v1/health' : '/read'}`).catch(() => undefined);
    if (performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function prepareData(options: Options): Promise<string> {
  const dataDir = join('bench', '.data', String(options.invoices));
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(join(dataDir, 'ready'))) return dataDir;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let now = new Date('2024-11-23T00:00:00.000Z');
  const clock = { now: () => now, set: (instant: Date) => (now = instant) };
  const node = await openNode(loadNodeConfig({ dataDir, adminPassword: PASSWORD, logLevel: 'silent' }, {}), { clock });
  const started = performance.now();
  generateDataset(node, {
    invoices: options.invoices,
    clock,
    end: new Date(),
    onProgress: (done) => {
      if (done % 100_000 === 0) console.log(`  data: ${done} invoices (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    },
  });
  node.close();
  writeFileSync(join(dataDir, 'ready'), new Date().toISOString());
  return dataDir;
}

async function login(base: string): Promise<string> {
  const r = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
}

const EXECUTABLE = 'dist/hoadon-linux-x64';

/**
 * The single executable: size, cold start of the process to the first 200 on an existing data dir (the
 * first run's one-off work — migrations, admin, keys, certificate — is done before measuring; median of 5
 * starts), idle RSS.
 */
async function measureExecutable(): Promise<Measurement[]> {
  if (!existsSync(EXECUTABLE)) return [];
  const starts: number[] = [];
  let idleRss = 0;
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
    await new Promise((r) => setTimeout(r, 1000));
    idleRss = Math.max(idleRss, rssMb(child.pid!));
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const sizeMb = Math.round(statSync(EXECUTABLE).size / 1e6);
  const row = (scenario: string, value: number, rss = 0): Measurement => ({ scenario, reqPerSec: 0, p50: value, p99: 0, rssMb: rss, errors: 0, non2xx: 0 });
  return [row(`binary cold start to first 200 (p50 column, ms; ${sizeMb} MB file)`, Math.round(median(starts))), row('binary idle RSS', 0, Math.round(idleRss))];
}

async function benchmarkOnce(options: Options, dataDir: string): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const ceiling = await startProcess('ceiling', ['dist/bench.mjs', 'ceiling', '{port}', join(dataDir, '..')], {}, '/read');
  const node = await startProcess('node', ['dist/hoadon.mjs', 'serve'], { HOADON_DATA_DIR: dataDir }, '/api/v1/health');
  try {
    const token = await login(node.base);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let n = 0;
    const next = () => ((n = (n * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const threeLines = () => JSON.stringify({ ...invoiceInputFor(1, next), items: invoiceInputFor(2, next).items.concat(invoiceInputFor(3, next).items).slice(0, 3) });

    results.push(await measure('write ceiling (bare fastify + zod + 1 row, synchronous=FULL)', ceiling, {
      url: `${ceiling.base}/write`, method: 'POST', headers: { 'content-type': 'application/json' }, body: threeLines(),
    }, options));
    results.push(await measure('POST /invoices (3 lines, idempotency key)', node, {
      url: `${node.base}/api/v1/invoices`,
      method: 'POST',
      headers: auth,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-idempotency-key': randomUUID() }, body: threeLines() }) }],
    }, options));
    results.push(await measure('read ceiling (bare fastify GET, 20 rows)', ceiling, { url: `${ceiling.base}/read` }, options));

    const anInvoice = ((await (await fetch(`${node.base}/api/v1/invoices?pageSize=1`, { headers: auth })).json()) as any).data.items[0].id;
    const month = new Date().toISOString().slice(0, 7);
    const reads: [string, string][] = [
      ['GET /invoices', '/invoices'],
      ['GET /invoices?status=error', '/invoices?status=error'],
      ['GET /invoices?dateFrom&dateTo (one week)', '/invoices?dateFrom=2025-06-01&dateTo=2025-06-07'],
      ['GET /invoices?buyerName=nguyen van an', '/invoices?buyerName=nguyen%20van%20an'],
      ['GET /invoices?buyerMst', '/invoices?buyerMst=0100010000'],
      ['GET /invoices?page=5000 (deep page)', '/invoices?page=5000'],
      ['GET /invoices/:id', `/invoices/${anInvoice}`],
      ['GET /customers?search=tran', '/customers?search=tran'],
      ['GET /reports/summary', '/reports/summary'],
      ['GET /reports/monthly', `/reports/monthly?month=${month}`],
      ['GET /analytics/channels?days=366', '/analytics/channels?days=366'],
      ['GET /analytics/top-customers?days=366', '/analytics/top-customers?days=366'],
      ['GET /analytics/top-skus?days=366', '/analytics/top-skus?days=366'],
      ['GET /aggregate', '/aggregate'],
    ];
    for (const [name, path] of reads) {
      const probe = await fetch(`${node.base}/api/v1${path}`, { headers: auth });
      if (probe.status === 404 && path !== `/invoices/${anInvoice}`) {
        const body = (await probe.json()) as { error?: { message?: string } };
        if (body.error?.message?.includes('đường dẫn')) continue;
      }
      results.push(await measure(name, node, { url: `${node.base}/api/v1${path}`, headers: auth }, options));
    }
    results.push({ scenario: 'node idle RSS after load', reqPerSec: 0, p50: 0, p99: 0, rssMb: Math.round(rssMb(node.child.pid!)), errors: 0, non2xx: 0 });
  } finally {
    await node.stop();
    await ceiling.stop();
  }
  results.push(...(await measureExecutable()));
  results.push({
    scenario: 'raw SQLite one-row commits/s (synchronous=FULL, no HTTP)',
    reqPerSec: Math.round(rawSqliteCommitsPerSecond(join(dataDir, '..'))),
    p50: 0, p99: 0, rssMb: 0, errors: 0, non2xx: 0,
  });
  return results;
}

function report(runs: Measurement[][], options: Options): void {
  const rows = runs[0]!.map((first, i) => {
    const all = runs.map((r) => r[i]!);
    return {
      scenario: first.scenario,
      reqPerSec: median(all.map((m) => m.reqPerSec)),
      p50: median(all.map((m) => m.p50)),
      p99: median(all.map((m) => m.p99)),
      rssMb: median(all.map((m) => m.rssMb)),
      errors: Math.max(...all.map((m) => m.errors + m.non2xx)),
    };
  });
  const writeCeiling = rows.find((r) => r.scenario.startsWith('write ceiling'))!.reqPerSec;
  const readCeiling = rows.find((r) => r.scenario.startsWith('read ceiling'))!.reqPerSec;
  const ratio = (r: (typeof rows)[number]) => {
    if (r.scenario.startsWith('POST')) return (r.reqPerSec / writeCeiling).toFixed(2);
    if (r.scenario.startsWith('GET')) return (r.reqPerSec / readCeiling).toFixed(2);
    return '';
  };
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const header = `| scenario | req/s | × ceiling | p50 ms | p99 ms | RSS MB | errors |\n|---|---:|---:|---:|---:|---:|---:|`;
  const lines = rows.map((r) => `| ${r.scenario} | ${r.reqPerSec || ''} | ${ratio(r)} | ${r.p50 || ''} | ${r.p99 || ''} | ${r.rssMb || ''} | ${r.errors} |`);
  const markdown = `Machine: ${machine}\nData: ${options.invoices} invoices; ${options.connections} connections, ${options.duration} s per scenario, median of ${options.runs} run(s); ${new Date().toISOString()}\n\n${header}\n${lines.join('\n')}\n`;
  console.log(`\n${markdown}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.md', markdown);
  writeFileSync('bench/results/latest.json', JSON.stringify({ machine, options, rows, at: new Date().toISOString() }, null, 2));
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'ceiling') return startCeilingServer(Number(argv[1]), argv[2]!);
  const options = parseOptions(argv);
  console.log(`preparing ${options.invoices} invoices…`);
  const dataDir = await prepareData(options);
  const runs: Measurement[][] = [];
  for (let run = 1; run <= options.runs; run += 1) {
    console.log(`run ${run}/${options.runs}`);
    runs.push(await benchmarkOnce(options, dataDir));
  }
  report(runs, options);
}

await main(process.argv.slice(2));
