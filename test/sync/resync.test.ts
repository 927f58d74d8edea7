/**
 * A store behind HQ's history is resynced in full, not refused: `hoadon hq` (a real process) is restored from
 * a backup older than the week of acked rows the store keeps, asks for rows the store no longer has (409
 * SEQUENCE_GAP below them), and the store re-queues everything it has, renumbered from where HQ stands, until
 * HQ holds every invoice again. And a store restored from its own older backup, whose new rows reuse seqs HQ
 * holds, resends them with `hoadon sync resync`.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HQ_DATABASE_FILE } from '../../sync/hq/hq-node.js';
import { testClock } from '../support/clock.js';
import { type RunningProcess, runHoadon, startHoadon } from '../support/processes.js';
import { ADMIN_PASSWORD, invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, hqRecords, startHq as startHqPeer } from './hq-peer.js';

const STORE = 'store-restored-hq';
const DAY = 24 * 3600 * 1000;

describe('HQ restored from a backup older than the store’s acked history', () => {
  const hqDir = mkdtempSync(join(tmpdir(), 'hoadon-hq-resync-'));
  let hq: RunningProcess | undefined;
  let t: TestNode | undefined;
  afterAll(async () => {
    await t?.close();
    await hq?.stop();
    rmSync(hqDir, { recursive: true, force: true });
  });

  it('re-queues everything the store has and HQ ends with every invoice, once', async () => {
    const added = runHoadon(['hq', 'store', 'add', STORE, '--name', 'Cửa hàng khôi phục', '--data-dir', hqDir]);
    expect(added.status, added.stderr).toBe(0);
    const credential = added.stdout.trim().split('\n').at(-1)!;
    // The first start takes a free port; restarts keep it, the address the store was connected to.
    let port = 0;
    const startHq = async () => {
      const started = await startHoadon(['hq', '--data-dir', hqDir, '--port', String(port)], {
        port,
        healthPath: '/hq/v1/health',
      });
      port = Number(new URL(started.baseUrl).port);
      return started;
    };
    hq = await startHq();
    const adminToken = readFileSync(join(hqDir, 'hq-admin-token'), 'utf8').trim();
    const hqInvoices = async () => {
      const r = await fetch(`${hq!.baseUrl}/hq/v1/stores`, { headers: { authorization: `Bearer ${adminToken}` } });
      const stores = ((await r.json()) as { data: { id: string; invoiceCount: number }[] }).data;
      return stores.find((s) => s.id === STORE)?.invoiceCount;
    };

    const clock = testClock('2026-04-01T03:00:00.000Z');
    t = await startTestNode({ clock });
    const node = t;
    const sync = node.node.services.sync;
    node.node.services.connectHq({ url: hq.baseUrl, storeId: STORE, credential });
    const issue = async (n: number) => {
      for (let i = 0; i < n; i++)
        expect((await node.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
      // Each invoice's document is stored before the next pass, and goes up with it (sync/store/documents.ts).
      await node.node.services.invoiceXml.signWaiting();
    };
    await issue(3);
    expect(await sync.runNow()).toMatchObject({ ok: true });
    expect(await hqInvoices()).toBe(3);

    // HQ's backup, taken with HQ stopped.
    await hq.stop();
    const backup = join(hqDir, 'backup.sqlite');
    copyFileSync(join(hqDir, HQ_DATABASE_FILE), backup);
    hq = await startHq();

    await issue(3);
    expect(await sync.runNow()).toMatchObject({ ok: true });
    clock.advance(8 * DAY);
    node.token = await node.login('admin', ADMIN_PASSWORD);
    await issue(1);
    expect(await sync.runNow()).toMatchObject({ ok: true });
    // A week after their ack, the rows HQ acked first are gone from the store.
    const kept = node.node.services.storage.sqlite.prepare('SELECT min(seq) AS seq FROM sync_outbox').get() as {
      seq: number;
    };
    expect(kept.seq).toBeGreaterThan(1);
    expect(await hqInvoices()).toBe(7);

    await hq.stop();
    for (const suffix of ['-wal', '-shm']) rmSync(join(hqDir, `${HQ_DATABASE_FILE}${suffix}`), { force: true });
    copyFileSync(backup, join(hqDir, HQ_DATABASE_FILE));
    hq = await startHq();
    expect(await hqInvoices()).toBe(3);

    const lines: string[] = [];
    sync.logTo((line) => lines.push(line));
    await issue(1);
    const asked = await sync.runNow();
    expect(asked, JSON.stringify(asked)).toMatchObject({ ok: true });
    expect(sync.status().resyncing).toBe(true);
    expect(lines.join('\n')).toContain('đồng bộ lại toàn bộ');
    for (let pass = 0; pass < 5 && sync.status().resyncing; pass++) {
      const result = await sync.runNow();
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    }
    expect(sync.status()).toMatchObject({ resyncing: false, pendingOutbox: 0, backfillPending: 0, lastError: null });
    expect(await hqInvoices()).toBe(8);

    // Nothing more to send, and a new invoice follows as usual.
    await issue(1);
    expect(await sync.runNow()).toMatchObject({ ok: true, pushed: 4 });
    expect(await hqInvoices()).toBe(9);
  }, 120_000);
});

describe('a store restored from its own older backup', () => {
  it('resends with `hoadon sync resync` what HQ skipped as already held', async () => {
    const peer = await startHqPeer();
    const t = await startTestNode();
    try {
      await connectStore(t, peer, STORE);
      const sync = t.node.services.sync;
      for (let i = 0; i < 20; i++)
        expect((await t.request('POST', '/invoices', { body: invoiceBody() })).status).toBe(201);
      // Each signed XML joins the outbox when the XML thread has signed it: all signed before the outbox is read.
      await t.node.services.invoiceXml.signWaiting();
      expect(await sync.runNow()).toMatchObject({ ok: true });
      const held = sync.status().pushedThroughSeq;

      // As after restoring the store's backup from before its last pushes: the outbox numbers from an
      // earlier seq again, and the invoices issued since then take seqs HQ already holds for others. Restored
      // to 40 rows before what HQ holds, the resync's first batch starts below it and ends past it, the new
      // invoices' rows among those HQ would take for held.
      const restored = held - 40;
      expect(restored).toBeGreaterThan(0);
      t.node.services.storage.sqlite.exec(`DELETE FROM sync_outbox; DELETE FROM sync_push_acks;
        UPDATE sqlite_sequence SET seq = ${restored} WHERE name = 'sync_outbox';
        UPDATE sync_state SET pushed_through_seq = ${restored}`);
      const after: string[] = [];
      for (let i = 0; i < 2; i++)
        after.push((await t.request('POST', '/invoices', { body: invoiceBody() })).json.data.id as string);
      await t.node.services.invoiceXml.signWaiting();
      expect(Math.max(...hqRecords(peer, STORE).map((r) => r.seq))).toBe(held);

      expect(sync.resync()).toEqual({ configured: true });
      for (let pass = 0; pass < 5 && sync.status().resyncing; pass++)
        expect(await sync.runNow()).toMatchObject({ ok: true });
      expect(sync.status()).toMatchObject({ resyncing: false, pendingOutbox: 0 });
      const atHq = new Set(hqRecords(peer, STORE, 'invoice').map((r) => r.recordId));
      for (const id of after) expect(atHq.has(`invoice:${id}`)).toBe(true);
      expect(atHq.size).toBe(22);
    } finally {
      await t.close();
      await peer.close();
    }
  });
});
