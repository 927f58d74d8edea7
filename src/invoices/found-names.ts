/**
 * The names found by the latest buyer-name searches, each with its invoice count and newest instant as
 * SQLite holds them, kept so that asking again does not read and sort every name found (docs/performance.md,
 * "Buyer name search"). Reading "nguyen van an" at 1 M invoices meant 834 names joined to their figures and
 * sorted before the first row, at every request.
 *
 * Kept current rather than dropped at each write: every change of a name's row by this connection is named
 * to `touched` (buyer-name-search.ts: a temporary trigger of the connection, whatever statement made the
 * change), and at the next search that name is read again by its key, after its transaction has ended,
 * whether committed or rolled back: memory never holds what SQLite does not. A name new to the store joins
 * each search it holds the key of. A commit by any other connection or process moves SQLite's data_version:
 * then everything is read again. A search asked for the first time costs what it always did.
 */
import type { BuyerName } from './buyer-name-pages.js';

/** A name found, with the figures of the whole search: every name's invoices (`total`) and how many names. */
export type FoundName = BuyerName & { total: number; names: number };

/** Searches kept, the least recently asked dropped first. */
const SEARCHES_KEPT = 16;
/** A search holding more names (a key of two letters) is read from SQLite as needed, never kept whole. */
export const NAMES_KEPT_PER_SEARCH = 2_000;
/** Past this many names written between two searches, reading them again costs more than starting afresh. */
const TOUCHED_BEFORE_STARTING_AFRESH = 5_000;

export interface FoundNamesSource {
  /** The names holding `key`, newest invoice first, read as asked (each row carries the search's figures). */
  holding(key: string): IterableIterator<FoundName>;
  /** One name's figures now; undefined when no invoice carries it. */
  one(nameKey: string): { count: number; last: string } | undefined;
  /** Moves whenever another connection or process commits (SQLite's data_version). */
  otherCommits(): number;
}

interface Search {
  key: string;
  /** Newest invoice first. */
  names: BuyerName[];
  byName: Map<string, BuyerName>;
  total: number;
}

/** Where `name` goes among names ordered newest first: after every name at least as new. */
function placeOf(names: readonly BuyerName[], last: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (names[middle]!.last >= last) low = middle + 1;
    else high = middle;
  }
  return low;
}

function* namesOf(search: Search): Generator<FoundName> {
  for (const name of search.names) yield { ...name, total: search.total, names: search.names.length };
}

export function createFoundNames(source: FoundNamesSource) {
  const searches = new Map<string, Search>();
  const touchedNames = new Set<string>();
  let version: number | undefined;

  /** Takes `nameKey`'s figures now (`fresh`) into a kept search: moved to its place, added, or removed. */
  function update(search: Search, nameKey: string, fresh: { count: number; last: string } | undefined): void {
    const kept = search.byName.get(nameKey);
    if (kept) {
      search.names.splice(search.names.indexOf(kept), 1);
      search.byName.delete(nameKey);
      search.total -= kept.count;
    }
    if (!fresh) return;
    const name = { key: nameKey, count: fresh.count, last: fresh.last };
    search.names.splice(placeOf(search.names, name.last), 0, name);
    search.byName.set(nameKey, name);
    search.total += name.count;
    if (search.names.length > NAMES_KEPT_PER_SEARCH) searches.delete(search.key);
  }

  /** Brings the kept searches to what SQLite holds now. */
  function refresh(): void {
    const now = source.otherCommits();
    if (now !== version || touchedNames.size > TOUCHED_BEFORE_STARTING_AFRESH) {
      searches.clear();
      touchedNames.clear();
      version = now;
      return;
    }
    for (const nameKey of touchedNames) {
      let fresh: { count: number; last: string } | undefined | null = null;
      for (const search of searches.values()) {
        if (!search.byName.has(nameKey) && !nameKey.includes(search.key)) continue;
        if (fresh === null) fresh = source.one(nameKey);
        update(search, nameKey, fresh);
      }
    }
    touchedNames.clear();
  }

  return {
    /** This connection changed the row of the name `nameKey` (it may yet be rolled back). */
    touched(nameKey: string): void {
      if (searches.size > 0) touchedNames.add(nameKey);
    },

    /**
     * The names holding `key`, newest invoice first; outside any transaction but the caller's own read, so
     * that what is kept was committed (or rolled back) before it was read.
     */
    holding(key: string): IterableIterator<FoundName> {
      refresh();
      const kept = searches.get(key);
      if (kept) {
        searches.delete(key);
        searches.set(key, kept);
        return namesOf(kept);
      }
      const rows = source.holding(key);
      const first = rows.next();
      if (!first.done && first.value.names > NAMES_KEPT_PER_SEARCH) return startingWith(first.value, rows);
      const search: Search = { key, names: [], byName: new Map(), total: first.done ? 0 : first.value.total };
      for (let next = first; !next.done; next = rows.next()) {
        const name = { key: next.value.key, count: next.value.count, last: next.value.last };
        search.names.push(name);
        search.byName.set(name.key, name);
      }
      searches.set(key, search);
      if (searches.size > SEARCHES_KEPT) searches.delete(searches.keys().next().value!);
      return namesOf(search);
    },
  };
}

/** `first`, then the rest of `rest`, read as asked; closing it closes `rest`. */
export function* startingWith<T>(first: T, rest: Iterator<T>): Generator<T> {
  try {
    yield first;
    for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
  } finally {
    rest.return?.();
  }
}
