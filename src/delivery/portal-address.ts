/**
 * Where a buyer looks an invoice up (docs/delivery.md "The portal's address"): the store's own `lookupUrl`,
 * else the public address HQ announced at connect, else the node itself. Pure.
 */
import { networkInterfaces } from 'node:os';

export interface PortalSources {
  /** The store's setting: a portal base, or an outside portal's page with `{code}` in it. */
  lookupUrl: string | null;
  /** HOADON_HQ_PUBLIC_URL of the HQ this store is connected to. */
  hqPublicUrl: string | null | undefined;
  /** The node's own address (HOADON_PUBLIC_URL, or what it listens on). */
  nodeUrl: string | undefined;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** The portal's page of one lookup code; undefined when no portal answers for this node. */
export function portalLink(sources: PortalSources, code: string): string | undefined {
  const { lookupUrl } = sources;
  if (lookupUrl?.includes('{code}')) return lookupUrl.replaceAll('{code}', encodeURIComponent(code));
  const base = lookupUrl ?? sources.hqPublicUrl ?? sources.nodeUrl;
  return base ? `${withoutTrailingSlash(base)}/tra-cuu/${encodeURIComponent(code)}` : undefined;
}

/** The portal's base for print ("Tra cứu hóa đơn tại"), as `portalLink` resolves it. */
export function portalBase(sources: PortalSources): string | undefined {
  if (sources.lookupUrl?.includes('{code}')) return undefined;
  const base = sources.lookupUrl ?? sources.hqPublicUrl ?? sources.nodeUrl;
  return base ? withoutTrailingSlash(base) : undefined;
}

const WILDCARD = new Set(['0.0.0.0', '::', '']);

/**
 * The node's address a phone on the shop's network opens: HOADON_PUBLIC_URL, else the host it listens on,
 * else (listening on every interface) its first IPv4 address on the network. A node listening on loopback
 * only is reached from this machine alone, and says so with that address.
 */
export function nodeAddress(config: { publicUrl?: string | undefined; host: string; port: number }): string {
  if (config.publicUrl) return withoutTrailingSlash(config.publicUrl);
  let host = config.host;
  if (WILDCARD.has(host)) {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    host = external?.address ?? '127.0.0.1';
  }
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
