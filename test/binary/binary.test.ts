/**
 * The single executable, built the way `npm run build:binary` builds it, copied alone into an empty
 * directory with an empty HOME: it must run every basic job without node_modules or the source tree.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/processes.js';
import { invoiceBody } from '../support/test-node.js';

const PASSWORD = 'binary-admin-pw';

describe('the hoadon executable', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let executable: string;

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-binary.mjs'], { stdio: 'pipe' });
    dir = mkdtempSync(join(tmpdir(), 'hoadon-binary-'));
    mkdirSync(join(dir, 'home'));
    executable = join(dir, 'hoadon');
    copyFileSync('dist/hoadon-linux-x64', executable);
    execFileSync('chmod', ['+x', executable]);
    env = { PATH: '/usr/bin:/bin', HOME: join(dir, 'home'), HOADON_DATA_DIR: join(dir, 'data'), HOADON_ADMIN_PASSWORD: PASSWORD };
  }, 180_000);

  const run = (args: string[]) => spawnSync(executable, args, { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });

  async function serveOnce<T>(work: (base: string) => Promise<T>): Promise<T> {
    const port = await freePort();
    const child = spawn(executable, ['serve', '--port', String(port)], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const base = `http://127.0.0.1:${port}/api/v1`;
    try {
      for (let i = 0; ; i += 1) {
        try {
          if ((await fetch(`${base}/health`)).status === 200) break;
        } catch {
          if (i > 300) throw new Error(`no health: ${output}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      return await work(base);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }

  const login = async (base: string) => {
    const r = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    return ((await r.json()) as any).data.accessToken as string;
  };

  it('reports its version with the commit and build date', () => {
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
    const r = run(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${version.replace(/\./g, '\\.')} \\(commit \\w+, built \\d{4}-\\d{2}-\\d{2}T`));
    expect(r.stderr).toBe('');
  });

  it('serves, issues an invoice, and finds it again after a restart', async () => {
    const id = await serveOnce(async (base) => {
      const token = await login(base);
      const r = await fetch(`${base}/invoices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(invoiceBody()),
      });
      expect(r.status).toBe(201);
      expect((await fetch(`${base}/docs/static/index.html`)).status).toBe(200);
      return ((await r.json()) as any).data.id as string;
    });
    await serveOnce(async (base) => {
      const r = await fetch(`${base}/invoices/${id}`, { headers: { authorization: `Bearer ${await login(base)}` } });
      expect(r.status).toBe(200);
      expect(((await r.json()) as any).data.number).toBe(1);
    });
  });

  it('runs the other commands from the same file', () => {
    expect(run(['migrate']).status).toBe(0);
    expect(run(['user', 'list', '--json']).stdout).toContain('"admin"');
    const aggregate = run(['aggregate', '--json']);
    expect(aggregate.status, aggregate.stderr).toBe(0);
    expect(JSON.parse(aggregate.stdout)).toMatchObject({ invoiceCount: 1, totalAmount: 55_000 });
    expect(run(['mst', 'check', '0100109106']).status).toBe(0);
    expect(run(['audit', 'verify']).status).toBe(0);
    const backup = join(dir, 'copy.sqlite');
    expect(run(['backup', '--out', backup]).status).toBe(0);
    expect(readFileSync(`${backup}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} /);
  });
});
