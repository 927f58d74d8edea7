import type Database from 'better-sqlite3';

/**
 * A value that changes whenever the database may have changed: the rows this connection has inserted,
 * updated or deleted (triggers included; a rolled back change still counts, which only costs a cache
 * miss), and SQLite's data_version, which moves when any other connection or process commits.
 */
export function dataGeneration(sqlite: Database.Database): () => string {
  const statement = sqlite.prepare<[], [number, number]>('SELECT total_changes(), data_version FROM pragma_data_version').raw();
  return () => (statement.get() as [number, number]).join(':');
}
