import { describe, expect, it } from 'vitest';
import { newestFirst, pageOfNames, type BuyerName, type InvoicePlace } from '../../src/invoices/buyer-name-pages.js';

/** A small deterministic generator, so a failure names its case. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** Names with their invoices: some names on one invoice, some on many, instants often shared across names. */
function namesWithInvoices(seed: number) {
  const next = random(seed);
  const invoicesOf = new Map<string, InvoicePlace[]>();
  let rowid = 0;
  const nameCount = 1 + next(40);
  for (let n = 0; n < nameCount; n += 1) invoicesOf.set(`name ${n}`, []);
  const invoiceCount = next(400);
  for (let i = 0; i < invoiceCount; i += 1) {
    rowid += 1;
    const createdAt = new Date(Date.UTC(2026, 0, 1) + next(200) * 60_000).toISOString();
    invoicesOf.get(`name ${next(nameCount) ** 2 % nameCount}`)!.push({ rowid, createdAt });
  }
  const names: BuyerName[] = [...invoicesOf]
    .filter(([, places]) => places.length > 0)
    .map(([key, places]) => ({
      key,
      count: places.length,
      last: places
        .map((p) => p.createdAt)
        .sort()
        .at(-1)!,
    }))
    // As the search hands them: by their newest invoice, newest first.
    .sort((a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : 0));
  return { names, invoicesOf, all: [...invoicesOf.values()].flat().sort(newestFirst) };
}

describe('pageOfNames', () => {
  it('answers each page as sorting every invoice of the names does, on 300 random cases', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const { names, invoicesOf, all } = namesWithInvoices(seed);
      const newestOf = (key: string, count: number) => invoicesOf.get(key)!.slice().sort(newestFirst).slice(0, count);
      for (const [limit, offset] of [
        [20, 0],
        [20, 20],
        [7, 3],
        [100, 0],
        [50, 150],
        [20, all.length],
        [1, all.length - 1],
      ] as const) {
        expect(pageOfNames(names, limit, offset, newestOf), `seed ${seed}, limit ${limit}, offset ${offset}`).toEqual(
          all.slice(offset, offset + limit),
        );
      }
    }
  });

  it('reads no name whose newest invoice is older than the page', () => {
    const names: BuyerName[] = [
      { key: 'new', count: 30, last: '2026-03-01T00:00:00.000Z' },
      { key: 'old', count: 5, last: '2025-01-01T00:00:00.000Z' },
    ];
    const read: string[] = [];
    const newestOf = (key: string, count: number) => {
      read.push(key);
      return Array.from({ length: Math.min(count, key === 'new' ? 30 : 5) }, (_, i) => ({
        rowid: 100 - i,
        createdAt: key === 'new' ? `2026-02-${String(28 - i).padStart(2, '0')}` : '2025-01-01',
      }));
    };
    expect(pageOfNames(names, 20, 0, newestOf).map((place) => place.rowid)).toEqual(
      Array.from({ length: 20 }, (_, i) => 100 - i),
    );
    expect(read).toEqual(['new']);
  });

  it('answers nothing for no names', () => {
    expect(pageOfNames([], 20, 0, () => [])).toEqual([]);
  });
});
