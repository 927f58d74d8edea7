/** Running the built `hoadon` command (dist/hoadon.mjs, the bundle `npm start` runs) as a real process. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { afterAll } from 'vitest';

export const HOADON = 'dist/hoadon.mjs';

// A long-running process a test started and did not stop (an assertion failed before its stop) is killed
// when the test file ends, instead of serving on, orphaned, after the run.
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
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

/**
 * Starts a long-running sub-command (serve, hq, tax-sim) and waits until GET {healthPath} answers 200. Test
 * files run in parallel: a port freePort handed out can be taken by another process before the child
 * binds it, so a child that dies of EADDRINUSE on a port chosen here is started again on another.
 */
export async function startHoadon(
  args: string[],
  options: { env?: Record<string, string>; port?: number; healthPath?: string } = {},
): Promise<RunningProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnPort(args, options, options.port ?? (await freePort()));
    } catch (error) {
      if (options.port !== undefined || attempt === 3 || !(error as Error).message.includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnPort(
  args: string[],
  options: { env?: Record<string, string>; healthPath?: string },
  port: number,
): Promise<RunningProcess> {
  const child = spawn(process.execPath, [HOADON, ...args], {
    env: {
      ...process.env,
      HOADON_HOST: '127.0.0.1',
      HOADON_PORT: String(port),
      HOADON_LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const baseUrl = `http://127.0.0.1:${port}`;
  const healthUrl = `${baseUrl}${options.healthPath ?? '/api/v1/health'}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`hoadon ${args.join(' ')} exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(healthUrl)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`hoadon ${args.join(' ')} did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
