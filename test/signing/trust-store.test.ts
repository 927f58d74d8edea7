/**
 * The trust anchors shipped with the product (src/signing/trust): each file is the certificate its README
 * names by fingerprint, a seller's certificate chaining to none of them is refused, and
 * HOADON_TRUSTED_CA_FILE adds roots to them.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainsToTrustedRoot } from '../../src/signing/certificate-checks.js';
import {
  AUTHORITY_CHAIN_FILES,
  SELLER_INTERMEDIATE_FILES,
  SELLER_ROOT_FILES,
  shippedTrust,
} from '../../src/signing/trust-store.js';
import { LIVE_SELLER, sellerPkcs12 } from '../support/live-seller.js';
import { startTestNode, type TestNode } from '../support/test-node.js';

const DIR = 'src/signing/trust';
const certificate = (name: string) => new X509Certificate(readFileSync(`${DIR}/${name}`));

describe('the shipped trust store', () => {
  it('holds each certificate its README names, with that fingerprint', () => {
    const readme = readFileSync(`${DIR}/README.md`, 'utf8');
    const documented = new Map(
      [...readme.matchAll(/^\| `([\w-]+\.pem)` \|.*\| `([0-9A-F:]{95})` \|$/gm)].map((m) => [m[1], m[2]]),
    );
    const files = [...SELLER_ROOT_FILES, ...SELLER_INTERMEDIATE_FILES, ...AUTHORITY_CHAIN_FILES];
    expect([...documented.keys()].sort()).toEqual([...files].sort());
    for (const name of files) expect(certificate(name).fingerprint256, name).toBe(documented.get(name));
  });

  it('roots are self-signed CAs; the intermediates chain to the national root', () => {
    for (const name of SELLER_ROOT_FILES) {
      const root = certificate(name);
      expect(root.ca, name).toBe(true);
      expect(root.verify(root.publicKey), name).toBe(true);
    }
    const { roots } = shippedTrust();
    const now = new Date('2026-06-01T00:00:00Z');
    for (const name of SELLER_INTERMEDIATE_FILES)
      expect(chainsToTrustedRoot(readFileSync(`${DIR}/${name}`, 'utf8'), [], roots, now), name).toBe(true);
    // The government PKI signs the authority's replies, never a seller's certificate.
    for (const name of AUTHORITY_CHAIN_FILES)
      expect(chainsToTrustedRoot(readFileSync(`${DIR}/${name}`, 'utf8'), [], roots, now), name).toBe(false);
  });
});

describe('a node with the shipped roots only', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ config: { trustedCaFile: undefined } });
    await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
  });
  afterAll(() => node.close());

  it('refuses a certificate of a CA it does not ship, naming the issuer, and keeps the demo key', async () => {
    const r = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
    });
    expect(r.status, r.body).toBe(409);
    expect(r.json.error.message).toMatch(/không dẫn tới một CA gốc tin cậy/);
    expect(r.json.error.message).toMatch(/hoadon Test CA/);
    expect((await node.request('GET', '/signing/certificate')).json.data.source).toBe('demo');
  });
});

describe('HOADON_TRUSTED_CA_FILE', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
    await node.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
  });
  afterAll(() => node.close());

  it('adds its roots to the shipped ones', async () => {
    const r = await node.request('POST', '/signing/certificate', {
      body: { pkcs12: sellerPkcs12().toString('base64'), password: '' },
    });
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.trusted).toBe(true);
  });
});
