import type Database from 'better-sqlite3';

/**
 * SQLite's data_version, read now: it moves when any other connection or process commits, never for this
 * one's. For a value compared with rows read fresh in the same run (the buyer-name search's kept names).
 */
export function otherCommitsNow(sqlite: Database.Database): () => number {
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  return () => dataVersion.get()!;
}

const dataVersionsOfRuns = new WeakMap<Database.Database, () => number>();

/**
 * SQLite's data_version, read at most once per turn of the event loop (until its next check phase, where
 * `setImmediate` callbacks run) and shared by everything that asks on the connection: one request asked it
 * of the answer cache, the rollups, the user and the node's mode, an invoice of the settings a dozen times,
 * and the pragma opens a read transaction of its own (about 18 µs of a request's 130 in a profile of top
 * customers, read again after each of the request's promises when it was kept until the microtasks). A
 * commit by another connection during such a turn is seen from the next one, as if it had been made a
 * moment later; an answer computed in that turn is kept under the state read before it, so it is never
 * served again once the next turn reads the moved state (src/http/answer-cache.ts). The node's own writes
 * are not concerned: they are seen at once, through this connection's changes.
 */
export function otherCommits(sqlite: Database.Database): () => number {
  const known = dataVersionsOfRuns.get(sqlite);
  if (known) return known;
  const dataVersion = otherCommitsNow(sqlite);
  let seen: number | undefined;
  const forget = () => {
    seen = undefined;
  };
  const read = () => {
    if (seen === undefined) {
      seen = dataVersion();
      setImmediate(forget);
    }
    return seen;
  };
  dataVersionsOfRuns.set(sqlite, read);
  return read;
}

/**
 * A value that changes whenever the database may have changed: the rows this connection has inserted,
 * updated or deleted (triggers included; a rolled back change still counts, which only costs a cache
 * miss), and SQLite's data_version, which moves when any other connection or process commits.
 */
export function dataGeneration(sqlite: Database.Database): () => string {
  // Two statements: reading both through the pragma_data_version table costs almost twice as much.
  const changes = sqlite.prepare<[], number>('SELECT total_changes()').pluck();
  const dataVersion = otherCommits(sqlite);
  return () => `${changes.get()}:${dataVersion()}`;
}

const tableListeners = new WeakMap<Database.Database, Map<string, Set<() => void>>>();

/** Calls `listener` on every change of a row of `table` by this connection, whatever statement made it. */
function onTableChange(sqlite: Database.Database, table: string, listener: () => void): void {
  let byTable = tableListeners.get(sqlite);
  if (!byTable) {
    const registered = new Map<string, Set<() => void>>();
    sqlite.function('hoadon_table_changed', (name: unknown) => {
      for (const each of registered.get(String(name)) ?? []) each();
      return null;
    });
    tableListeners.set(sqlite, registered);
    byTable = registered;
  }
  let listeners = byTable.get(table);
  if (!listeners) {
    listeners = new Set();
    byTable.set(table, listeners);
    // A temporary trigger lives on this connection only and costs nothing to the other tables' writes.
    sqlite.exec(
      ['INSERT', 'UPDATE', 'DELETE']
        .map(
          (event) =>
            `CREATE TEMP TRIGGER hoadon_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
               BEGIN SELECT hoadon_table_changed('${table}'); END;`,
        )
        .join('\n'),
    );
  }
  listeners.add(listener);
}

/**
 * A number that moves whenever some tables may have changed: a row of theirs written by this connection (a
 * temporary trigger tells), or a commit by another connection (data_version, once per turn of the event loop). Unlike
 * `dataGeneration` it stays still while other tables are written, so what is read from rarely written tables
 * (settings, users, the registration) outlives the invoices issued meanwhile. Within a transaction that wrote them it moves at
 * every look, and once more after the transaction, committed or rolled back: nothing read inside it is kept.
 */
export function tableGeneration(sqlite: Database.Database, tables: readonly string[]): () => number {
  const dataVersion = otherCommits(sqlite);
  let generation = 0;
  let written = false;
  let seenVersion = dataVersion();
  for (const table of tables)
    onTableChange(sqlite, table, () => {
      written = true;
    });
  return () => {
    if (written) {
      written = sqlite.inTransaction;
      return ++generation;
    }
    const version = dataVersion();
    if (version !== seenVersion) {
      seenVersion = version;
      generation += 1;
    }
    return generation;
  };
}

/** How many values `rememberedUntilChanged` keeps at most between two changes (users, mostly). */
const MAX_REMEMBERED = 1_000;

/**
 * A read of the database remembered by its key until the database may have changed (`generation`): what
 * every request reads (the user behind its token, the node's mode) costs one look at the generation
 * instead of its statements, and is never older than what the generation has seen committed.
 */
export function rememberedUntilChanged<K, V>(generation: () => unknown, read: (key: K) => V): (key: K) => V {
  let seen: unknown;
  const kept = new Map<K, V>();
  return (key) => {
    const now = generation();
    if (now !== seen) {
      kept.clear();
      seen = now;
    }
    if (kept.has(key)) return kept.get(key) as V;
    const value = read(key);
    if (kept.size >= MAX_REMEMBERED) kept.clear();
    kept.set(key, value);
    return value;
  };
}
