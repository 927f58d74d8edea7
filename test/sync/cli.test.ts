import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStoreCredential } from '../../sync/protocol.js';
import { HOADON } from '../support/processes.js';
import { invoiceBody, startTestNode } from '../support/test-node.js';
import { startHq } from './hq-peer.js';

/** Like runHoadon, without blocking this process: HQ answers from here while the command runs. */
function hoadon(args: string[], input = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HOADON, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, HOADON_LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('hoadon sync', () => {
  it('connects, runs a pass and reports, with the credential kept in a private file and never printed', async () => {
    const peer = await startHq();
    const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-sync-cli-'));
    try {
      const { credential } = await peer.hq.services.admin.addStore('store-cli', 'Cửa hàng CLI');
      const secret = parseStoreCredential(credential)!.secret;
      const t = await startTestNode({ dataDir });
      for (let i = 0; i < 2; i++)
        expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
      await t.close();

      const notYet = await hoadon(['sync', 'now', '--data-dir', dataDir]);
      expect(notYet.status).toBe(2);

      const wrongStore = await hoadon(
        ['sync', 'connect', '--hq', peer.url, '--store-id', 'store-khac', '--credential-stdin', '--data-dir', dataDir],
        credential,
      );
      expect(wrongStore.status).toBe(1);
      expect(wrongStore.stderr).toContain('store-cli');

      const plainHttp = await hoadon(
        [
          'sync',
          'connect',
          '--hq',
          'http://hq.example.vn',
          '--store-id',
          'store-cli',
          '--credential-stdin',
          '--data-dir',
          dataDir,
        ],
        credential,
      );
      expect(plainHttp.status).toBe(1);
      expect(plainHttp.stderr).toContain('https://');
      expect(plainHttp.stderr).not.toContain(secret);

      const connected = await hoadon(
        ['sync', 'connect', '--hq', peer.url, '--store-id', 'store-cli', '--credential-stdin', '--data-dir', dataDir],
        `${credential}\n`,
      );
      expect(connected.status, connected.stderr).toBe(0);
      const file = join(dataDir, 'hq-credential');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The credential, and the url it was issued for: it goes nowhere else.
      expect(readFileSync(file, 'utf8').trim().split('\n')).toEqual([credential, peer.url]);

      const pass = await hoadon(['sync', 'now', '--json', '--data-dir', dataDir]);
      expect(pass.status, pass.stderr).toBe(0);
      expect(JSON.parse(pass.stdout)).toMatchObject({ ok: true, pushed: expect.any(Number) });
      expect(JSON.parse(pass.stdout).pushed).toBeGreaterThanOrEqual(6);

      const status = await hoadon(['sync', 'status', '--json', '--data-dir', dataDir]);
      expect(status.status).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({
        configured: true,
        state: 'online',
        storeId: 'store-cli',
        url: peer.url,
        pendingOutbox: 0,
        lastError: null,
      });
      expect(JSON.parse(status.stdout).lastSuccessAt).toEqual(expect.any(String));
      for (const output of [connected, pass, status]) expect(output.stdout + output.stderr).not.toContain(secret);

      // A full resync sends everything again; HQ keeps one of each record and version.
      const held = (await peer.hq.services.admin.listStores()).find((s) => s.id === 'store-cli')?.invoiceCount;
      const resync = await hoadon(['sync', 'resync', '--data-dir', dataDir]);
      expect(resync.status, resync.stderr).toBe(0);
      const resent = await hoadon(['sync', 'now', '--json', '--data-dir', dataDir]);
      expect(resent.status, resent.stderr).toBe(0);
      expect(JSON.parse(resent.stdout).pushed).toBeGreaterThanOrEqual(6);
      expect(resent.stderr).toContain('mục lịch sử');
      const afterResync = await hoadon(['sync', 'status', '--json', '--data-dir', dataDir]);
      expect(JSON.parse(afterResync.stdout)).toMatchObject({ pendingOutbox: 0, backfillPending: 0, resyncing: false });
      expect((await peer.hq.services.admin.listStores()).find((s) => s.id === 'store-cli')?.invoiceCount).toBe(held);

      const after = await startTestNode({ dataDir });
      const config = await after.request('GET', '/config');
      await after.close();
      expect(config.json.data.headquarters).toMatchObject({ url: peer.url });
      expect(config.body).not.toContain(secret);
    } finally {
      await peer.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
