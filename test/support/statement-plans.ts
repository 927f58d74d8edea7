/**
 * The query plans of what a piece of code runs on a database: every statement the repositories run
 * (prepared at start-up or per call) is observed, not replaced, and each one's EXPLAIN QUERY PLAN is read with
 * the parameters it ran with. The query-plan tests assert on these at realistic volume.
 */
import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

interface Captured {
  sql: string;
  params: unknown[];
}

/** `methods`: the statement calls observed; the writes (`run`) only where a test asks for their plans. */
export function observeStatementPlans(
  sqlite: Database.Database,
  methods: readonly ('all' | 'get' | 'iterate' | 'run')[] = ['all', 'get', 'iterate'],
) {
  let captured: Captured[] = [];
  let recording = false;
  const prototype = Object.getPrototypeOf(sqlite.prepare('SELECT 1')) as Statement;
  for (const method of methods) {
    const original = prototype[method];
    (prototype as unknown as Record<typeof method, unknown>)[method] = function observed(
      this: Statement,
      ...params: unknown[]
    ) {
      if (recording) captured.push({ sql: this.source, params });
      return (original as (...args: unknown[]) => unknown).apply(this, params);
    };
  }
  return {
    /** Runs `run`, and answers what it returned, how long it took and the plan of each statement it ran. */
    plansOf<T>(run: () => T): { result: T; ms: number; plans: string[][] } {
      captured = [];
      recording = true;
      const started = performance.now();
      let result: T;
      try {
        result = run();
      } finally {
        recording = false;
      }
      const ms = performance.now() - started;
      const plans = captured.map(({ sql, params }) =>
        (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail),
      );
      return { result, ms, plans };
    },
  };
}
