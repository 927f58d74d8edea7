/**
 * Demo invoices in the figures (docs/decisions.md §7): while the node is in demo mode its figures are the demo
 * figures, so that a trial shows what the product does; once it is live, no figure counts a demo invoice
 * (reports, analytics, /aggregate, the plan's usage). The sales rollups say which they count in
 * `rollup_demo_scope`; when the node's mode no longer matches, they are rebuilt from the invoices (rebuild.ts),
 * at the next invoice change (in its transaction) or by the node's periodic job, whichever comes first.
 */
import type Database from 'better-sqlite3';
import { rebuildRollups } from './rebuild.js';

/** SQL: whether the figures count demo invoices now, for the figures read from the invoices themselves. */
export const FIGURES_COUNT_DEMO = '(SELECT includes_demo FROM rollup_demo_scope WHERE id = 1) IS NOT 0';

export function createRollupDemoScope(
  sqlite: Database.Database,
  deps: {
    /** Whether the node is in demo mode now (src/settings/node-mode.ts). */
    demoMode: () => boolean;
    /** The rollups were rebuilt: what keeps their figures in memory forgets them. */
    rebuilt: () => void;
  },
) {
  const stored = sqlite.prepare<[], number>(`SELECT ${FIGURES_COUNT_DEMO}`).pluck();
  const save = sqlite.prepare(
    `INSERT INTO rollup_demo_scope (id, includes_demo) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET includes_demo = excluded.includes_demo`,
  );
  const includesDemo = () => stored.get() === 1;
  const anyDemo = sqlite
    .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM invoices INDEXED BY invoices_demo_status WHERE demo = 1)')
    .pluck();
  return {
    /** Whether the sales rollups count the invoice, as they stand. */
    counts: (invoice: { demo: number }): boolean => invoice.demo === 0 || includesDemo(),
    /** Whether the rollups already follow the node's mode (read without writing). */
    aligned: (): boolean => includesDemo() === deps.demoMode(),
    /**
     * Brings the sales rollups to the node's mode, rebuilding them from the invoices as they stand when it
     * changed; true when it rebuilt them. Inside a write (the caller's transaction).
     */
    align(): boolean {
      const wanted = deps.demoMode();
      if (includesDemo() === wanted) return false;
      save.run(wanted ? 1 : 0);
      // Without a demo invoice the figures are the same either way: a store upgraded while live, with a
      // million invoices, is not held by a rebuild.
      if (anyDemo.get() === 0) return false;
      rebuildRollups(sqlite);
      deps.rebuilt();
      return true;
    },
  };
}

export type RollupDemoScope = ReturnType<typeof createRollupDemoScope>;
