/**
 * Where an issued invoice's time goes in SQLite: issues invoices through the API in-process (app.inject, one
 * at a time, so each is its own group commit) and times every statement the node runs, summed by its SQL.
 * The profiler's frames say which function called SQLite; this says which statement cost what, without the
 * profiler's sampling (which slows the system calls every statement makes).
 *
 *   npx tsx bench/write-timings.ts --invoices 20000 [--issue 3000] [--top 30]
 *
 * The first third of the invoices warm the node up (JIT, the pages of the indexes) and are not counted. Also
 * printed: the main thread's CPU time per invoice (timing every statement adds a little to it).
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { inProcessNode } from './in-process-node.js';

const option = (flag: string, fallback: number): number => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const invoices = option('--invoices', 20_000);
const issue = option('--issue', 3_000);
const top = option('--top', 30);

interface Timed {
  calls: number;
  ns: bigint;
}
const bySql = new Map<string, Timed>();
let counting = false;

/** Every connection's statements share one native class: timing its methods times every statement. */
function timeStatements(): void {
  const scratch = new Database(':memory:');
  const prototype = Object.getPrototypeOf(scratch.prepare('SELECT 1')) as Record<string, unknown>;
  scratch.close();
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function timed(this: { source: string }, ...args: unknown[]) {
      if (!counting) return original.apply(this, args);
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const sql = this.source.replace(/\s+/g, ' ').trim();
        const entry = bySql.get(sql) ?? { calls: 0, ns: 0n };
        entry.calls += 1;
        entry.ns += process.hrtime.bigint() - started;
        bySql.set(sql, entry);
      }
    };
  }
}

/** CPU seconds of this process's main thread (Linux: /proc, in clock ticks of 10 ms). */
function mainThreadCpuSeconds(): number {
  const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

timeStatements();
const { node, app, issue: issueOne } = await inProcessNode(invoices);
const warmUp = Math.floor(issue / 3);
let routeNs = 0n;
let cpuFrom = 0;
for (let i = 0; i < issue; i++) {
  if (i === warmUp) cpuFrom = mainThreadCpuSeconds();
  counting = i >= warmUp;
  const started = process.hrtime.bigint();
  await issueOne();
  if (counting) routeNs += process.hrtime.bigint() - started;
}
counting = false;
const cpuMs = (mainThreadCpuSeconds() - cpuFrom) * 1000;
const counted = issue - warmUp;
const rows = [...bySql].sort((a, b) => Number(b[1].ns - a[1].ns));
const sqlNs = rows.reduce((sum, [, t]) => sum + t.ns, 0n);
const us = (ns: bigint) => (Number(ns) / 1000 / counted).toFixed(1);
console.log(`${invoices} invoices, ${counted} issued and counted (after ${warmUp} unmeasured), µs per invoice`);
console.log(
  `main thread's CPU: ${((cpuMs * 1000) / counted).toFixed(0)}; whole route (inject, the WAL's fsync awaited): ${us(routeNs)}`,
);
console.log(`every statement: ${us(sqlNs)} in ${rows.reduce((s, [, t]) => s + t.calls, 0) / counted} statements`);
console.log('| µs | calls | statement |\n|---:|---:|---|');
for (const [sql, t] of rows.slice(0, top))
  console.log(`| ${us(t.ns)} | ${(t.calls / counted).toFixed(2)} | ${sql.slice(0, 150)} |`);
await app.close();
await node.close();
