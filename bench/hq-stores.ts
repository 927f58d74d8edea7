/**
 * Simulated stores pushing to HQ for the bench: each its own credential, outbox (test/hq/simulated-store.ts)
 * and keep-alive connection (an http.Agent of one socket), a batch at a time as a store does. Answers the
 * latency of every push.
 */
import http from 'node:http';
import { pushRequest, type SimulatedStore } from '../test/hq/simulated-store.js';

function post(
  url: URL,
  agent: http.Agent,
  init: ReturnType<typeof pushRequest>['init'],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** Pushes the whole outbox of each store to its HQ (`baseUrls[i % n]`), all stores at once. */
export async function pushStores(
  stores: SimulatedStore[],
  baseUrls: string[],
  batchSize: number,
): Promise<{ seconds: number; latenciesMs: number[]; failures: number }> {
  const latenciesMs: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    stores.map(async (store, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const url = new URL('/sync/v1/push', baseUrls[i % baseUrls.length]);
      try {
        while (store.position < store.records.length) {
          const request = pushRequest(store, batchSize);
          const sent = performance.now();
          const answer = await post(url, agent, request.init);
          if (answer.status === 200) {
            latenciesMs.push(performance.now() - sent);
            store.position = (
              JSON.parse(answer.body) as { data: { appliedThroughSeq: number } }
            ).data.appliedThroughSeq;
          } else {
            failures += 1;
            if (failures > 1_000) throw new Error(`push failed: ${answer.status} ${answer.body.slice(0, 300)}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latenciesMs, failures };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
