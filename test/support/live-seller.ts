/**
 * Taking a test node out of demo mode (decisions §7): a seller (name and MST) and the seller's own
 * certificate, imported from a PKCS#12 file as `hoadon cert import` does. Tests that send to a tax authority
 * over HTTP (the simulator process, an MST registry) need it: a demo node sends to the embedded simulator only.
 */
import { createSigningStore } from '../../src/signing/signing.store.js';
import { issueCertificate, newKeyPair, pkcs12Of, testCa } from './test-ca.js';
import type { TestNode } from './test-node.js';

export const LIVE_SELLER = { name: 'Công ty TNHH Cà phê Hòa Bình', mst: '0300588569', address: 'TP. Hồ Chí Minh' };

/** The environment that sets the seller on a node's first start (`HOADON_SELLER_*`). */
export const LIVE_SELLER_ENV = {
  HOADON_SELLER_NAME: LIVE_SELLER.name,
  HOADON_SELLER_MST: LIVE_SELLER.mst,
  HOADON_SELLER_ADDRESS: LIVE_SELLER.address,
};

/**
 * A seller's PKCS#12 file without a password, valid for a year from now: issued to the seller's MST
 * (UID=MST:…) by the test CA (test/support/test-ca.ts), which the store must trust.
 */
export function sellerPkcs12(): Buffer {
  const pair = newKeyPair();
  return pkcs12Of(pair, issueCertificate({ publicKeyPem: pair.publicKeyPem, mst: LIVE_SELLER.mst }));
}

/** Imports the seller's certificate into a data dir, before or while a node runs on it. */
export function importSellerCertificate(dataDir: string): void {
  createSigningStore({
    dataDir,
    seller: () => LIVE_SELLER,
    now: () => new Date(),
    trustedRoots: [testCa().certificatePem],
  }).importPkcs12(sellerPkcs12(), '');
}

/** Sets the seller over the API and imports the certificate: the node is live afterwards. */
export async function goLive(t: TestNode): Promise<void> {
  const r = await t.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
  if (r.status !== 200) throw new Error(`PATCH /config seller: ${r.status} ${r.body}`);
  importSellerCertificate(t.dataDir);
}
