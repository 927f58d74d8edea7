/**
 * An open load at a shop's pace: `clients` independent clients (tills, screens), each on a keep-alive
 * connection of its own, each sending requests at random instants at `perSecond` on average (Poisson
 * arrivals: exponential gaps), whatever the node answers. Each answer's latency is counted from the instant
 * its request was due, not from when it left: a request held back by its client's previous answer waits, and
 * that wait is counted (no coordinated omission).
 *
 * Why not autocannon's `connectionRate`: its connections start their one-second windows together, so 20 tills
 * press "issue" at the same millisecond every second and the twentieth waits for the nineteen before it, which
 * no shop does; and autocannon 8 corrects latencies for coordinated omission with an expected interval of
 * `Math.ceil(1 / rate)` (lib/run.js), seconds read as milliseconds: 1 ms at one request a second, which adds
 * a sample for every millisecond of each answer. Together they reported p50 37-90 ms for answers a plain
 * client, pressing at staggered instants, timed at 11 ms.
 */

import { Client } from 'undici';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedLoad {
  base: string;
  clients: number;
  perSecond: number;
  seconds: number;
  /** The next request of client `client`. */
  request(client: number): PacedRequest;
}

export interface PacedResult {
  answered: number;
  /** Latencies of the 2xx answers, ms, ascending. */
  latencies: number[];
  non2xx: number;
  errors: number;
}

/** The value at `percent` of `sorted` (ascending): the smallest value with that share of the samples at or below it. */
export function percentileOf(sorted: readonly number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((percent / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** A gap of a Poisson process at `perSecond`, ms. */
const exponentialGapMs = (perSecond: number): number => (-Math.log(1 - Math.random()) * 1000) / perSecond;

export async function pacedLoad(load: PacedLoad): Promise<PacedResult> {
  const result: PacedResult = { answered: 0, latencies: [], non2xx: 0, errors: 0 };
  const start = performance.now();
  const end = start + load.seconds * 1000;
  async function client(index: number): Promise<void> {
    const connection = new Client(load.base, { pipelining: 1 });
    try {
      let due = start + exponentialGapMs(load.perSecond);
      while (due < end) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const { method, path, headers, body } = load.request(index);
        try {
          const answer = await connection.request({ method, path, headers, ...(body === undefined ? {} : { body }) });
          await answer.body.dump();
          result.answered += 1;
          if (answer.statusCode >= 200 && answer.statusCode < 300) result.latencies.push(performance.now() - due);
          else result.non2xx += 1;
        } catch {
          result.errors += 1;
        }
        due += exponentialGapMs(load.perSecond);
      }
    } finally {
      await connection.close();
    }
  }
  await Promise.all(Array.from({ length: load.clients }, (_, i) => client(i)));
  result.latencies.sort((a, b) => a - b);
  return result;
}
