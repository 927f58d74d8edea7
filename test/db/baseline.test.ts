import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadNodeConfig } from '../../src/config.js';
import { BACKUP_DIR } from '../../src/db/backup.js';
import { FOLDED_CHAINS } from '../../src/db/folded-migrations.js';
import { knownMigrations, migrate, SchemaBeforeBaselineError } from '../../src/db/migrate.js';
import { DATABASE_FILE, openDatabaseFile } from '../../src/db/open.js';
import { openNode } from '../../src/node.js';
import { HQ_DATABASE_FILE, HQ_MIGRATIONS, openHq } from '../../sync/hq/hq-node.js';
import { preBaselineFixture, writePreBaselineDatabase } from './pre-baseline.js';
import { comparableSchema, dumpSchema } from './schema-dump.js';

const KINDS = [
  { kind: 'store', folder: 'migrations', file: DATABASE_FILE },
  { kind: 'hq', folder: HQ_MIGRATIONS, file: HQ_DATABASE_FILE },
] as const;

const records = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT idx, tag FROM schema_migrations ORDER BY idx').all() as { idx: number; tag: string }[];
  } finally {
    db.close();
  }
};

const schemaOf = (sqlite: Database.Database) => comparableSchema(dumpSchema(sqlite));

/** A new database at the baseline alone, or (`all`) with the migrations added after it too. */
const fromBaseline = (folder: string, upTo: 'baseline' | 'all') => {
  const sqlite = new Database(':memory:');
  const known = knownMigrations(folder);
  migrate(sqlite, { folder, known: upTo === 'baseline' ? known.slice(0, 1) : known });
  return sqlite;
};

/** A data dir whose database the folded chain built, its records stopped at `through`. */
const preBaselineDataDir = (kind: 'store' | 'hq', file: string, through?: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), `hoadon-pre-baseline-${kind}-`));
  const sqlite = openDatabaseFile(join(dataDir, file));
  writePreBaselineDatabase(sqlite, preBaselineFixture(kind), through);
  sqlite.close();
  return dataDir;
};

const openDataDir = async (kind: 'store' | 'hq', dataDir: string) => {
  if (kind === 'hq') return (await openHq(dataDir)).close();
  await (await openNode(loadNodeConfig({ dataDir, adminPassword: 'baseline-admin-pw' }, {}))).close();
};

describe.each(KINDS)('the $kind migration baseline', ({ kind, folder, file }) => {
  const fixture = preBaselineFixture(kind);
  const chain = FOLDED_CHAINS[folder]!;

  it('builds the schema the folded chain built: tables, columns, indexes, triggers and starting rows', () => {
    const { migrations, ...folded } = fixture;
    expect(migrations).toEqual(chain.tags);
    const sqlite = fromBaseline(folder, 'baseline');
    expect(schemaOf(sqlite)).toEqual(comparableSchema(folded));
    sqlite.close();
  });

  it('is recorded in schema_migrations as the chain was, one row a migration, and applied once', () => {
    const sqlite = new Database(':memory:');
    expect(migrate(sqlite, { folder }).applied).toEqual(knownMigrations(folder).map((m) => m.tag));
    expect(knownMigrations(folder)[0]?.tag).toBe(chain.baseline);
    expect(
      sqlite.prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?)').all('schema_migrations'),
    ).toEqual([
      { name: 'idx', type: 'INTEGER', notnull: 0, pk: 1 },
      { name: 'tag', type: 'TEXT', notnull: 1, pk: 0 },
      { name: 'applied_at', type: 'TEXT', notnull: 1, pk: 0 },
    ]);
    expect(migrate(sqlite, { folder }).applied).toEqual([]);
    expect(sqlite.pragma('user_version', { simple: true })).toBe(0);
    sqlite.close();
  });

  it('opens a data dir the folded chain built to its end: recorded at the baseline, a copy kept first', async () => {
    const dataDir = preBaselineDataDir(kind, file);
    await openDataDir(kind, dataDir);

    expect(records(join(dataDir, file)).map((r) => r.tag)).toEqual(knownMigrations(folder).map((m) => m.tag));
    const copies = readdirSync(join(dataDir, BACKUP_DIR)).filter((f) => f.endsWith('.sqlite'));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(new RegExp(`^before-${knownMigrations(folder).at(-1)?.tag}-`));
    expect(records(join(dataDir, BACKUP_DIR, copies[0]!)).map((r) => r.tag)).toEqual(chain.tags);

    const upgraded = new Database(join(dataDir, file), { readonly: true });
    const current = fromBaseline(folder, 'all');
    expect(schemaOf(upgraded).objects).toEqual(schemaOf(current).objects);
    upgraded.close();
    current.close();
    await openDataDir(kind, dataDir);
    expect(readdirSync(join(dataDir, BACKUP_DIR)).filter((f) => f.endsWith('.sqlite'))).toHaveLength(1);
  });

  it('refuses a data dir the folded chain built only part way, saying what to do, before writing to it', async () => {
    const through = chain.tags.at(-2)!;
    const dataDir = preBaselineDataDir(kind, file, through);
    const opening = openDataDir(kind, dataDir);
    await expect(opening).rejects.toThrow(SchemaBeforeBaselineError);
    await expect(opening).rejects.toThrow(
      new RegExp(`dừng ở migration ${through}.*hoadon migrate.*phiên bản hoadon trước.*${chain.tags.at(-1)}`),
    );
    await expect(opening).rejects.toThrow(/run `hoadon migrate` of the previous hoadon release first/);
    expect(records(join(dataDir, file)).map((r) => r.tag)).toEqual(chain.tags.slice(0, -1));
    expect(() => readdirSync(join(dataDir, BACKUP_DIR))).toThrow();
  });
});
