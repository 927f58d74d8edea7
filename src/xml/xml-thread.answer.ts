/**
 * The thread's side of `createRequestThread` (xml-thread.ts): each request answered with its id, a failure
 * as an error of that request only. Imports nothing of the node, so a thread's own bundle stays small.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * The niceness of a background thread. On a shop's two-core machine its work (signing, the embedded
 * authority's checks) competed with the event loop for a core, and a cashier's request waited for the
 * scheduler; at a lower priority the loop gets the core first, and the thread still has every idle cycle.
 */
const BACKGROUND_NICENESS = 10;

/**
 * Lowers this thread's own scheduling priority (Linux: setpriority on the thread's id, read from
 * /proc/thread-self). Where the system offers no such thing the thread keeps the node's priority.
 */
function runInBackground(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), BACKGROUND_NICENESS);
  } catch {
    // Not Linux, or /proc not mounted: same priority as the event loop, as before.
  }
}

export function answerRequests<Request>(handle: (request: Request) => unknown): void {
  const port = parentPort;
  if (!port) throw new Error('this script runs on a worker thread only');
  runInBackground();
  port.on('message', async (request: Request & { id: number }) => {
    // Not a request (an XML thread's port to the token thread arrives on the same channel).
    if (typeof request.id !== 'number') return;
    try {
      port.postMessage({ id: request.id, result: await handle(request) });
    } catch (error) {
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
