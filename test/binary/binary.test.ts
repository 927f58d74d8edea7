/**
 * The single executable, built the way `npm run build:binary` builds it, copied alone into an empty
 * directory with an empty HOME: it must run every sub-command without node_modules or the source tree,
 * headquarters and the tax-authority simulator included, on the Node 24 it embeds. Every command runs as an
 * async child process: the executable talks to other processes of itself, never to a server blocked behind
 * spawnSync.
 */

import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import NODE_RUNTIME from '../../scripts/node-runtime.json' with { type: 'json' };
import type { Answer } from '../support/answer.js';
import { startFakePrinter } from '../support/fake-printer.js';
import { listeningAddress } from '../support/processes.js';
import { invoiceBody } from '../support/test-node.js';

const PASSWORD = 'binary-admin-pw';

interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

describe('the hoadon executable', () => {
  let dir: string;
  let hqDir: string;
  let env: NodeJS.ProcessEnv;
  let executable: string;

  // The first build on a machine fetches Node 24 and compiles the SQLite addon for it (minutes on two busy
  // cores); later builds reuse them from the build cache (docs/binary.md).
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-binary.mjs'], { stdio: 'pipe' });
    dir = mkdtempSync(join(tmpdir(), 'hoadon-binary-'));
    mkdirSync(join(dir, 'home'));
    hqDir = join(dir, 'hq');
    executable = join(dir, 'hoadon');
    copyFileSync('dist/hoadon-linux-x64', executable);
    execFileSync('chmod', ['+x', executable]);
    env = {
      PATH: '/usr/bin:/bin',
      HOME: join(dir, 'home'),
      HOADON_DATA_DIR: join(dir, 'data'),
      HOADON_ADMIN_PASSWORD: PASSWORD,
    };
  }, 900_000);

  function run(args: string[], input = '', extraEnv: NodeJS.ProcessEnv = {}): Promise<Finished> {
    return new Promise((resolve) => {
      const child = spawn(executable, args, {
        cwd: dir,
        env: { ...env, ...extraEnv },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.stdin.end(input);
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.once('exit', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
  }

  /**
   * Starts a long-running sub-command on port 0, reads the address it bound, waits for 200 from its
   * `healthPath`, and hands back that address and how to stop it. A stop must end the process cleanly (exit
   * code 0): an abort (SIGABRT) on the way out fails the test with what the process printed.
   */
  async function start(
    args: string[],
    healthPath: string,
    extraEnv: NodeJS.ProcessEnv = {},
  ): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
    const child = spawn(executable, [...args, '--port', '0'], {
      cwd: dir,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
      child.once('exit', (code, signal) => r({ code, signal })),
    );
    const stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      expect(await exited, output).toEqual({ code: 0, signal: null });
    };
    const baseUrl = await listeningAddress(child, () => output, `hoadon ${args[0]}`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`hoadon ${args[0]} never answered ${baseUrl}${healthPath}:\n${output}`);
      }
      try {
        if ((await fetch(`${baseUrl}${healthPath}`)).status === 200) return { baseUrl, stop };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function serveOnce<T>(work: (base: string) => Promise<T>, extraEnv: NodeJS.ProcessEnv = {}): Promise<T> {
    const { baseUrl, stop } = await start(['serve'], '/api/v1/health', extraEnv);
    const base = `${baseUrl}/api/v1`;
    try {
      return await work(base);
    } finally {
      await stop();
    }
  }

  const login = async (base: string) => {
    const r = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
  };

  const issueInvoice = async (base: string) => {
    const r = await fetch(`${base}/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await login(base)}`, 'content-type': 'application/json' },
      body: JSON.stringify(invoiceBody()),
    });
    expect(r.status).toBe(201);
    return ((await r.json()) as { data: { id: string } }).data.id;
  };

  const backup = () => join(dir, 'copy.sqlite');

  it('reports its version with the commit and build date', async () => {
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
    const r = await run(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^${version.replace(/\./g, '\\.')} \\(commit \\w+, built \\d{4}-\\d{2}-\\d{2}T`),
    );
    expect(r.stderr).toBe('');
  });

  it('runs on the Node 24 it embeds, with the V8 flags of scripts/node-runtime.json', async () => {
    // NODE_OPTIONS reaches the embedded Node (as for any node): a preloaded script reports its runtime.
    const probe = join(dir, 'runtime.cjs');
    writeFileSync(
      probe,
      'process.stdout.write(JSON.stringify({ node: process.version, abi: process.versions.modules, execArgv: process.execArgv })); process.exit(0);',
    );
    const r = await run(['--version'], '', { NODE_OPTIONS: `--require ${probe}` });
    expect(r.status, r.stderr).toBe(0);
    const runtime = JSON.parse(r.stdout) as { node: string; abi: string; execArgv: string[] };
    expect(runtime.node).toMatch(/^v24\./);
    expect(runtime.abi).toBe('137');
    expect(runtime.execArgv).toEqual(expect.arrayContaining(NODE_RUNTIME.flags));
  });

  it('serves, issues an invoice, and finds it again after a restart', async () => {
    const id = await serveOnce(async (base) => {
      const issued = await issueInvoice(base);
      expect((await fetch(`${base}/docs/static/index.html`)).status).toBe(200);
      // The checkpoint thread, whose script is an asset of the file too, copies the commit into the database
      // file: the wal-index header (SQLite's file format) counts the WAL's frames and those copied. The
      // node's own connection would not checkpoint a handful of frames.
      const wal = () => {
        const header = readFileSync(join(dir, 'data', 'hoadon.sqlite-shm'));
        return { frames: header.readUInt32LE(16), copied: header.readUInt32LE(96) };
      };
      let seen = wal();
      for (let tries = 0; (seen.copied !== seen.frames || seen.frames === 0) && tries < 100; tries += 1) {
        await new Promise((r) => setTimeout(r, 50));
        seen = wal();
      }
      expect(seen.frames).toBeGreaterThan(0);
      expect(seen.copied).toBe(seen.frames);
      return issued;
    });
    await serveOnce(async (base) => {
      const headers = { authorization: `Bearer ${await login(base)}` };
      const detail = async () => {
        const r = await fetch(`${base}/invoices/${id}`, { headers });
        expect(r.status).toBe(200);
        return ((await r.json()) as { data: Answer }).data;
      };
      expect((await detail()).number).toBe(1);
      // Signed and checked by the embedded authority on the XML thread, whose script is an asset of the file.
      for (let tries = 0; (await detail()).transmission?.state !== 'accepted' && tries < 100; tries += 1)
        await new Promise((r) => setTimeout(r, 100));
      expect((await detail()).transmission).toMatchObject({ state: 'accepted' });
      const xml = await fetch(`${base}/invoices/${id}/xml`, { headers });
      expect(xml.status).toBe(200);
      expect(await xml.text()).toMatch(/<SignatureValue>[A-Za-z0-9+/=\s]{300,}<\/SignatureValue>/);
    });
  });

  it('prints a cash sale to a network printer with the canvas addon it carries, and opens the drawer', async () => {
    const printer = await startFakePrinter('ready');
    try {
      // A data dir of its own: the commands after this one count the first data dir's invoices.
      await serveOnce(
        async (base) => {
          const headers = { authorization: `Bearer ${await login(base)}`, 'content-type': 'application/json' };
          const put = await fetch(`${base}/settings/printers`, {
            method: 'PUT',
            headers,
            body: JSON.stringify([
              {
                id: 'quay-1',
                name: 'Quầy 1',
                connection: 'tcp',
                address: printer.address,
                paperWidthMm: 80,
                openDrawerOnCash: true,
              },
            ]),
          });
          expect(put.status).toBe(200);
          const id = await issueInvoice(base);
          const printed = await fetch(`${base}/invoices/${id}/print`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ printerId: 'quay-1' }),
          });
          expect(printed.status, await printed.clone().text()).toBe(200);
          const job = await printer.nextJob();
          expect(new Set(job.rasterWidths)).toEqual(new Set([576]));
          const ink = job.image!.dots.reduce((sum, dot) => sum + dot, 0) / job.image!.dots.length;
          expect(ink).toBeGreaterThan(0.02);
          expect(ink).toBeLessThan(0.4);
          expect(job.commands.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
          expect(job.commands.includes(Buffer.from([0x1b, 0x70, 0x00, 25, 250]))).toBe(true);
        },
        { HOADON_DATA_DIR: join(dir, 'print-data') },
      );
    } finally {
      await printer.close();
    }
  });

  it('runs the other commands from the same file', async () => {
    expect((await run(['migrate'])).status).toBe(0);
    expect((await run(['user', 'list', '--json'])).stdout).toContain('"admin"');
    const aggregate = await run(['aggregate', '--json']);
    expect(aggregate.status, aggregate.stderr).toBe(0);
    expect(JSON.parse(aggregate.stdout)).toMatchObject({ invoiceCount: 1, totalAmount: 55_000 });
    expect((await run(['mst', 'check', '0100109106'])).status).toBe(0);
    expect((await run(['audit', 'verify'])).status).toBe(0);
    expect((await run(['backup', '--out', backup()])).status).toBe(0);
    expect(readFileSync(`${backup()}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} /);
  });

  it('runs headquarters, and the store syncs its invoices to it', async () => {
    const { baseUrl: hqUrl, stop: stopHq } = await start(
      ['hq', '--data-dir', hqDir, '--log-level', 'warn'],
      '/hq/v1/health',
    );
    try {
      const added = await run(['hq', 'store', 'add', 'cua-hang-1', '--name', 'Cửa hàng 1', '--data-dir', hqDir]);
      expect(added.status, added.stderr).toBe(0);
      const credential = added.stdout.trim().split('\n').at(-1)!;
      const connected = await run(
        ['sync', 'connect', '--hq', hqUrl, '--store-id', 'cua-hang-1', '--credential-stdin'],
        credential,
      );
      expect(connected.status, connected.stderr).toBe(0);

      const id = await serveOnce(issueInvoice);
      const pass = await run(['sync', 'now', '--json']);
      expect(pass.status, pass.stderr).toBe(0);
      expect(JSON.parse(pass.stdout)).toMatchObject({ ok: true });
      const status = await run(['sync', 'status', '--json']);
      expect(JSON.parse(status.stdout)).toMatchObject({
        configured: true,
        storeId: 'cua-hang-1',
        pendingOutbox: 0,
        lastError: null,
      });
      expect((await run(['queue', 'status'])).status).toBe(0);

      const adminToken = readFileSync(join(hqDir, 'hq-admin-token'), 'utf8').trim();
      const r = await fetch(`${hqUrl}/hq/v1/invoices?storeId=cua-hang-1`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { data: { items: { id: string }[] } }).data.items.map((i) => i.id)).toContain(id);
      expect((await run(['hq', 'store', 'list', '--json', '--data-dir', hqDir])).stdout).toContain('"cua-hang-1"');
    } finally {
      await stopHq();
    }
  });

  it('refuses a headquarters database written by a newer version', async () => {
    const newer = new Database(join(hqDir, 'hoadon-hq.sqlite'));
    newer.prepare("INSERT INTO schema_migrations VALUES (999, '0999_future', 'x')").run();
    newer.close();
    const r = await run(['hq', 'store', 'list', '--data-dir', hqDir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('0999_future');
  });

  it('runs the tax-authority simulator', async () => {
    const { stop } = await start(['tax-sim', '--data-dir', join(dir, 'tax-sim'), '--log-level', 'warn'], '/health');
    await stop();
  });

  it('restores the backup while the node is stopped', async () => {
    const restored = await run(['restore', backup()]);
    expect(restored.status, restored.stderr).toBe(0);
    const aggregate = await run(['aggregate', '--json']);
    expect(JSON.parse(aggregate.stdout)).toMatchObject({ invoiceCount: 1 });
  });

  // The garbage collector finalises better-sqlite3's statements at moments of its own choosing. An addon
  // compiled against Node ≥ 24.19.0's headers aborts in Statement::~Statement when that happens with no
  // environment current (docs/binary.md): in about half of the starts of `serve`, measured. Ten starts on a
  // data dir of their own, each with invoices issued and listed, end cleanly only with the right addon.
  it('starts, serves and stops ten times without an abort while statements are collected', async () => {
    const gcEnv = { HOADON_DATA_DIR: join(dir, 'gc-data') };
    for (let start = 1; start <= 10; start += 1) {
      await serveOnce(async (base) => {
        const headers = { authorization: `Bearer ${await login(base)}` };
        for (let i = 0; i < 3; i += 1) await issueInvoice(base);
        for (let i = 0; i < 10; i += 1) {
          const r = await fetch(`${base}/invoices?limit=50`, { headers });
          expect(r.status).toBe(200);
          expect(((await r.json()) as { data: { items: unknown[] } }).data.items.length).toBeGreaterThan(0);
        }
      }, gcEnv);
    }
    const aggregate = await run(['aggregate', '--json'], '', gcEnv);
    expect(JSON.parse(aggregate.stdout)).toMatchObject({ invoiceCount: 30 });
  }, 120_000);
});
