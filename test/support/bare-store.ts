import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../src/db/migrate.js';
import { type OpenedDatabase, openDatabase } from '../../src/db/open.js';

/**
 * A new data dir whose database has this build's schema and no node on it: the test writes rows around the
 * services (bulk loads, raw SQL), closes it, and starts a node on `dataDir`.
 */
export function bareStore(): OpenedDatabase & { dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'hoadon-bare-'));
  const database = openDatabase(dataDir);
  migrate(database.sqlite);
  return Object.assign(database, { dataDir });
}
