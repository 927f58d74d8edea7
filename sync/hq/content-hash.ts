/**
 * What a store's history at HQ amounts to, comparable across databases and with the store's own outbox:
 * how many records, and a sha256 over each record's id, version and payload text in (recordId, version)
 * order. Two sides agree only when they hold the same records with the same bytes.
 */
import { createHash } from 'node:crypto';
import type { HqStore, RecordKey } from './hq-store.js';

export interface ContentDigest {
  count: number;
  sha256: string;
}

export interface HashedRecord {
  recordId: string;
  version: number;
  payload: string;
}

/** Feed records in (recordId, version) order; `digest()` at the end. */
export function contentHasher() {
  const hash = createHash('sha256');
  let count = 0;
  return {
    add(record: HashedRecord): void {
      hash.update(`${record.recordId}\u0000${record.version}\u0000${record.payload}\n`);
      count += 1;
    },
    digest: (): ContentDigest => ({ count, sha256: hash.digest('hex') }),
  };
}

/** Orders records as both databases read them: by recordId (code point order), then version. */
export const byRecordKey = (a: RecordKey, b: RecordKey): number =>
  a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : a.version - b.version;

const PAGE = 5_000;

/** A store's content at HQ, read a page at a time. */
export async function storeContent(store: HqStore, storeId: string): Promise<ContentDigest> {
  const hasher = contentHasher();
  for (let after: RecordKey | undefined; ; ) {
    const page = await store.readRecords(storeId, after, PAGE);
    for (const record of page) hasher.add(record);
    if (page.length < PAGE) return hasher.digest();
    after = page.at(-1);
  }
}
