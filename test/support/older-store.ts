import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knownMigrations, migrate } from '../../src/db/migrate.js';
import { openDatabase, type OpenedDatabase } from '../../src/db/open.js';

/**
 * A new data dir whose database stops just before migration `tag`, as a store still on an older hoadon
 * has it: the test writes what such a store held, closes it, and starts a node on `dataDir` to upgrade it.
 */
export function storeBefore(tag: string): OpenedDatabase & { dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), `hoadon-before-${tag}-`));
  const older = openDatabase(dataDir);
  const known = knownMigrations();
  const upTo = known.findIndex((m) => m.tag === tag);
  if (upTo < 0) throw new Error(`no migration ${tag}`);
  migrate(older.sqlite, { known: known.slice(0, upTo) });
  return Object.assign(older, { dataDir });
}
