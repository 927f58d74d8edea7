/**
 * The checked-in snapshot of the repositories' SQL and plans (docs/sql/) is the one a fresh run writes:
 * a change of a statement, or of the plan SQLite gives it, shows in the review beside the code that made it.
 * On a difference, run `npx tsx scripts/sql-snapshot.ts` and read the diff of docs/sql/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SQL_SNAPSHOT_DIR, sqlSnapshot } from '../../scripts/sql-snapshot.js';

describe('the SQL snapshot', () => {
  it('holds each repository, every statement and its plan, as a fresh snapshot writes them', () => {
    const fresh = sqlSnapshot();
    expect(readdirSync(SQL_SNAPSHOT_DIR).sort()).toEqual([...fresh.keys()].sort());
    for (const [name, text] of fresh)
      expect(readFileSync(join(SQL_SNAPSHOT_DIR, name), 'utf8'), `${name}: run npx tsx scripts/sql-snapshot.ts`).toBe(
        text,
      );
    // A snapshot that caught nothing would pass as well: the invoice list's statements are there.
    expect(fresh.get('invoices.invoices.repository.md')).toContain(
      'FROM buyer_name_suffixes s CROSS JOIN buyer_names n',
    );
  });
});
