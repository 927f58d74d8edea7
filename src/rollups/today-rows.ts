import type Database from 'better-sqlite3';
import { otherCommits } from '../db/data-generation.js';

/**
 * One daily rollup's rows of today, kept in memory as SQLite holds them. A window's ranking adds today's
 * rows to its closed days' figures (src/reports/window-figures.ts); read from SQLite for every request,
 * today's thousands of buyers were most of its cost (about 0.7 µs a row). Every write of such a row by this
 * connection is named to `touched` (by the rollups listener, inside the invoice's transaction) and the row
 * is read again, by its key, at the next `on`: after its transaction has ended, whether committed or rolled
 * back, so memory never holds what SQLite does not. A commit by any other connection or process moves
 * SQLite's data_version (seen from the next turn of the event loop, src/db/data-generation.ts `otherCommits`), and a
 * new day starts afresh: then the day's rows are all read again.
 */
export interface TodayRows<T> {
  /** This connection wrote the row of `key` on `date` (it may yet be rolled back). */
  touched(date: string, key: string): void;
  /** Every row of `date`, as SQLite holds it now. */
  on(date: string): readonly T[];
  /** The rows `on` has just answered, by key; undefined when it kept none (inside a transaction). */
  byKey(date: string): ReadonlyMap<string, T> | undefined;
  /** The rollup was rebuilt by this connection: every row is read again at the next `on`. */
  forget(): void;
  /** Where the rows `on` has just answered stand; undefined when it kept none (inside a transaction). */
  mark(date: string): TodayMark | undefined;
  /**
   * The keys whose rows changed between `mark` and the rows `on` has just answered, in the order they were
   * read again (a key may come more than once); undefined when the rows were all read afresh meanwhile.
   */
  changedSince(date: string, mark: TodayMark): readonly string[] | undefined;
}

/** A point in the kept rows' history: a reading afresh starts a new epoch, each row read again counts a change. */
export interface TodayMark {
  readonly epoch: number;
  readonly changes: number;
}

/** Past this many rows read again since the day's rows were read afresh, they are read afresh (the log restarts). */
const CHANGES_LOGGED = 20_000;

export interface RowsOfADay<T> {
  all(date: string): T[];
  one(date: string, key: string): T | undefined;
  key(row: T): string;
}

export function createTodayRows<T>(sqlite: Database.Database, read: RowsOfADay<T>): TodayRows<T> {
  const dataVersion = otherCommits(sqlite);
  let kept:
    | {
        date: string;
        version: number;
        rows: Map<string, T>;
        list: readonly T[] | undefined;
        epoch: number;
        /**
         * The keys read again since the first mark after the rows were read afresh, in order; none logged
         * until a mark is taken (the SKUs' rows are never marked).
         */
        changes: string[] | undefined;
      }
    | undefined;
  let epochs = 0;
  const touchedKeys = new Set<string>();
  const current = (date: string) =>
    !sqlite.inTransaction && kept?.date === date && kept.list !== undefined ? kept : undefined;
  return {
    touched(date, key) {
      if (kept?.date === date) touchedKeys.add(key);
    },
    forget() {
      kept = undefined;
      touchedKeys.clear();
    },
    on(date) {
      // Inside a transaction what is read may yet be rolled back: nothing of it is kept.
      if (sqlite.inTransaction) return read.all(date);
      const version = dataVersion();
      const logFull = kept?.changes !== undefined && kept.changes.length + touchedKeys.size > CHANGES_LOGGED;
      if (kept?.date !== date || kept.version !== version || logFull) {
        const list = read.all(date);
        const rows = new Map(list.map((row) => [read.key(row), row]));
        kept = { date, version, rows, list, epoch: ++epochs, changes: undefined };
        touchedKeys.clear();
        return list;
      }
      if (touchedKeys.size > 0) {
        for (const key of touchedKeys) {
          const row = read.one(date, key);
          if (row) kept.rows.set(key, row);
          else kept.rows.delete(key);
          kept.changes?.push(key);
        }
        touchedKeys.clear();
        kept.list = undefined;
      }
      kept.list ??= [...kept.rows.values()];
      return kept.list;
    },
    // Inside a transaction `on` keeps nothing: what it answered is not these rows.
    byKey: (date) => current(date)?.rows,
    mark(date) {
      const now = current(date);
      if (!now) return undefined;
      now.changes ??= [];
      return { epoch: now.epoch, changes: now.changes.length };
    },
    changedSince(date, mark) {
      const now = current(date);
      return now?.epoch === mark.epoch ? now.changes?.slice(mark.changes) : undefined;
    },
  };
}
