/** Running the built `hoadon` command (dist/hoadon.mjs, the bundle `npm start` runs) as a real process. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll } from 'vitest';
import { LISTENING_LINE } from '../../src/http/listening.js';

export const HOADON = 'dist/hoadon.mjs';

// A long-running process a test started and did not stop (an assertion failed before its stop) is killed
// when the test file ends, instead of serving on, orphaned, after the run.
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) signal(child, 'SIGKILL');
});

/**
 * A wrapped node (`faketime … node`) runs in a process group of its own, and a signal goes to the whole group:
 * faketime does not pass a signal on, so the node it started would serve on, on the same data dir, after its
 * wrapper had gone.
 */
const wrapped = new WeakSet<ChildProcess>();
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (wrapped.has(child) && child.pid !== undefined) {
    try {
      process.kill(-child.pid, name);
    } catch {
      // the group has gone already
    }
  } else child.kill(name);
}

/** Runs a short command to completion. */
export function runHoadon(args: string[], options: { env?: Record<string, string>; input?: string } = {}) {
  const result = spawnSync(process.execPath, [HOADON, ...args], {
    env: { ...process.env, ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs a short command to completion without blocking this process: use it when this process serves
 * something the command talks to (a proxy, an HQ in-process).
 */
export function runHoadonAsync(args: string[], options: { env?: Record<string, string>; input?: string } = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [HOADON, ...args], {
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(options.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Waits until nothing answers at `baseUrl`; `kill` after 30 s of answers. */
async function refusing(baseUrl: string, kill: () => void): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await fetch(baseUrl);
    } catch {
      return;
    }
    if (Date.now() > deadline) return kill();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The address a server child printed once it listened (`hoadon listening on …`, src/http/listening.ts):
 * started on port 0, it holds the port the system gave it, so no other process can be answering there.
 */
export async function listeningAddress(child: ChildProcess, output: () => string, what: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const address = LISTENING_LINE.exec(output())?.[1];
    if (address) return address;
    // A process killed by a signal (an abort: SIGABRT) has a signalCode and no exitCode.
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited early (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (Date.now() > deadline) {
      signal(child, 'SIGKILL');
      throw new Error(`${what} did not listen:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a long-running sub-command (serve, hq, tax-sim) on port 0, or on `port` (a restart where the
 * previous process listened, for a peer that keeps the address), reads the address it bound and waits
 * until GET {healthPath} answers 200.
 */
export async function startHoadon(
  args: string[],
  options: {
    env?: Record<string, string>;
    port?: number;
    healthPath?: string;
    /** A command the node runs under, e.g. `['faketime', '2026-10-15 10:00:00']` for another date. */
    wrap?: string[];
  } = {},
): Promise<RunningProcess> {
  const port = String(options.port ?? 0);
  const [command, ...prefix] = [...(options.wrap ?? []), process.execPath];
  const child = spawn(command!, [...prefix, HOADON, ...args], {
    env: {
      ...process.env,
      HOADON_HOST: '127.0.0.1',
      HOADON_PORT: port,
      HOADON_HQ_HOST: '127.0.0.1',
      HOADON_HQ_PORT: port,
      HOADON_LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.wrap !== undefined,
  });
  if (options.wrap) wrapped.add(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const baseUrl = await listeningAddress(child, () => output, `hoadon ${args.join(' ')}`);
  const healthUrl = `${baseUrl}${options.healthPath ?? '/api/v1/health'}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`hoadon ${args.join(' ')} exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(healthUrl)).status === 200) break;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) {
      signal(child, 'SIGKILL');
      throw new Error(`hoadon ${args.join(' ')} did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    exited,
    async stop(name = 'SIGTERM') {
      if (child.exitCode === null) signal(child, name);
      const code = await exited;
      // The wrapper exits at once; the node it ran is gone once its port refuses.
      if (wrapped.has(child)) await refusing(baseUrl, () => signal(child, 'SIGKILL'));
      return code;
    },
  };
}
