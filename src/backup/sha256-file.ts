import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/**
 * Read in chunks of 1 MiB, above glibc's mmap threshold (128 KiB, scripts/node-runtime.json): each chunk is a
 * mapping of its own, returned whole when it is collected. Node's 64 KiB chunks came from malloc's heaps,
 * which the collector freed only in batches: the daily backup's hash left about 20 MB of free but resident
 * heap behind it for the rest of the day (docs/performance.md, "Memory").
 */
const CHUNK_BYTES = 1024 * 1024;

/** Streamed: a shop's database outgrows one Buffer (2 GiB). */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { highWaterMark: CHUNK_BYTES }), hash);
  return hash.digest('hex');
}
