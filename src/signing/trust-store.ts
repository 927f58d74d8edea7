/**
 * The default trust store (src/signing/trust/README.md): the NEAC roots a seller's certificate must chain to,
 * and the licensed CAs' intermediates shipped beside them. Read from the node's assets (src/assets.ts), so
 * the single executable carries them too; HOADON_TRUSTED_CA_FILE adds roots to these.
 */
import { readAsset } from '../assets.js';

export const TRUST_ASSETS = 'src/signing/trust';

export const SELLER_ROOT_FILES = [
  'vietnam-national-root-ca-g2.pem',
  'vietnam-national-root-ca-g3.pem',
  'vietnam-national-root-ca-rs.pem',
] as const;

export const SELLER_INTERMEDIATE_FILES = ['vnpt-ca-sha2.pem', 'viettel-ca-rs.pem'] as const;

/** The government PKI's chain of the authority's own certificate: never a root for a seller. */
export const AUTHORITY_CHAIN_FILES = [
  'vgca-rootca-chuyen-dung-chinh-phu-g2.pem',
  'vgca-ca-phuc-vu-co-quan-nha-nuoc-g2.pem',
] as const;

const read = (files: readonly string[]) => files.map((name) => readAsset(`${TRUST_ASSETS}/${name}`).trim());

let loaded: { roots: string[]; intermediates: string[] } | undefined;

/** The shipped roots and intermediates for sellers' certificates, read once. */
export function shippedTrust(): { roots: string[]; intermediates: string[] } {
  loaded ??= { roots: read(SELLER_ROOT_FILES), intermediates: read(SELLER_INTERMEDIATE_FILES) };
  return loaded;
}
