/**
 * Lets the current synchronous run of JavaScript end, with its microtasks: another connection's commit is
 * seen by the node's caches from the next run (src/db/data-generation.ts `otherCommits`).
 */
export const nextRun = () => new Promise<void>((resolve) => setImmediate(resolve));
