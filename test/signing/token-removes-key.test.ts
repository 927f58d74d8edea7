/**
 * Choosing a USB token removes the key file of an imported .p12 (docs/security.md, F5): neither the data dir
 * nor a later backup holds a private key, and the certificate history keeps certificates only.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEncryptedArchive } from '../../src/backup/backup-archive.js';
import { LIVE_SELLER, sellerPkcs12 } from '../support/live-seller.js';
import { createTestToken, type TestToken } from '../support/softhsm.js';
import { testCaFile } from '../support/test-ca.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

const PASSPHRASE = 'mot-cum-tu-dai-du';
let token: TestToken;
let node: TestNode;
let extracted: string;
beforeAll(async () => {
  token = createTestToken('cua-hang-f5');
  node = await startTestNode({ config: { trustedCaFile: testCaFile(), backupPassphrase: PASSPHRASE } });
  extracted = mkdtempSync(join(tmpdir(), 'hoadon-f5-'));
});
afterAll(async () => {
  await node?.close();
  rmSync(extracted, { recursive: true, force: true });
});

/** The files under `dir` whose bytes hold a PEM private key. */
function filesWithPrivateKey(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesWithPrivateKey(path));
    else if (readFileSync(path).includes('PRIVATE KEY')) found.push(path);
  }
  return found;
}

describe('switching from an imported .p12 to a USB token', () => {
  it('leaves no private key in the data dir, the certificate history, or a later backup', async () => {
    expect((await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } })).status).toBe(200);
    const imported = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
    });
    expect(imported.status, imported.body).toBe(200);
    expect(filesWithPrivateKey(node.dataDir).map((f) => f.slice(node.dataDir.length))).toContain(
      '/signing/seller-key.pem',
    );

    const chosen = await node.request('POST', '/signing/token', {
      body: { module: token.module, token: token.label, pin: token.pin },
    });
    expect(chosen.status, chosen.body).toBe(200);
    expect(filesWithPrivateKey(node.dataDir)).toEqual([]);
    const history = node.node.services.storage.sqlite.prepare('SELECT pem FROM signing_certificates').all() as {
      pem: string;
    }[];
    expect(history.length).toBeGreaterThanOrEqual(2);
    for (const { pem } of history) expect(pem).not.toContain('PRIVATE KEY');

    const backup = await node.request('POST', '/backups');
    expect(backup.status, backup.body).toBe(201);
    const file = join(node.dataDir, 'backups', backup.json.data.name);
    const names = await readEncryptedArchive(file, PASSPHRASE, extracted);
    expect(names.length).toBeGreaterThan(1);
    expect(filesWithPrivateKey(extracted)).toEqual([]);
  });
});
