/**
 * `hoadon hq user …` as processes, on PostgreSQL and on SQLite: users added with their roles and stores, listed,
 * given a new password and disabled, and a running HQ signing them in (or not) accordingly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../support/postgres.js';
import { type RunningProcess, runHoadon, startHoadon } from '../support/processes.js';

const ADMIN_TOKEN = 'cli-users-admin-token-0123456789abcdefgh';
const dirs: string[] = [];
const running: RunningProcess[] = [];

afterEach(async () => {
  for (const hq of running.splice(0)) await hq.stop('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function hoadon(args: string[], input?: string) {
  const result = runHoadon(args, { input });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const signIn = async (baseUrl: string, username: string, password: string) =>
  (
    await fetch(`${baseUrl}/hq/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  ).status;

describe('hoadon hq user', { timeout: 120_000 }, () => {
  it.each(['postgres', 'sqlite'])('adds, lists, changes and disables HQ users on %s', async (backend) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-users-'));
    dirs.push(dataDir);
    const where =
      backend === 'postgres'
        ? ['--data-dir', dataDir, '--database-url', await createTestDatabase(inject('pgClusterUrl'), 'hoadon_hq_users')]
        : ['--data-dir', dataDir];
    hoadon(['hq', 'store', 'add', 'shop-1', '--name', 'Cửa hàng 1', ...where]);

    expect(
      hoadon(['hq', 'user', 'add', 'chu', '--role', 'owner', '--password-stdin', ...where], 'mật-khẩu-chủ\n'),
    ).toBe('Đã tạo người dùng chu (chủ chuỗi).\n');
    const generated = hoadon(['hq', 'user', 'add', 'ql', '--role', 'manager', '--stores', 'shop-1', ...where]);
    const password = /Mật khẩu \(chỉ hiện một lần\): (\S+)/.exec(generated)?.[1] as string;
    expect(password).toHaveLength(24);

    const short = runHoadon(['hq', 'user', 'add', 'kt', '--role', 'accountant', '--password-stdin', ...where], {
      input: 'ngắn',
    });
    expect(short.status).not.toBe(0);
    expect(short.stderr).toContain('Mật khẩu phải có ít nhất 8 ký tự.');
    const noStore = runHoadon(['hq', 'user', 'add', 'ql2', '--role', 'manager', '--stores', 'shop-9', ...where]);
    expect(noStore.status).not.toBe(0);
    expect(noStore.stderr).toContain('shop-9');

    expect(JSON.parse(hoadon(['hq', 'user', 'list', '--json', ...where]))).toMatchObject([
      { username: 'chu', role: 'owner', stores: [], disabled: false },
      { username: 'ql', role: 'manager', stores: ['shop-1'], disabled: false },
    ]);

    const env: Record<string, string> = { HOADON_HQ_ADMIN_TOKEN: ADMIN_TOKEN, HOADON_HQ_DATA_DIR: dataDir };
    if (backend === 'postgres') env.HOADON_HQ_DATABASE_URL = where[3] as string;
    const hq = await startHoadon(['hq'], { healthPath: '/hq/v1/health', env });
    running.push(hq);
    expect(await signIn(hq.baseUrl, 'chu', 'mật-khẩu-chủ')).toBe(200);
    expect(await signIn(hq.baseUrl, 'ql', password)).toBe(200);

    hoadon(['hq', 'user', 'password', 'ql', '--password-stdin', ...where], 'mật-khẩu-mới-của-ql');
    expect(await signIn(hq.baseUrl, 'ql', password)).toBe(401);
    expect(await signIn(hq.baseUrl, 'ql', 'mật-khẩu-mới-của-ql')).toBe(200);
    expect(hoadon(['hq', 'user', 'disable', 'ql', ...where])).toBe('ql: đã khóa.\n');
    expect(await signIn(hq.baseUrl, 'ql', 'mật-khẩu-mới-của-ql')).toBe(401);
    expect(hoadon(['hq', 'user', 'list', ...where])).toContain('ql\tmanager\tshop-1\tđã khóa');
  });
});
