/**
 * Queues what the store has that HQ may not hold: everything it did before HQ was configured (nothing is
 * queued until then, capture.ts), or everything for a full resync. Kind after kind (settings, customers,
 * invoices, audit entries, aggregates), each by rowid up to its last row when the backfill began (later rows
 * were queued by their change), a slice per transaction with the position in sync_backfill: a crash repeats
 * nothing and skips nothing, and memory stays one slice whatever the store holds. What is queued is each
 * entity's current state; HQ deduplicates records by (recordId, version), so queueing one twice is harmless.
 */
import type Database from 'better-sqlite3';
import type { StoredAggregate } from '../../src/aggregate/aggregate.repository.js';
import type { AuditRow } from '../../src/audit/audit.repository.js';
import { inTransaction } from '../../src/db/transaction.js';
import { SYNCED_SETTINGS, type SyncedSettingsName } from '../protocol.js';
import type { InvoiceVersion, SyncCapture } from './capture.js';

const SLICE = 250;

export const BACKFILL_PHASES = ['settings', 'customer', 'invoice', 'audit', 'aggregate'] as const;
export type BackfillPhase = (typeof BACKFILL_PHASES)[number];

const SYNCED = SYNCED_SETTINGS.map((name) => `'${name}'`).join(', ');

/** Per phase: its table and the columns its append needs, named as the append takes them. */
const SOURCES: Record<BackfillPhase, { table: string; columns: string; where?: string }> = {
  settings: { table: 'settings', columns: 'name, updated_at AS at', where: `name IN (${SYNCED})` },
  customer: { table: 'customers', columns: 'id, updated_at AS at' },
  invoice: { table: 'invoices', columns: 'id, version, updated_at AS updatedAt' },
  audit: {
    table: 'audit_entries',
    columns: 'id, invoice_id AS invoiceId, seq, at, actor, action, details, prev_hash AS prevHash, hash',
  },
  aggregate: {
    table: 'daily_aggregates',
    columns:
      'date, total_qty AS totalQty, total_amount AS totalAmount, invoice_count AS invoiceCount, computed_at AS computedAt',
  },
};

interface Position {
  phase: BackfillPhase;
  through: number;
  /** -1 until the phase begins. */
  until: number;
  /** JSON: each phase's last rowid when the backfill began; null in a row written before it was kept. */
  untils: string | null;
}

export function createBackfill(deps: { sqlite: Database.Database; append: SyncCapture['append'] }) {
  const { sqlite, append } = deps;
  const position = sqlite.prepare<[], Position>(
    'SELECT phase, through_rowid AS through, until_rowid AS until, until_rowids AS untils FROM sync_backfill WHERE id = 1',
  );
  const save = sqlite.prepare<[string, number, number, string | null]>(
    `INSERT INTO sync_backfill (id, phase, through_rowid, until_rowid, until_rowids) VALUES (1, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET phase = excluded.phase, through_rowid = excluded.through_rowid,
       until_rowid = excluded.until_rowid, until_rowids = excluded.until_rowids`,
  );
  const finish = sqlite.prepare('DELETE FROM sync_backfill WHERE id = 1');
  const last = Object.fromEntries(
    BACKFILL_PHASES.map((phase) => [
      phase,
      sqlite.prepare<[], { n: number }>(`SELECT coalesce(max(rowid), 0) AS n FROM ${SOURCES[phase].table}`),
    ]),
  ) as Record<BackfillPhase, Database.Statement<[], { n: number }>>;
  const slice = Object.fromEntries(
    BACKFILL_PHASES.map((phase) => {
      const { table, columns, where } = SOURCES[phase];
      return [
        phase,
        sqlite.prepare<[number, number, number], { rowid: number }>(
          `SELECT rowid AS rowid, ${columns} FROM ${table}
           WHERE rowid > ? AND rowid <= ? ${where ? `AND ${where}` : ''} ORDER BY rowid LIMIT ?`,
        ),
      ];
    }),
  ) as Record<BackfillPhase, Database.Statement<[number, number, number], { rowid: number }>>;

  const queue: Record<BackfillPhase, (row: never) => void> = {
    settings: (row: { name: SyncedSettingsName; at: string }) => append.settings(row.name, row.at),
    customer: (row: { id: string; at: string }) => append.customer(row.id, row.at),
    invoice: (row: InvoiceVersion) => append.invoice(row),
    audit: (row: AuditRow) => append.audit(row),
    aggregate: (row: StoredAggregate & { computedAt: string }) => append.aggregate(row, row.computedAt),
  };

  /** Queues the next slice; answers how many rows it queued (0 once a phase ends or everything is queued). */
  function step(): { queued: number; done: boolean } {
    return inTransaction(sqlite, () => {
      const at = position.get();
      if (!at) return { queued: 0, done: true };
      const until = at.until < 0 ? (last[at.phase].get()?.n ?? 0) : at.until;
      const rows = slice[at.phase].all(at.through, until, SLICE);
      for (const row of rows) queue[at.phase](row as never);
      if (rows.length > 0) {
        save.run(at.phase, rows.at(-1)!.rowid, until, at.untils);
        return { queued: rows.length, done: false };
      }
      const next = BACKFILL_PHASES[BACKFILL_PHASES.indexOf(at.phase) + 1];
      if (next) save.run(next, 0, untilOf(at.untils, next), at.untils);
      else finish.run();
      return { queued: 0, done: next === undefined };
    });
  }

  const untilOf = (untils: string | null, phase: BackfillPhase): number =>
    untils === null ? -1 : ((JSON.parse(untils) as Partial<Record<BackfillPhase, number>>)[phase] ?? -1);
  const lastOf = (phase: BackfillPhase) => last[phase].get()?.n ?? 0;

  /** About how many rows are left (rowid ranges): the rest of the current phase and the phases after it. */
  function remaining(): number {
    const at = position.get();
    if (!at) return 0;
    const index = BACKFILL_PHASES.indexOf(at.phase);
    const bound = (phase: BackfillPhase, until: number) => (until < 0 ? lastOf(phase) : until);
    const current = Math.max(0, bound(at.phase, at.until) - at.through);
    return BACKFILL_PHASES.slice(index + 1).reduce(
      (sum, phase) => sum + bound(phase, untilOf(at.untils, phase)),
      current,
    );
  }

  return {
    /**
     * Queues everything the store holds now, from the first phase (call inside a transaction): each kind up
     * to its last row now; what comes later is queued by its own change.
     */
    start(): void {
      const untils = Object.fromEntries(BACKFILL_PHASES.map((phase) => [phase, lastOf(phase)]));
      save.run(BACKFILL_PHASES[0], 0, untils[BACKFILL_PHASES[0]] as number, JSON.stringify(untils));
    },

    /** Up to `rows` rows, a slice per transaction, yielding between slices so cashiers' requests run. */
    async run(rows: number): Promise<number> {
      let queued = 0;
      while (queued < rows) {
        const { queued: n, done } = step();
        queued += n;
        if (done) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return queued;
    },
    remaining,
    phase: (): BackfillPhase | undefined => position.get()?.phase,
  };
}

export type Backfill = ReturnType<typeof createBackfill>;
