import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { isShadowTable, type SchemaDump } from './schema-dump.js';

/**
 * What a database built through the migration chain later folded into the baseline held, dumped once from
 * that chain (test/db/fixtures): its schema, the rows a new one started with, and its migration records.
 */
export type PreBaselineFixture = SchemaDump & { migrations: string[] };

export function preBaselineFixture(kind: 'store' | 'hq'): PreBaselineFixture {
  const file = join(import.meta.dirname, 'fixtures', `pre-baseline-${kind}-schema.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as PreBaselineFixture;
}

const isVirtual = (sql: string | null) => sql?.startsWith('CREATE VIRTUAL TABLE') ?? false;

/**
 * Writes into an empty database the schema, starting rows and migration records of the folded chain, its
 * records stopped at `through` (the chain's end by default). A database stopped earlier had a different
 * schema; only its records matter to the runner, which refuses it on them.
 */
export function writePreBaselineDatabase(
  sqlite: Database.Database,
  fixture: PreBaselineFixture,
  through = fixture.migrations.at(-1),
): void {
  const { objects } = fixture;
  const ordered = [
    ...objects.filter((o) => o.type === 'table' && !isVirtual(o.sql) && !isShadowTable(o.name, objects)),
    ...objects.filter((o) => o.type === 'table' && isVirtual(o.sql)),
    ...objects.filter((o) => o.type === 'index'),
    ...objects.filter((o) => o.type === 'trigger' || o.type === 'view'),
  ];
  const records = fixture.migrations.slice(0, fixture.migrations.indexOf(through ?? '') + 1);
  sqlite.transaction(() => {
    for (const object of ordered) if (object.sql) sqlite.exec(object.sql);
    for (const [table, rows] of Object.entries(fixture.rows))
      for (const row of rows as Record<string, unknown>[]) {
        const columns = Object.keys(row);
        sqlite
          .prepare(
            `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
          )
          .run(...Object.values(row));
      }
    sqlite.exec(
      'CREATE TABLE schema_migrations (idx INTEGER PRIMARY KEY, tag TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const record = sqlite.prepare('INSERT INTO schema_migrations (idx, tag, applied_at) VALUES (?, ?, ?)');
    for (const [idx, tag] of records.entries()) record.run(idx, tag, '2026-11-01T00:00:00.000Z');
  })();
}
