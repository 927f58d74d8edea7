/**
 * Lets the current turn of the event loop end: another connection's commit is seen by the node's caches from
 * the next turn (src/db/data-generation.ts `otherCommits`).
 */
export const nextRun = () => new Promise<void>((resolve) => setImmediate(resolve));
