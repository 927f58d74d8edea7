/**
 * Where the node asks about a tax code it does not know: the tax authority's look-up service (the
 * simulator `hoadon tax-sim` implements the same contract). GET {baseUrl}/mst/{mst} → 200
 * `{ mst, name, address, status }` or 404. Any other answer, a timeout or no network is "unavailable".
 */
import { loadUndici } from '../http/undici.js';

export interface UpstreamRecord {
  mst: string;
  name: string;
  address?: string | null;
  status: string;
}

export type UpstreamAnswer =
  | { kind: 'found'; record: UpstreamRecord }
  | { kind: 'unknown' }
  | { kind: 'unavailable'; reason: string };

export interface MstUpstream {
  lookup(mst: string): Promise<UpstreamAnswer>;
}

export function createHttpMstUpstream(baseUrl: string, timeoutMs = 3_000): MstUpstream {
  return {
    async lookup(mst) {
      try {
        const { request } = await loadUndici();
        const response = await request(`${baseUrl.replace(/\/$/, '')}/mst/${encodeURIComponent(mst)}`, {
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        if (response.statusCode === 404) {
          await response.body.dump();
          return { kind: 'unknown' };
        }
        if (response.statusCode !== 200) {
          await response.body.dump();
          return { kind: 'unavailable', reason: `HTTP ${response.statusCode}` };
        }
        const body = (await response.body.json()) as Partial<UpstreamRecord> & { data?: Partial<UpstreamRecord> };
        const record = body.data ?? body;
        if (typeof record.name !== 'string' || typeof record.status !== 'string')
          return { kind: 'unavailable', reason: 'malformed answer' };
        return {
          kind: 'found',
          record: { mst, name: record.name, address: record.address ?? null, status: record.status },
        };
      } catch (error) {
        return { kind: 'unavailable', reason: (error as Error).message };
      }
    },
  };
}
