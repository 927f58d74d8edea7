/** Rankings of a window that ends today, from the ranking of its closed days and today's rows. */

export interface RankingRule<T> {
  key(row: T): string;
  /** One key's figures over two sets of days: written into `into` when given (a row no one keeps). */
  add(a: T, b: T, into?: T): T;
  /** Whether `a` ranks before `b` (keys differ). */
  before(a: T, b: T): boolean;
}

export interface ClosedRanking<T> {
  /** The first rows of the closed days' ranking, in order. */
  top: readonly T[];
  /** Whether `top` holds every key with figures in the closed days. */
  complete: boolean;
  /** The closed days' figures of these keys, for those that have any. */
  of(keys: Iterable<string>): ReadonlyMap<string, T>;
}

/**
 * The first `limit` rows of the whole window's ranking. Exact: a key without sales today keeps its closed
 * figures, so the best of those are the first rows of `closed.top` not sold today; the keys sold today are
 * ranked by their closed figures plus today's. Undefined when `closed.top` runs out of keys not sold today
 * before `limit` of them and does not hold every key.
 */
export function rankWithToday<T>(
  rule: RankingRule<T>,
  limit: number,
  closed: ClosedRanking<T>,
  today: readonly T[],
  /** Today's rows by key, when the caller keeps them so (src/rollups/today-rows.ts): not built again here. */
  todayByKey?: ReadonlyMap<string, T>,
): T[] | undefined {
  // Loops rather than arrays made and spread at each step: a year's ranking meets the day's hundreds of
  // buyers at every request (735 at 1 M invoices: 67 µs with the intermediate arrays and a set of their keys).
  const soldToday: ReadonlySet<string> | ReadonlyMap<string, T> =
    todayByKey ?? new Set(Array.from(today, (row) => rule.key(row)));
  const unsoldToday: T[] = [];
  for (const row of closed.top) {
    if (unsoldToday.length === limit) break;
    if (!soldToday.has(rule.key(row))) unsoldToday.push(row);
  }
  if (unsoldToday.length < limit && !closed.complete) return undefined;
  const closedOfToday = closed.of(soldToday.keys());
  const first = firstRowsOf<T>(limit, rule.before);
  for (const row of unsoldToday) first.offer(row);
  // Each buyer of the day summed into one scratch row, a new one only once a row is kept: after a busy day's
  // 10,000 sales, a row made for each buyer at each request was most of the collector's work.
  let scratch: T | undefined;
  for (const row of today) {
    const before = closedOfToday.get(rule.key(row));
    if (!before) {
      first.offer(row);
      continue;
    }
    scratch = rule.add(before, row, scratch);
    if (first.offer(scratch)) scratch = undefined;
  }
  return first.rows();
}

/**
 * The first `limit` rows after some keys' figures changed, from the first rows before (`ranked`, exact) and
 * each changed key's figures now. Exact while figures only rise, as a sale raises its buyer's: every other
 * key keeps its place, so a key outside the ranking enters only by passing its last row. Undefined when a
 * ranked key's figures fell: a key below the ranking may then pass it, and only the whole ranking says which.
 * A till's sale then costs the ranking of a year one row offered, not the day's thousands of buyers again.
 */
export function rankAfterChanges<T>(
  rule: RankingRule<T>,
  limit: number,
  ranked: readonly T[],
  changed: ReadonlyMap<string, T>,
): T[] | undefined {
  const first = firstRowsOf<T>(limit, rule.before);
  for (const row of ranked) {
    const now = changed.get(rule.key(row));
    if (!now) first.offer(row);
    else if (rule.before(row, now)) return undefined;
  }
  for (const now of changed.values()) first.offer(now);
  return first.rows();
}

/**
 * The first `limit` rows offered, in the order `before` gives (a strict order: keys differ). A window's
 * buyers of the day are thousands and only twenty are wanted: most rows are compared once, with the last
 * one kept, instead of the whole list being sorted.
 */
function firstRowsOf<T>(limit: number, before: (a: T, b: T) => boolean) {
  const kept: T[] = [];
  return {
    /** Answers whether `row` is kept. */
    offer(row: T): boolean {
      if (limit <= 0 || (kept.length === limit && !before(row, kept[limit - 1]!))) return false;
      let low = 0;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(kept[middle]!, row)) low = middle + 1;
        else high = middle;
      }
      kept.splice(low, 0, row);
      if (kept.length > limit) kept.pop();
      return true;
    },
    rows: (): T[] => kept,
  };
}

/** The first `limit` rows in the order `before` gives, in that order (see firstRowsOf). */
export function firstRows<T>(rows: readonly T[], limit: number, before: (a: T, b: T) => boolean): T[] {
  if (rows.length <= limit) return [...rows].sort((a, b) => (before(a, b) ? -1 : 1));
  const first = firstRowsOf(limit, before);
  for (const row of rows) first.offer(row);
  return first.rows();
}
