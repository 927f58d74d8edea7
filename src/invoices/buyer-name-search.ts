/**
 * The invoice list's search by buyer name: the names holding a search key (`buyer_names`, found by the
 * range of their suffixes in `buyer_name_suffixes`), the page of their invoices merged by one statement, and
 * the backlog of new names the index job adds to the suffixes (docs/performance.md). The list itself, with
 * its other conditions and totals, is invoices.repository.ts's.
 */
import type Database from 'better-sqlite3';
import { desc, eq, sql } from 'drizzle-orm';
import { otherCommitsNow } from '../db/data-generation.js';
import type { Db } from '../db/open.js';
import { preparedPages } from '../db/prepared.js';
import { prefixRange } from '../db/suffix-search.js';
import { globPattern } from '../domain/text.js';
import { type BuyerName, type InvoicePlace, namesReaching } from './buyer-name-pages.js';
import { createFoundNames, type FoundName, startingWith } from './found-names.js';
import { ITEM_JSON, jsonArray } from './invoice-json.js';
import { invoices } from './invoices.table.js';

/** The names a page reaching `reach` invoices into the list needs (`namesReaching`), as the page statement binds them. */
function namesAt(names: Iterable<BuyerName>, reach: number): { names: string; since: string } {
  const { keys, since } = namesReaching(names, reach);
  return { names: JSON.stringify(keys), since };
}

const nameChangeListeners = new WeakMap<Database.Database, Set<(nameKey: string) => void>>();

/**
 * Those told of every change of a `buyer_names` row made by this connection, by any statement: a temporary
 * trigger (of this connection alone: another process has no such function) calls back into JavaScript.
 */
function nameChangesOf(sqlite: Database.Database): Set<(nameKey: string) => void> {
  const known = nameChangeListeners.get(sqlite);
  if (known) return known;
  const listeners = new Set<(nameKey: string) => void>();
  sqlite.function('hoadon_buyer_name_changed', (nameKey: unknown) => {
    for (const listener of listeners) listener(String(nameKey));
    return null;
  });
  sqlite.exec(`
    CREATE TEMP TRIGGER buyer_name_added AFTER INSERT ON main.buyer_names BEGIN SELECT hoadon_buyer_name_changed(new.name_key); END;
    CREATE TEMP TRIGGER buyer_name_counted AFTER UPDATE OF invoice_count, last_created_at ON main.buyer_names
      BEGIN SELECT hoadon_buyer_name_changed(new.name_key); END;
    CREATE TEMP TRIGGER buyer_name_removed AFTER DELETE ON main.buyer_names BEGIN SELECT hoadon_buyer_name_changed(old.name_key); END;`);
  nameChangeListeners.set(sqlite, listeners);
  return listeners;
}

export function createBuyerNameSearch(db: Db) {
  const sqlite = db.$client;
  const itemsByRowids = sqlite
    .prepare<[string], string>(
      `SELECT ${ITEM_JSON} FROM invoices WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC, rowid DESC`,
    )
    .pluck();

  // The names holding a search key, newest invoice first, each row with the invoices of all of them and how
  // many they are; read one at a time, so that a common key hands JavaScript only the names a page needs (an
  // object for each of the 30,000 names holding "an" cost 20 ms). A key is looked up as the range of the
  // name suffixes starting with it (migrations/0011_buyer_name_suffixes.sql), and among the names still
  // waiting for the index (`indexed = 0`, a few at most between two runs of the index job). A name holding
  // the key twice has two suffixes in the range: it is taken at the first, where `instr` finds the key,
  // which costs less than collecting the names into a set. The names found are kept once for the figures and
  // the order: "nguyen van an" (834 names at 1 M invoices) took 3.2 ms as a phrase of trigrams in a trigram
  // index of the names, 0.67 ms with the figures as window functions over the names in a set, 0.43 ms so.
  const namesBySuffix = sqlite.prepare<[{ key: string; from: string; before: string; pattern: string }], FoundName>(
    `WITH found AS MATERIALIZED (
       SELECT n.name_key AS key, n.invoice_count AS count, n.last_created_at AS last
       FROM buyer_name_suffixes s CROSS JOIN buyer_names n ON n.id = s.name_id
       WHERE s.suffix >= @from AND s.suffix < @before AND instr(n.name_key, @key) = length(n.name_key) - length(s.suffix) + 1
       UNION ALL
       SELECT name_key, invoice_count, last_created_at FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0 AND name_key GLOB @pattern
     ), figures AS (SELECT coalesce(sum(count), 0) AS total, count(*) AS names FROM found)
     SELECT key, count, last, total, names FROM found, figures ORDER BY last DESC`,
  );
  const nameFigures = sqlite.prepare<[string], { count: number; last: string }>(
    'SELECT invoice_count AS count, last_created_at AS last FROM buyer_names WHERE name_key = ?',
  );
  // Read from SQLite, as asked: a key with a range above it (namesHolding answers the others).
  const bySuffixes = (key: string, { from, before }: { from: string; before: string }) =>
    namesBySuffix.iterate({ key, from, before, pattern: globPattern(key) });
  const found = createFoundNames({
    holding: (key) => {
      const { from, before } = prefixRange(key);
      return bySuffixes(key, { from, before: before! });
    },
    one: (nameKey) => nameFigures.get(nameKey),
    otherCommits: otherCommitsNow(sqlite),
  });
  nameChangesOf(sqlite).add(found.touched);
  const everyName = sqlite.prepare<[], FoundName>(
    `SELECT name_key AS key, invoice_count AS count, last_created_at AS last,
       sum(invoice_count) OVER () AS total, count(*) OVER () AS names
     FROM buyer_names ORDER BY last DESC`,
  );
  const newestOfName = preparedPages<InvoicePlace>(
    sqlite,
    db
      // Aliased: the rows are read as SQLite names their columns, not mapped by drizzle.
      .select({
        rowid: sql<number>`${invoices}.rowid`.as('rowid'),
        createdAt: sql<string>`${invoices.createdAt}`.as('createdAt'),
      })
      .from(invoices)
      .where(eq(invoices.buyerNameKey, sql.placeholder('key')))
      .orderBy(desc(invoices.createdAt), desc(sql`${invoices}.rowid`)),
    { whole: true },
  );
  // The page of the invoices of several names (`namesReaching`): each name's newest invoices by the name
  // index, at most as many as the page reaches and none older than `since`, merged in one statement. Merged
  // in JavaScript from a statement a name, the first page of "nguyen van an" at 1 M invoices took 0.40 ms,
  // so 0.05 ms. The candidates are ordered by what the name index holds (created_at, rowid), so only the
  // page's rows are read from the table: reading each candidate's row for its instant cost 115 µs where
  // 117 candidates were due after a day of 8,000 sales at 20,000 invoices, 80 µs so. A name's share is
  // bounded by the instant of its reach-th newest invoice, found in the index, so that a name with thousands
  // of invoices since `since` (the walk-in buyer among a rare key's names) is not read whole. The page's
  // LIMIT is written into the SQL (see preparedPages), one statement per page size.
  type NamesPage = { names: string; since: string; reach: number; offset: number };
  const namesPageBySize = new Map<number, Database.Statement<[NamesPage], string>>();
  const pageOfNames = (params: NamesPage, limit: number): string[] => {
    let statement = namesPageBySize.get(limit);
    if (!statement) {
      if (namesPageBySize.size >= 4) namesPageBySize.delete(namesPageBySize.keys().next().value!);
      statement = sqlite
        .prepare<[NamesPage], string>(
          `SELECT ${ITEM_JSON} FROM invoices WHERE rowid IN (
             SELECT i.rowid FROM json_each(@names) n CROSS JOIN invoices i INDEXED BY invoices_buyer_name_key_created_at
             ON i.buyer_name_key = n.value AND i.created_at >= max(@since, coalesce((
               SELECT created_at FROM invoices INDEXED BY invoices_buyer_name_key_created_at
               WHERE buyer_name_key = n.value ORDER BY created_at DESC LIMIT 1 OFFSET (SELECT @reach - 1)
             ), ''))
             ORDER BY i.created_at DESC, i.rowid DESC LIMIT ${Math.trunc(limit)} OFFSET @offset
           ) ORDER BY created_at DESC, rowid DESC`,
        )
        .pluck();
      namesPageBySize.set(limit, statement);
    }
    return statement.all(params);
  };
  const idsOfNames = sqlite
    .prepare<[string], string>('SELECT id FROM invoices WHERE buyer_name_key IN (SELECT value FROM json_each(?))')
    .pluck();

  const namesWaiting = sqlite
    .prepare<[], number>('SELECT EXISTS (SELECT 1 FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0)')
    .pluck();
  // Every suffix of the batch's names that does not start with a space (a search key is trimmed).
  const indexNames = sqlite.prepare<[number]>(
    `WITH RECURSIVE batch AS (
       SELECT id, name_key FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0 ORDER BY id LIMIT ?
     ), positions(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM positions WHERE i < (SELECT max(length(name_key)) FROM batch))
     INSERT INTO buyer_name_suffixes (suffix, name_id)
     SELECT substr(b.name_key, p.i), b.id FROM batch b JOIN positions p ON p.i <= length(b.name_key)
     WHERE substr(b.name_key, p.i, 1) <> ' '`,
  );
  const markIndexed = sqlite.prepare<[number]>(
    'UPDATE buyer_names SET indexed = 1 WHERE id IN (SELECT id FROM buyer_names INDEXED BY buyer_names_to_index WHERE indexed = 0 ORDER BY id LIMIT ?)',
  );

  return {
    /**
     * The names holding the search key `key`, newest invoice first, read as asked; the caller closes the
     * iterator (`return`), since a statement stays busy until its rows are read to the end.
     */
    namesHolding(key: string, place: { outermost: boolean }): IterableIterator<FoundName> {
      const { from, before } = prefixRange(key);
      if (before === undefined) return everyName.iterate();
      // Inside a transaction of someone else's, what is read may yet be rolled back: nothing of it is kept.
      return place.outermost ? found.holding(key) : bySuffixes(key, { from, before });
    },

    /** The ids of the invoices of the names `keys`. */
    invoiceIdsOf: (keys: readonly string[]): string[] => idsOfNames.all(JSON.stringify(keys)),

    /**
     * The page `limit` at `offset` of the invoices of the names found (`head`, then the rest of `found`),
     * newest first, as a JSON array of list items (ITEM_JSON).
     */
    pageOf(head: FoundName, found: Iterator<FoundName>, limit: number, offset: number): string {
      // A single name's page is its index's page: the walk-in "khach le" is on 400,622 of a million
      // invoices, and merging would read and sort every one of them up to a deep page.
      if (head.names === 1)
        return jsonArray(
          itemsByRowids.all(JSON.stringify(newestOfName({ key: head.key }, limit, offset).map((p) => p.rowid))),
        );
      const reach = offset + limit;
      return jsonArray(pageOfNames({ ...namesAt(startingWith(head, found), reach), reach, offset }, limit));
    },

    /** Whether any buyer name waits for the suffix index (a read: the job opens no write transaction for nothing). */
    hasBacklog: (): boolean => namesWaiting.get() === 1,

    /**
     * Adds the suffixes of the oldest `limit` names waiting to the suffix index; answers how many names. A
     * new name's fifteen or so entries land on scattered pages of the index: in a batch, beside the other
     * names', outside the cashier's transaction. The caller provides the transaction.
     */
    indexBacklog(limit: number): number {
      indexNames.run(limit);
      return markIndexed.run(limit).changes;
    },
  };
}

export type BuyerNameSearch = ReturnType<typeof createBuyerNameSearch>;
