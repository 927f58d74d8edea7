import type Database from 'better-sqlite3';

/** SQLite's data_version: it moves when any other connection or process commits, never for this one's. */
export function otherCommits(sqlite: Database.Database): () => number {
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  return () => dataVersion.get()!;
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

/** How many values `rememberedUntilChanged` keeps at most between two changes (users, mostly). */
const MAX_REMEMBERED = 1_000;

/**
 * A read of the database remembered by its key until the database may have changed (`generation`): what
 * every request reads (the user behind its token, the node's mode) costs one look at the generation
 * instead of its statements, and is never older than the last commit.
 */
export function rememberedUntilChanged<K, V>(generation: () => string, read: (key: K) => V): (key: K) => V {
  let seen = '';
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
