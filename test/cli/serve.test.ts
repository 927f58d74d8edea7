import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readPackageVersion } from '../../src/assets.js';
import { knownMigrations } from '../../src/db/migrate.js';
import { DATABASE_FILE } from '../../src/db/open.js';
import { searchKey } from '../../src/domain/text.js';
import { preBaselineFixture, writePreBaselineDatabase } from '../db/pre-baseline.js';
import type { Answer } from '../support/answer.js';
import { runHoadon, startHoadon } from '../support/processes.js';
import { invoiceBody } from '../support/test-node.js';

const PASSWORD = 'process-admin-pw';

async function call(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Answer };
}

const login = async (baseUrl: string, username: string, password: string) =>
  (await call(baseUrl, 'POST', '/auth/login', { username, password })).json.data.accessToken as string;

describe('hoadon serve as a process', () => {
  it('serves over HTTP, keeps an acknowledged invoice across a restart, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-serve-'));
    const env = { HOADON_DATA_DIR: dataDir, HOADON_ADMIN_PASSWORD: PASSWORD };
    const first = await startHoadon(['serve'], { env });
    const health = await call(first.baseUrl, 'GET', '/health');
    expect(health.json.data).toMatchObject({ status: 'ok', db: 'ok', version: readPackageVersion() });
    const token = await login(first.baseUrl, 'admin', PASSWORD);
    const created = await call(first.baseUrl, 'POST', '/invoices', invoiceBody(), token);
    expect(created.status).toBe(201);

    // The node's background job adds the new buyer name to the search index; the search finds the invoice
    // before and after.
    const byName = `/invoices?buyerName=${encodeURIComponent(created.json.data.buyer.name)}`;
    expect((await call(first.baseUrl, 'GET', byName, undefined, token)).json.data.items).toEqual([
      expect.objectContaining({ id: created.json.data.id }),
    ]);
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    const waiting = () =>
      (db.prepare('SELECT count(*) AS n FROM buyer_names WHERE indexed = 0').get() as { n: number }).n;
    for (let tries = 0; waiting() > 0 && tries < 100; tries += 1) await new Promise((r) => setTimeout(r, 100));
    expect(waiting()).toBe(0);
    expect(
      db
        .prepare('SELECT DISTINCT n.name_key FROM buyer_name_suffixes s JOIN buyer_names n ON n.id = s.name_id')
        .pluck()
        .all(),
    ).toEqual([searchKey(created.json.data.buyer.name)]);
    db.close();
    expect((await call(first.baseUrl, 'GET', byName, undefined, token)).json.data.items).toEqual([
      expect.objectContaining({ id: created.json.data.id }),
    ]);

    // A user added from the CLI while the node runs can log in at once.
    const added = runHoadon(
      ['user', 'add', 'thu-ngan', '--role', 'cashier', '--password-stdin', '--data-dir', dataDir],
      {
        input: 'cashier-pass-1\n',
      },
    );
    expect(added.status, added.stderr).toBe(0);
    expect(await login(first.baseUrl, 'thu-ngan', 'cashier-pass-1')).toEqual(expect.any(String));
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startHoadon(['serve', '--data-dir', dataDir], {
      env: { HOADON_ADMIN_PASSWORD: 'not-used-again' },
    });
    const again = await call(
      second.baseUrl,
      'GET',
      `/invoices/${created.json.data.id}`,
      undefined,
      await login(second.baseUrl, 'admin', PASSWORD),
    );
    expect(again.json.data).toMatchObject({ id: created.json.data.id, number: 1, totals: created.json.data.totals });
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('hoadon migrate records a data dir of the folded migration chain at the baseline, a copy kept first', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-upgrade-'));
    const fixture = preBaselineFixture('store');
    const older = new Database(join(dataDir, DATABASE_FILE));
    older.pragma('journal_mode = WAL');
    writePreBaselineDatabase(older, fixture);
    older.close();
    const last = knownMigrations().at(-1)?.tag as string;
    const upgraded = runHoadon(['migrate', '--data-dir', dataDir]);
    expect(upgraded.stdout).toContain(`đã ghi nhận lược đồ ${fixture.migrations.at(-1)} là mốc gộp migration`);
    expect(upgraded.stdout).toContain(`lược đồ hiện tại: ${last}`);
    const copies = readdirSync(join(dataDir, 'backups')).filter(
      (f) => f.startsWith(`before-${last}-`) && f.endsWith('.sqlite'),
    );
    expect(copies).toHaveLength(1);
    const copy = new Database(join(dataDir, 'backups', copies[0] as string), { readonly: true });
    expect(copy.prepare('SELECT max(tag) FROM schema_migrations').pluck().get()).toBe(fixture.migrations.at(-1));
    copy.close();
  });

  it('hoadon migrate refuses a data dir the folded chain built only part way, saying what to do', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-part-way-'));
    const fixture = preBaselineFixture('store');
    const older = new Database(join(dataDir, DATABASE_FILE));
    writePreBaselineDatabase(older, fixture, '0020_buyer_search_detail_none');
    older.close();
    const refused = runHoadon(['migrate', '--data-dir', dataDir]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /dừng ở migration 0020_buyer_search_detail_none.*`hoadon migrate` của phiên bản hoadon trước/,
    );
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to start on a database written by a newer hoadon, with a clear message', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-newer-'));
    expect(runHoadon(['migrate', '--data-dir', dataDir]).stdout).toMatch(/đã áp dụng 0000_baseline/);
    expect(runHoadon(['migrate', '--data-dir', dataDir]).stdout).toMatch(/không có migration mới/);
    const db = new Database(join(dataDir, DATABASE_FILE));
    db.prepare("INSERT INTO schema_migrations (idx, tag, applied_at) VALUES (9999, '9999_from_the_future', 'x')").run();
    db.close();
    const refused = runHoadon(['serve', '--data-dir', dataDir, '--port', '0'], {
      env: { HOADON_ADMIN_PASSWORD: PASSWORD },
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/phiên bản hoadon mới hơn.*9999_from_the_future/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });

  it('explains a bad configuration without a stack trace', () => {
    const r = runHoadon(['serve'], {
      env: { HOADON_PORT: 'eighty', HOADON_DATA_DIR: mkdtempSync(join(tmpdir(), 'hoadon-cfg-')) },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/HOADON_PORT/);
  });

  it('prints its version and manages users', () => {
    expect(runHoadon(['--version']).stdout).toMatch(
      new RegExp(`^${readPackageVersion().replaceAll('.', '\\.')} \\(commit `),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-users-'));
    const env = { HOADON_DATA_DIR: dataDir, HOADON_ADMIN_PASSWORD: PASSWORD };
    const added = runHoadon(['user', 'add', 'ke-toan', '--role', 'accountant'], { env });
    expect(added.status).toBe(0);
    expect(added.stdout).toMatch(/Mật khẩu: \S{20,}/);
    expect(runHoadon(['user', 'add', 'ke-toan', '--role', 'accountant'], { env }).status).toBe(1);
    expect(runHoadon(['user', 'disable', 'ke-toan'], { env }).status).toBe(0);
    const listed = JSON.parse(runHoadon(['user', 'list', '--json'], { env }).stdout);
    expect(listed).toEqual([
      expect.objectContaining({ username: 'admin', role: 'admin', disabled: false }),
      expect.objectContaining({ username: 'ke-toan', role: 'accountant', disabled: true }),
    ]);
    expect(runHoadon(['user', 'passwd', 'nobody', '--password-stdin'], { env, input: 'long-enough-1' }).status).toBe(1);
  });
});
