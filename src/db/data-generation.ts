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
