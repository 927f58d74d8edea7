import type Database from 'better-sqlite3';
import { otherCommits } from '../db/data-generation.js';

/**
 * Figures over closed days kept in memory. The analytics windows end today, whose sales move with every
 * invoice, but their other days rarely change: a year's ranking is the closed days' figures, computed once,
 * plus today's rows. An entry holds figures over days up to `through` and is dropped when a rollup row of
 * one of those days changes: in this process the rollups listener says so (`changed`), and a commit by any
 * other connection or process moves SQLite's data_version, which drops them all from the next turn of the event loop
 * (src/db/data-generation.ts `otherCommits`).
 */
export interface ClosedDays {
  /** A rollup row of this store-local date was written by this connection. */
  changed(date: string): void;
  /** The figures named `key` over days up to `through` (its first day in the key): computed once while they hold. */
  remember<T>(key: string, through: string, compute: () => T): T;
}

/** A few windows (the dashboard's 7, 30, 90 and 366 days) for each of the three rankings. */
const MAX_ENTRIES = 16;

export function createClosedDays(sqlite: Database.Database): ClosedDays {
  const dataVersion = otherCommits(sqlite);
  const entries = new Map<string, { through: string; value: unknown }>();
  let version = dataVersion();
  return {
    changed(date) {
      for (const [key, entry] of entries) if (date <= entry.through) entries.delete(key);
    },
    remember<T>(key: string, through: string, compute: () => T): T {
      const now = dataVersion();
      if (now !== version) {
        entries.clear();
        version = now;
      }
      const id = `${key}|${through}`;
      const kept = entries.get(id);
      if (kept) {
        // Refreshed as the most recently used: the oldest entry is the first to go.
        entries.delete(id);
        entries.set(id, kept);
        return kept.value as T;
      }
      const value = compute();
      entries.set(id, { through, value });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
