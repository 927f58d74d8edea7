// The README's test command on a machine that lacks a program the tests drive and may not install it
// (not root): one line naming the program and the command that installs it, and the run stops.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('scripts/test-tools.mjs', () => {
  it('finds every program on this machine', () => {
    const run = spawnSync(process.execPath, ['scripts/test-tools.mjs'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('without the right to install, stops with one line naming what is missing and how to install it', () => {
    // As root the script would install with apt-get: run it as an unprivileged user, from a copy it can read.
    const dir = mkdtempSync(join(tmpdir(), 'hoadon-test-tools-'));
    chmodSync(dir, 0o755);
    const script = join(dir, 'test-tools.mjs');
    copyFileSync('scripts/test-tools.mjs', script);
    const env = { PATH: process.env.PATH, HOADON_PG_BIN: join(dir, 'no-postgresql') };
    const asRoot = userInfo().uid === 0;
    const run = asRoot
      ? spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, script], { encoding: 'utf8', env })
      : spawnSync(process.execPath, [script], { encoding: 'utf8', env });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PostgreSQL 15');
    expect(lines[0]).toContain('apt-get install -y postgresql');
    expect(lines[0]).not.toContain('xmllint');
  });
});
