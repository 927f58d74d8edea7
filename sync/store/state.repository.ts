/** All SQL of the sync state row and of the settings clocks. */
import type Database from 'better-sqlite3';

export interface SyncState {
  pushedThroughSeq: number;
  inflightFromSeq: number | null;
  inflightThroughSeq: number | null;
  pullCursor: number;
  lastPushAt: string | null;
  lastPullAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  consecutiveFailures: number;
  failingSince: string | null;
  nextAttemptAt: string | null;
  hlc: string | null;
  /** During a full resync, where its rows begin (sync.table.ts). */
  resyncFromSeq: number | null;
}

const INITIAL: SyncState = {
  pushedThroughSeq: 0,
  inflightFromSeq: null,
  inflightThroughSeq: null,
  pullCursor: 0,
  lastPushAt: null,
  lastPullAt: null,
  lastSuccessAt: null,
  lastError: null,
  lastErrorAt: null,
  consecutiveFailures: 0,
  failingSince: null,
  nextAttemptAt: null,
  hlc: null,
  resyncFromSeq: null,
};

const COLUMNS: Record<keyof SyncState, string> = {
  pushedThroughSeq: 'pushed_through_seq',
  inflightFromSeq: 'inflight_from_seq',
  inflightThroughSeq: 'inflight_through_seq',
  pullCursor: 'pull_cursor',
  lastPushAt: 'last_push_at',
  lastPullAt: 'last_pull_at',
  lastSuccessAt: 'last_success_at',
  lastError: 'last_error',
  lastErrorAt: 'last_error_at',
  consecutiveFailures: 'consecutive_failures',
  failingSince: 'failing_since',
  nextAttemptAt: 'next_attempt_at',
  hlc: 'hlc',
  resyncFromSeq: 'resync_from_seq',
};

export function createSyncStateRepository(sqlite: Database.Database) {
  const fields = Object.keys(COLUMNS) as (keyof SyncState)[];
  // The row is written on the first change rather than by the migration, so a read-only node still reads.
  const read = sqlite.prepare<[], SyncState>(
    `SELECT ${fields.map((f) => `${COLUMNS[f]} AS ${f}`).join(', ')} FROM sync_state WHERE id = 1`,
  );
  const save = sqlite.prepare(
    `INSERT INTO sync_state (id, ${fields.map((f) => COLUMNS[f]).join(', ')}) VALUES (1, ${fields.map((f) => `@${f}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${fields.map((f) => `${COLUMNS[f]} = excluded.${COLUMNS[f]}`).join(', ')}`,
  );
  const clockOf = sqlite.prepare<[string], { hlc: string }>('SELECT hlc FROM sync_settings_clock WHERE name = ?');
  const setClock = sqlite.prepare<[string, string]>(
    'INSERT INTO sync_settings_clock (name, hlc) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET hlc = excluded.hlc',
  );

  const get = (): SyncState => read.get() ?? INITIAL;
  return {
    get,
    /** Changes some fields; call inside a transaction when it must commit with other writes. */
    update(changes: Partial<SyncState>): SyncState {
      const next = { ...get(), ...changes };
      save.run(next);
      return next;
    },
    settingsClock: (name: string): string | undefined => clockOf.get(name)?.hlc,
    setSettingsClock: (name: string, hlc: string) => {
      setClock.run(name, hlc);
    },
  };
}

export type SyncStateRepository = ReturnType<typeof createSyncStateRepository>;
