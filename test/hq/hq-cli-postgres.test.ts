/**
 * The `hoadon hq` commands around PostgreSQL, as processes: `migrate-to-postgres` from a SQLite HQ that stores
 * pushed to (then HQ on PostgreSQL goes on where SQLite stopped), and `store rotate` / `disable` / `enable`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../support/postgres.js';
import { type RunningProcess, runHoadon, startHoadon } from '../support/processes.js';
import { pushAll, simulatedStore } from './simulated-store.js';

const ADMIN_TOKEN = 'cli-postgres-admin-token-0123456789abcdef';
const HEALTH = '/hq/v1/health';
const dirs: string[] = [];
const running: RunningProcess[] = [];

afterEach(async () => {
  for (const hq of running.splice(0)) await hq.stop('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hoadon-hq-cli-'));
  dirs.push(dir);
  return dir;
}

async function startHq(env: Record<string, string>): Promise<RunningProcess> {
  const hq = await startHoadon(['hq'], { healthPath: HEALTH, env: { HOADON_HQ_ADMIN_TOKEN: ADMIN_TOKEN, ...env } });
  running.push(hq);
  return hq;
}

function addStore(id: string, where: string[]): string {
  const added = runHoadon(['hq', 'store', 'add', id, '--name', `Cửa hàng ${id}`, ...where]);
  expect(added.status, added.stderr).toBe(0);
  return added.stdout.trim().split('\n').at(-1) as string;
}

const admin = async (baseUrl: string, method: string, path: string, body?: unknown) =>
  (
    await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
  )
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the answer holds
    .json() as Promise<{ data: any }>;

const pull = async (baseUrl: string, credential: string, cursor = 0) => {
  const r = await fetch(`${baseUrl}/sync/v1/pull?cursor=${cursor}&limit=500`, {
    headers: { authorization: `Bearer ${credential}` },
  });
  return { status: r.status, json: (await r.json()) as { data: { items: { cursor: number }[] } } };
};

describe('hoadon hq migrate-to-postgres', { timeout: 120_000 }, () => {
  it('copies a SQLite HQ whole, says both sides agree per store, and HQ on PostgreSQL goes on from there', async () => {
    const dataDir = tempDir();
    const stores = ['shop-1', 'shop-2'].map((id) => simulatedStore(id, addStore(id, ['--data-dir', dataDir]), 120));
    const sqliteHq = await startHq({ HOADON_HQ_DATA_DIR: dataDir });
    for (const s of stores) {
      s.records = s.records.slice(0, 160);
      await pushAll(s, () => [sqliteHq.baseUrl], { batchSize: 50 });
    }
    await admin(sqliteHq.baseUrl, 'PUT', '/hq/v1/products', [
      { sku: 'CF-1', name: 'Cà phê', unitPrice: 25_000, taxRate: 0.1 },
    ]);
    const order = {
      channel: 'web',
      buyer: { name: 'Khách web' },
      items: [{ name: 'Bánh mì', unit: 'cái', quantity: 1, unitPrice: 20_000, taxRate: 0.08 }],
    };
    await admin(sqliteHq.baseUrl, 'POST', '/hq/v1/stores/shop-2/orders', order);
    const settings = { templates: { mauSo: '1', kyHieu: 'C26MAB', templateName: 'Hóa đơn GTGT' } };
    await admin(sqliteHq.baseUrl, 'PUT', '/hq/v1/stores/shop-1/settings', settings);
    const feedBefore = (await pull(sqliteHq.baseUrl, stores[1]!.credential)).json.data.items;
    const listedBefore = (await admin(sqliteHq.baseUrl, 'GET', '/hq/v1/stores')).data;
    await sqliteHq.stop();

    const url = await createTestDatabase(inject('pgClusterUrl'), 'hoadon_migrate');
    const migrated = runHoadon(['hq', 'migrate-to-postgres', '--from', dataDir, '--to', url]);
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain('Đang chép records');
    const lines = migrated.stdout.trim().split('\n').slice(1);
    expect(lines.map((line) => line.split('\t'))).toEqual(
      ['shop-1', 'shop-2'].map((id) => [id, '160', '160', '80', '80', expect.any(String), expect.any(String), 'có']),
    );

    const pgHq = await startHq({ HOADON_HQ_DATABASE_URL: url, HOADON_HQ_DATA_DIR: tempDir() });
    const listed = (await admin(pgHq.baseUrl, 'GET', '/hq/v1/stores')).data;
    expect(listed.map((s: { lagSeconds: unknown }) => ({ ...s, lagSeconds: null }))).toEqual(
      listedBefore.map((s: { lagSeconds: unknown }) => ({ ...s, lagSeconds: null })),
    );
    expect((await pull(pgHq.baseUrl, stores[1]!.credential)).json.data.items).toEqual(feedBefore);
    expect((await admin(pgHq.baseUrl, 'GET', '/hq/v1/stores/shop-1/settings')).data.current).toMatchObject([
      { name: 'templates', document: settings.templates, origin: 'hq' },
    ]);
    // The stores push on from where SQLite stopped; new feed items continue after the copied cursors.
    for (const s of stores) {
      s.records = simulatedStore(s.storeId, s.credential, 120).records;
      await pushAll(s, () => [pgHq.baseUrl], { batchSize: 50 });
      expect(s.position).toBe(240);
    }
    await admin(pgHq.baseUrl, 'POST', '/hq/v1/stores/shop-2/orders', order);
    const after = (await pull(pgHq.baseUrl, stores[1]!.credential, feedBefore.at(-1)!.cursor)).json.data.items;
    expect(after).toHaveLength(1);
    expect(after[0]!.cursor).toBeGreaterThan(feedBefore.at(-1)!.cursor);

    const again = runHoadon(['hq', 'migrate-to-postgres', '--from', dataDir, '--to', url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('đã có dữ liệu trụ sở');
  });
});

describe('hoadon hq store rotate, disable and enable (on PostgreSQL)', () => {
  it('prints a new credential once, keeps the old one for the grace period, and refuses a disabled store', async () => {
    const url = await createTestDatabase(inject('pgClusterUrl'), 'hoadon_rotate');
    const where = ['--database-url', url];
    const old = addStore('shop-1', where);
    const hq = await startHq({ HOADON_HQ_DATABASE_URL: url, HOADON_HQ_DATA_DIR: tempDir() });

    const rotated = runHoadon(['hq', 'store', 'rotate', 'shop-1', ...where]);
    expect(rotated.status, rotated.stderr).toBe(0);
    const fresh = rotated.stdout.trim().split('\n').at(-1) as string;
    expect(fresh).toMatch(/^shop-1\.[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect(rotated.stdout).toMatch(/mã cũ còn dùng được đến \d{4}-\d\d-\d\dT/);
    expect((await pull(hq.baseUrl, old)).status).toBe(200);
    expect((await pull(hq.baseUrl, fresh)).status).toBe(200);

    const immediate = runHoadon(['hq', 'store', 'rotate', 'shop-1', '--grace-hours', '0', ...where]);
    const newest = immediate.stdout.trim().split('\n').at(-1) as string;
    expect((await pull(hq.baseUrl, fresh)).status).toBe(401);
    expect((await pull(hq.baseUrl, old)).status).toBe(401);
    expect((await pull(hq.baseUrl, newest)).status).toBe(200);

    expect(runHoadon(['hq', 'store', 'disable', 'shop-1', ...where]).stdout).toContain('đã tạm khóa');
    expect((await pull(hq.baseUrl, newest)).status).toBe(403);
    expect(runHoadon(['hq', 'store', 'list', ...where]).stdout).toMatch(/shop-1\t.*\tdisabled/);
    expect(runHoadon(['hq', 'store', 'enable', 'shop-1', ...where]).stdout).toContain('đang hoạt động');
    expect((await pull(hq.baseUrl, newest)).status).toBe(200);
    expect(runHoadon(['hq', 'store', 'disable', 'nope', ...where]).status).toBe(1);
  });
});
