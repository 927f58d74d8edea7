import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dailyBackup } from '../../src/backup/backup.service.js';
import { BACKUP_DIR } from '../../src/db/backup.js';
import { DATABASE_FILE } from '../../src/db/open.js';
import { insertSyntheticInvoices } from '../support/bulk-invoices.js';
import { testClock } from '../support/clock.js';
import { HOADON, runHoadon, startHoadon } from '../support/processes.js';
import { invoiceBody, startTestNode } from '../support/test-node.js';

const PASSWORD = 'backup-admin-pw';

function runAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HOADON, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

const idsIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return new Set((db.prepare('SELECT id FROM invoices').all() as { id: string }[]).map((r) => r.id));
  } finally {
    db.close();
  }
};

describe('hoadon backup and restore', () => {
  it('backs up under write load without blocking cashiers, and restores every invoice acknowledged before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-backup-'));
    // The writer issues as fast as the node answers, far past a till's rate: the per-user issuing limit is off.
    const env = { HOADON_DATA_DIR: dataDir, HOADON_ADMIN_PASSWORD: PASSWORD, HOADON_ISSUE_RATE_PER_HOUR: '0' };
    const node = await startHoadon(['serve'], { env });
    const api = `${node.baseUrl}/api/v1`;
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const acknowledged: string[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const r = await fetch(`${api}/invoices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(invoiceBody()),
        });
        expect(r.status).toBe(201);
        acknowledged.push(((await r.json()) as { data: { id: string } }).data.id);
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 10));
    const beforeBackup = [...acknowledged];
    const out = join(dataDir, 'shop.sqlite');
    const backup = await runAsync(['backup', '--out', out, '--data-dir', dataDir]);
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await Promise.all(writers);
    expect(backup.status, backup.stderr).toBe(0);
    expect(duringBackup).toBeGreaterThan(0);
    expect(readFileSync(`${out}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} {2}shop\.sqlite\n$/);

    const refused = runHoadon(['restore', out, '--data-dir', dataDir]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/đang chạy/);
    expect(await node.stop()).toBe(0);

    const saved = idsIn(out);
    const restored = runHoadon(['restore', out, '--data-dir', dataDir]);
    expect(restored.status, restored.stderr).toBe(0);
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    const live = idsIn(join(dataDir, DATABASE_FILE));
    expect(live).toEqual(saved);
    for (const id of beforeBackup) expect(live.has(id)).toBe(true);
    expect(readdirSync(join(dataDir, BACKUP_DIR)).some((f) => f.startsWith('before-restore-'))).toBe(true);

    const again = await startHoadon(['serve'], { env });
    expect((await fetch(`${again.baseUrl}/api/v1/health`)).status).toBe(200);
    await again.stop();
  });

  it('refuses a corrupt backup, a tampered one, and one from a newer hoadon', async () => {
    const node = await startTestNode();
    const { dataDir } = node;
    await node.request('POST', '/invoices', { body: invoiceBody() });
    const target = mkdtempSync(join(tmpdir(), 'hoadon-restore-'));
    const good = join(target, 'good.sqlite');
    const made = runHoadon(['backup', '--out', good, '--data-dir', dataDir]);
    expect(made.status, made.stderr).toBe(0);
    await node.close();

    const tampered = join(target, 'tampered.sqlite');
    copyFileSync(good, tampered);
    copyFileSync(`${good}.sha256`, `${tampered}.sha256`);
    const bytes = readFileSync(tampered);
    const at = bytes.length - 100;
    bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
    writeFileSync(tampered, bytes);
    expect(runHoadon(['restore', tampered, '--data-dir', target]).stderr).toMatch(/SHA-256/);

    const garbage = join(target, 'garbage.sqlite');
    writeFileSync(garbage, 'not a database at all'.repeat(100));
    expect(runHoadon(['restore', garbage, '--data-dir', target]).status).toBe(1);

    const newer = join(target, 'newer.sqlite');
    copyFileSync(good, newer);
    const db = new Database(newer);
    db.prepare("INSERT INTO schema_migrations VALUES (999, '0999_future', 'x')").run();
    db.close();
    expect(runHoadon(['restore', newer, '--data-dir', target]).stderr).toMatch(/mới hơn/);
    expect(existsSync(join(target, DATABASE_FILE))).toBe(false);
  });

  it("makes the daily backup on its own thread while the node's connection keeps committing, consistent and complete", async () => {
    const node = await startTestNode();
    try {
      const { sqlite } = node.node.database;
      for (let i = 0; i < 20; i += 1)
        expect((await node.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
      insertSyntheticInvoices(sqlite, 20000);
      const before = new Set((sqlite.prepare('SELECT id FROM invoices').all() as { id: string }[]).map((r) => r.id));
      let committing = true;
      let committed = 0;
      const insert = sqlite.prepare(
        "INSERT INTO settings (name, value, updated_at) VALUES (?, '1', '2026-01-01T00:00:00.000Z')",
      );
      // A commit on every turn of the loop: a copy made in steps from a second connection would start over each time.
      const commitEveryTurn = () => {
        if (!committing) return;
        insert.run(`backup-test-${committed++}`);
        setImmediate(commitEveryTurn);
      };
      commitEveryTurn();
      const file = await dailyBackup(sqlite, node.dataDir, node.node.services.clock, 3);
      committing = false;
      // The first commit was made before the backup started: any other was made while it ran (how many depends
      // on the machine's speed, not on the node).
      expect(committed).toBeGreaterThan(1);
      expect(file).toMatch(/daily-[^/]*\.sqlite$/);
      const copy = new Database(file as string, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        copy.close();
      }
      expect(idsIn(file as string)).toEqual(before);
      expect(readFileSync(`${file as string}.sha256`, 'utf8').split(' ')[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(existsSync(`${file as string}.partial`)).toBe(false);
    } finally {
      await node.close();
    }
  });

  it('keeps one daily backup a day, the newest N', async () => {
    const clock = testClock('2026-04-01T01:00:00.000Z');
    const node = await startTestNode({ clock });
    try {
      const { sqlite } = node.node.database;
      const made: (string | undefined)[] = [];
      for (let hour = 0; hour < 24 * 5; hour += 1) {
        made.push(await dailyBackup(sqlite, node.dataDir, clock, 3));
        clock.advance(3600 * 1000);
      }
      expect(made.filter(Boolean)).toHaveLength(5);
      const files = readdirSync(join(node.dataDir, BACKUP_DIR)).filter((f) => f.endsWith('.sqlite'));
      expect(files).toHaveLength(3);
    } finally {
      await node.close();
    }
  });
});
