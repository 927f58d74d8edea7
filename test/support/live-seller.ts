/**
 * Taking a test node out of demo mode (docs/decisions.md §7): a seller (name and MST) and the seller's own
 * certificate, imported from a PKCS#12 file as `hoadon cert import` does, let it send to a tax authority over
 * HTTP (the simulator process, an MST registry; a node without them sends to the embedded simulator only);
 * the registration accepted over that adapter makes it live.
 */
import { createSigningStore } from '../../src/signing/signing.store.js';
import { REGISTRATION, startSimulator } from '../transmission/support.js';
import { LIVE_SELLER } from './live-shop.js';
import { issueCertificate, newKeyPair, pkcs12Of, testCa, UID } from './test-ca.js';
import type { TestNode } from './test-node.js';

export { LIVE_SELLER };

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
export function sellerPkcs12(commonName?: string): Buffer {
  const pair = newKeyPair();
  const subject = commonName && [
    { name: 'commonName', value: commonName },
    { name: 'countryName', value: 'VN' },
    { type: UID, value: `MST:${LIVE_SELLER.mst}` },
  ];
  return pkcs12Of(
    pair,
    issueCertificate({ publicKeyPem: pair.publicKeyPem, mst: LIVE_SELLER.mst, ...(subject && { subject }) }),
  );
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

/**
 * Sets the seller over the API and imports the certificate: the node may then send to the adapter
 * configured (its registration first), but it stays in demo mode until that registration is accepted.
 */
export async function sellerReady(t: TestNode): Promise<void> {
  const r = await t.request('PATCH', '/config', { body: { seller: LIVE_SELLER } });
  if (r.status !== 200) throw new Error(`PATCH /config seller: ${r.status} ${r.body}`);
  importSellerCertificate(t.dataDir);
}

/**
 * Takes a node live (docs/decisions.md §7): the seller and its certificate, the http adapter pointed at a tax
 * authority over the T-VAN's HTTP shape (`url`, or the simulator app started here on loopback, stopped with
 * the node), and the registration sent and accepted (103).
 */
export async function goLive(t: TestNode, url?: string): Promise<void> {
  await sellerReady(t);
  await registerAt(t, url);
}

/**
 * The last steps of going live, for a node whose seller and certificate are set: the http adapter pointed
 * at `url` (or the simulator app started here, stopped with the node), the registration accepted.
 */
export async function registerAt(t: TestNode, url?: string): Promise<void> {
  let authority = url;
  if (!authority) {
    const sim = await startSimulator();
    authority = sim.url;
    const close = t.close.bind(t);
    t.close = async () => {
      await close();
      await sim.close();
    };
  }
  const configured = await t.request('PATCH', '/config', {
    body: { transmission: { adapter: 'http', url: authority } },
  });
  if (configured.status !== 200) throw new Error(`PATCH /config transmission: ${configured.status} ${configured.body}`);
  const sent = await t.request('POST', '/transmission/registration', { body: REGISTRATION });
  if (sent.status !== 202) throw new Error(`POST /transmission/registration: ${sent.status} ${sent.body}`);
  await t.node.services.transmission.worker.tick();
  const health = (await t.request('GET', '/health', { token: null })).json.data;
  if (health.mode !== 'live') throw new Error(`still in demo mode: ${health.missing.join('; ')}`);
}
