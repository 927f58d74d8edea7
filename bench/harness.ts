/** What every scenario module shares: child processes on free ports, autocannon runs, RSS, medians. */

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import autocannon from 'autocannon';
import NODE_RUNTIME from '../scripts/node-runtime.json' with { type: 'json' };

export const PASSWORD = 'bench-admin-password';

export interface Options {
  invoices: number;
  duration: number;
  runs: number;
  connections: number;
  fresh: boolean;
  /** Scenario groups to run: api, binary, one-click, sync. */
  only: Set<string>;
  /** One-click requests per state of the tax authority (up, down). */
  oneClickOrders: number;
  /** Invoices queued in the store's outbox for the sync throughput scenario. */
  syncInvoices: number;
}

/** One row of the results table. `vs` names the row, measured in the same run, that `reqPerSec` is compared with. */
export interface Measurement {
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  rssMb: number;
  errors: number;
  non2xx: number;
  vs?: string;
}

/** A goal, judged on the figures measured: `value` against `limit` in the direction `better`. */
export interface Goal {
  name: string;
  value: number;
  unit: string;
  limit: number;
  better: 'lower' | 'higher';
}

export interface RunResult {
  rows: Measurement[];
  goals: Goal[];
}

export const row = (scenario: string, values: Partial<Measurement>): Measurement => ({
  scenario,
  reqPerSec: 0,
  p50: 0,
  p99: 0,
  rssMb: 0,
  errors: 0,
  non2xx: 0,
  ...values,
});

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function waitForHttp(url: string, child: ChildProcess): Promise<number> {
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

export interface Target {
  name: string;
  base: string;
  /** A cheap GET that answers at once when the process is idle. */
  probe: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startProcess(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  probePath: string,
  /** Runs it at this niceness: a stand-in for a remote party takes only the CPU the node leaves. */
  nice?: number,
): Promise<Target> {
  const port = await freePort();
  // The store node runs as it is started everywhere (package.json `start`, the executable and its service unit),
  // node flags of its own (a profile's) before the script or not.
  const script = args.indexOf('dist/hoadon.mjs');
  const node = script >= 0 && args[script + 1] === 'serve';
  const flags = node ? NODE_RUNTIME.flags : [];
  const command = [process.execPath, ...flags, ...args.map((a) => a.replace('{port}', String(port)))];
  const niced = nice === undefined ? command : ['nice', '-n', String(nice), ...command];
  const child = spawn(niced[0] as string, niced.slice(1), {
    env: {
      ...process.env,
      HOADON_PORT: String(port),
      HOADON_HOST: '127.0.0.1',
      HOADON_LOG_LEVEL: 'warn',
      HOADON_RATE_LIMIT_PER_MINUTE: '0',
      HOADON_ISSUE_RATE_PER_HOUR: '0',
      ...(node ? NODE_RUNTIME.env : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}${probePath}`, child);
  return {
    name,
    base,
    probe: probePath,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Runs `node dist/hoadon.mjs …args` to completion; rejects on a non-zero exit with what it printed. */
export function runHoadon(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  stdin?: string,
): Promise<{ stdout: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/hoadon.mjs', ...args], {
    env: { ...process.env, HOADON_LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin ?? '');
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve({ stdout, ms });
      else reject(new Error(`hoadon ${args.join(' ')} exited ${code}: ${stderr || stdout}`));
    }),
  );
}

export async function measure(
  scenario: string,
  target: Target,
  request: autocannon.Options,
  options: Options,
  vs?: string,
): Promise<Measurement> {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(target.child.pid!))), 200);
  const result = await autocannon({ connections: options.connections, duration: options.duration, ...request });
  clearInterval(sampler);
  await settle(target);
  return {
    scenario,
    // A run of a fixed `amount` ends inside a second: its per-second average would count that second whole.
    reqPerSec: Math.round(request.amount ? result.requests.total / result.duration : result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb: Math.round(Math.max(peak, rssMb(target.child.pid!))),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(vs ? { vs } : {}),
  };
}

/** Unmeasured load for two seconds, then the backlog it left worked off. */
export async function warmUp(target: Target, request: autocannon.Options, options: Options): Promise<void> {
  await autocannon({ connections: options.connections, duration: 2, ...request });
  await settle(target);
}

/**
 * Waits until the target has worked off the backlog of the last scenario, so it does not weigh on the next:
 * its probe answers at once and, for a store node, the invoices the scenario issued have been transmitted
 * (signing them is the node's background work; a read scenario measured while it runs measures both).
 */
export async function settle(target: Target): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const answer = await fetch(`${target.base}${target.probe}`).catch(() => undefined);
    const quick = performance.now() - started < 20;
    const body = (await answer?.json().catch(() => undefined)) as
      | { data?: { transmissionQueue?: { queued?: number } } }
      | undefined;
    if (quick && !body?.data?.transmissionQueue?.queued) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function login(base: string): Promise<string> {
  const r = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
}
