/**
 * A backup that restores a store: with a backup passphrase set, the backup is an encrypted archive (age) of
 * the database, the seller's key and certificate and the HQ credential. Restored by `hoadon restore` onto
 * an empty data dir, the node signs (verified with xmlsec1) and syncs to the same HQ as before.
 */
import { copyFileSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SELLER, registerAt, sellerPkcs12 } from '../support/live-seller.js';
import { runHoadon } from '../support/processes.js';
import { testCaFile } from '../support/test-ca.js';
import { invoiceBody, startTestNode, type TestNode } from '../support/test-node.js';
import { connectStore, type HqPeer, hqRecords, startHq } from '../sync/hq-peer.js';
import { xmlsecVerifyAll } from '../tax-messages/support.js';

const STORE = 'store-restored';
const PASSPHRASE = 'mật khẩu sao lưu rất dài';
const config = { trustedCaFile: testCaFile(), backupPassphrase: PASSPHRASE };

let peer: HqPeer;
let node: TestNode | undefined;
beforeAll(async () => {
  peer = await startHq();
});
afterAll(async () => {
  await node?.close();
  await peer.close();
});

const issue = async (t: TestNode) => {
  const issued = await t.request('POST', '/invoices', { body: invoiceBody() });
  expect(issued.status, issued.body).toBe(201);
  return issued.json.data as { id: string; number: number };
};

describe('an encrypted backup', () => {
  it('restores onto an empty data dir a node that signs and syncs as before', async () => {
    const original = await startTestNode({ config });
    node = original;
    await original.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
    const imported = await original.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
    });
    expect(imported.status, imported.body).toBe(200);
    await connectStore(original, peer, STORE);
    await registerAt(original);
    const first = await issue(original);
    expect(await original.node.services.sync.runNow()).toMatchObject({ ok: true });

    const made = await original.request('POST', '/backups');
    expect(made.status, made.body).toBe(201);
    expect(made.json.data).toMatchObject({ encrypted: true });
    expect(made.json.data.name).toMatch(/\.age$/);
    const madeFile = join(original.dataDir, 'backups', made.json.data.name);
    expect(statSync(madeFile).mode & 0o777).toBe(0o600);
    // Taken off the machine (the test node's data dir goes with it), as a shop keeps its backups.
    const file = join(mkdtempSync(join(tmpdir(), 'hoadon-usb-')), made.json.data.name);
    copyFileSync(madeFile, file);
    await original.close();
    node = undefined;

    const empty = mkdtempSync(join(tmpdir(), 'hoadon-restored-'));
    const wrong = runHoadon(['restore', file, '--data-dir', empty, '--passphrase-stdin'], { input: 'sai mật khẩu' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('sai mật khẩu sao lưu');
    expect(readdirSync(empty)).toEqual([]);

    const restored = runHoadon(['backup', 'restore', file, '--data-dir', empty, '--passphrase-stdin'], {
      input: PASSPHRASE,
    });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('signing/seller-key.pem');
    expect(restored.stdout).toContain('hq-credential');
    expect(statSync(join(empty, 'signing', 'seller-key.pem')).mode & 0o777).toBe(0o600);

    const again = await startTestNode({ dataDir: empty, config });
    node = again;
    const certificate = await again.request('GET', '/signing/certificate');
    expect(certificate.json.data).toMatchObject({ source: 'file', serial: imported.json.data.serial, trusted: true });
    expect((await again.request('GET', '/health', { token: null })).json.data.mode).toBe('live');
    const next = await issue(again);
    expect(next.number).toBe(first.number + 1);
    const xml = await again.request('GET', `/invoices/${next.id}/xml`);
    expect(xmlsecVerifyAll(xml.body)).toEqual([true]);
    expect(await again.node.services.sync.runNow()).toMatchObject({ ok: true });
    expect(hqRecords(peer, STORE, 'invoice').map((r) => r.recordId)).toEqual([
      `invoice:${first.id}`,
      `invoice:${next.id}`,
    ]);
    // Three scrypt derivations (age's work factor 2^18) and two command starts, on a shared machine.
  }, 120_000);
});
