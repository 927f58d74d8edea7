/**
 * A throwaway PostgreSQL 15 cluster: initdb and pg_ctl on a temporary directory and a free port, started
 * once per test run by the global setup (and by the bench), stopped afterwards. PostgreSQL refuses to run
 * as root, so when this process is root (CI) the cluster runs as the unprivileged `postgres` OS user.
 * Each test file creates its own database in it (`createTestDatabase`).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_BIN = process.env.HOADON_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** The `postgres` superuser's connection to the `postgres` database. */
  url: string;
  port: number;
  dataDir: string;
  /** `pg_ctl restart -m <mode>`: `immediate` is a crash of the server (recovery from the WAL at start). */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and keeps its data: `start()` brings it back on the same port. */
  pause(): void;
  start(): void;
  /** Stops the server and removes its directory. */
  stop(): void;
}

const asRoot = userInfo().uid === 0;

/** Runs a PostgreSQL binary, as the `postgres` OS user when this process is root. */
function runPg(binary: string, args: string[]) {
  const command = asRoot ? 'runuser' : join(PG_BIN, binary);
  const argv = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, binary), ...args] : args;
  return spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 });
}

function runPgAsync(binary: string, args: string[]): Promise<void> {
  const command = asRoot ? 'runuser' : join(PG_BIN, binary);
  const argv = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, binary), ...args] : args;
  return new Promise((resolve, reject) => {
    execFile(command, argv, { timeout: 120_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${binary} ${args.join(' ')} failed:\n${stdout}${stderr}`)) : resolve(),
    );
  });
}

function mustRun(binary: string, args: string[]): void {
  const result = runPg(binary, args);
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

export async function startPgCluster(options: { settings?: Record<string, string> } = {}): Promise<PgCluster> {
  const root = mkdtempSync(join(tmpdir(), 'hoadon-pg-'));
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  const dataDir = join(root, 'data');
  const log = join(root, 'server.log');
  mustRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: root,
    max_connections: '300',
    // A test cluster outlives no machine crash: the WAL reaching the OS is enough (a server crash keeps it).
    fsync: 'off',
    full_page_writes: 'off',
    ...options.settings,
  };
  const serverOptions = (port: number) =>
    [`-p ${port}`, ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`)].join(' ');

  // pg_ctl needs a port chosen here; another process may take it before the server binds it: try another.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const started = runPg('pg_ctl', ['-D', dataDir, '-l', log, '-w', '-t', '60', '-o', serverOptions(port), 'start']);
    if (started.status === 0) {
      const cluster: PgCluster = {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        port,
        dataDir,
        restart: (mode = 'fast') =>
          runPgAsync('pg_ctl', [
            '-D',
            dataDir,
            '-l',
            log,
            '-w',
            '-t',
            '60',
            '-m',
            mode,
            '-o',
            serverOptions(port),
            'restart',
          ]),
        pause: () => mustRun('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']),
        start: () =>
          mustRun('pg_ctl', ['-D', dataDir, '-l', log, '-w', '-t', '60', '-o', serverOptions(port), 'start']),
        stop() {
          runPg('pg_ctl', ['-D', dataDir, '-w', '-m', 'immediate', 'stop']);
          rmSync(root, { recursive: true, force: true });
        },
      };
      return cluster;
    }
    const output = `${started.stdout}${started.stderr}${safeRead(log)}`;
    if (attempt === 5 || !/could not bind|already in use/i.test(output)) {
      rmSync(root, { recursive: true, force: true });
      throw new Error(`PostgreSQL did not start:\n${output}`);
    }
  }
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

// Not processes.ts's: that module registers an afterAll hook, which the global setup and the bench cannot.
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let databases = 0;

/** A new empty database in the cluster, for one test file (or one test); answers its URL. */
export async function createTestDatabase(clusterUrl: string, prefix = 'hoadon_test'): Promise<string> {
  databases += 1;
  const name = `${prefix}_${process.pid}_${databases}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
