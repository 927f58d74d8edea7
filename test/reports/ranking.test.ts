/**
 * A window's ranking from its closed days' first rows and today's rows, against the ranking of the whole
 * window computed directly, on random figures: keys sold on both, on one, at a loss (corrections), ties.
 */
import { describe, expect, it } from 'vitest';
import { firstRows, type RankingRule, rankAfterChanges, rankWithToday } from '../../src/reports/ranking.js';
import { seededRandom } from '../support/test-node.js';

interface Row {
  key: string;
  value: number;
}

const rule: RankingRule<Row> = {
  key: (r) => r.key,
  // Writes into the row it is given, as the node's rules do (src/reports/window-figures.ts).
  add: (a, b, into = { ...a }) => {
    into.key = a.key;
    into.value = a.value + b.value;
    return into;
  },
  before: (a, b) => a.value > b.value || (a.value === b.value && a.key < b.key),
};
const ranked = (rows: Row[]) => [...rows].sort((a, b) => (rule.before(a, b) ? -1 : 1));

describe('rankWithToday', () => {
  it('ranks as the whole window does, whenever the closed days’ first rows suffice', () => {
    const next = seededRandom(3);
    let decided = 0;
    for (let round = 0; round < 500; round++) {
      const keys = Array.from({ length: 1 + Math.floor(next() * 60) }, (_, i) => `k${i}`);
      // Values from a small range: ties are frequent.
      const value = () => Math.floor(next() * 20) - 3;
      const closed = keys.filter(() => next() < 0.8).map((key) => ({ key, value: value() }));
      const today = keys.filter(() => next() < 0.3).map((key) => ({ key, value: value() }));
      const whole = new Map(closed.map((r) => [r.key, r]));
      for (const r of today) whole.set(r.key, whole.has(r.key) ? rule.add(whole.get(r.key)!, r) : r);
      const limit = 1 + Math.floor(next() * 10);
      const kept = Math.floor(next() * (closed.length + 2));
      const closedTop = ranked(closed).slice(0, kept);
      const closedByKey = new Map(closed.map((r) => [r.key, r]));
      const closedRanking = {
        top: closedTop,
        complete: kept >= closed.length,
        of: (asked: Iterable<string>) =>
          new Map(Array.from(asked).flatMap((k) => (closedByKey.has(k) ? [[k, closedByKey.get(k)!] as const] : []))),
      };
      const result = rankWithToday(rule, limit, closedRanking, today);
      // Today's rows handed by key as well, as today-rows.ts keeps them: the same ranking.
      expect(rankWithToday(rule, limit, closedRanking, today, new Map(today.map((r) => [r.key, r])))).toEqual(result);
      const unsoldToday = closedTop.filter((r) => !today.some((t) => t.key === r.key));
      if (kept < closed.length && unsoldToday.length < limit) {
        expect(result).toBeUndefined();
        continue;
      }
      decided += 1;
      expect(result).toEqual(ranked([...whole.values()]).slice(0, limit));
    }
    expect(decided).toBeGreaterThan(200);
  });

  it('is today’s ranking when no day is closed', () => {
    const today = [
      { key: 'b', value: 2 },
      { key: 'a', value: 2 },
      { key: 'c', value: 5 },
    ];
    expect(rankWithToday(rule, 2, { top: [], complete: true, of: () => new Map() }, today)).toEqual([
      { key: 'c', value: 5 },
      { key: 'a', value: 2 },
    ]);
  });
});

describe('rankAfterChanges', () => {
  it('ranks as the whole figures do after some keys rose, and declines when a ranked key fell', () => {
    const next = seededRandom(5);
    let moved = 0;
    let declined = 0;
    for (let round = 0; round < 500; round++) {
      const value = () => Math.floor(next() * 20) - 3;
      const figures = new Map(
        Array.from({ length: Math.floor(next() * 50) }, (_, i) => [`k${i}`, { key: `k${i}`, value: value() }]),
      );
      const limit = 1 + Math.floor(next() * 10);
      const before = ranked([...figures.values()]).slice(0, limit);
      // Some keys change, new ones among them; a key may change twice (the last figures count).
      const changed = new Map<string, Row>();
      let fell = false;
      for (let n = Math.floor(next() * 6); n > 0; n--) {
        const key = `k${Math.floor(next() * 60)}`;
        const was = figures.get(key);
        const rise = next() < 0.85 || !was;
        const now = {
          key,
          value: was ? was.value + (rise ? Math.floor(next() * 5) : -1 - Math.floor(next() * 3)) : value(),
        };
        if (!rise && before.some((r) => r.key === key)) fell = true;
        figures.set(key, now);
        changed.set(key, now);
      }
      const result = rankAfterChanges(rule, limit, before, changed);
      if (result === undefined) {
        expect(fell).toBe(true);
        declined += 1;
        continue;
      }
      moved += 1;
      expect(result).toEqual(ranked([...figures.values()]).slice(0, limit));
    }
    expect(moved).toBeGreaterThan(300);
    expect(declined).toBeGreaterThan(5);
  });
});

describe('firstRows', () => {
  it('is the sorted list cut at the limit, ties and all', () => {
    const next = seededRandom(11);
    for (let round = 0; round < 500; round++) {
      const rows = Array.from({ length: Math.floor(next() * 200) }, (_, i) => ({
        key: `k${i}`,
        value: Math.floor(next() * 30) - 5,
      }));
      const limit = 1 + Math.floor(next() * 40);
      expect(firstRows(rows, limit, rule.before)).toEqual(ranked(rows).slice(0, limit));
    }
  });
});
