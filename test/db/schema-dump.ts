import type Database from 'better-sqlite3';

/** One row of `sqlite_schema`, its SQL as SQLite keeps it. */
export interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

export interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

export interface SchemaDump {
  objects: SchemaObject[];
  /** `PRAGMA table_xinfo` of every table, in column order. */
  columns: Record<string, ColumnInfo[]>;
  /** The rows a new database holds before anything is written to it (seeded by the migrations), by table. */
  rows: Record<string, unknown[]>;
}

/**
 * SQLite keeps each statement's text as written (and as ALTER TABLE rewrote it): quotes, backticks, line
 * breaks and the spaces beside punctuation differ between a chain of migrations and one baseline that
 * builds the same schema.
 */
export function normaliseSql(sql: string | null): string | null {
  if (sql === null) return null;
  return sql
    .replace(/[`"[\]]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),=])\s*/g, '$1')
    .trim();
}

/** Bookkeeping of the migration runner and SQLite's own statistics: not part of the schema the migrations build. */
const RUNNER_TABLES = new Set(['schema_migrations', 'sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4']);

/** The schema as two databases built differently can compare it: each statement's SQL normalised. */
export function comparableSchema(dump: SchemaDump): SchemaDump {
  return { ...dump, objects: dump.objects.map((o) => ({ ...o, sql: normaliseSql(o.sql) })) };
}

export function dumpSchema(sqlite: Database.Database): SchemaDump {
  const objects = (
    sqlite.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all() as SchemaObject[]
  ).filter((o) => !RUNNER_TABLES.has(o.tbl_name));
  const columns: Record<string, ColumnInfo[]> = {};
  const rows: Record<string, unknown[]> = {};
  for (const table of objects.filter((o) => o.type === 'table')) {
    columns[table.name] = sqlite
      .prepare(`SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid`)
      .all(table.name) as ColumnInfo[];
    // FTS5 shadow tables hold the index's own configuration, written by CREATE VIRTUAL TABLE itself.
    if (table.sql?.startsWith('CREATE VIRTUAL TABLE') || isShadowTable(table.name, objects)) continue;
    const held = sqlite.prepare(`SELECT * FROM "${table.name}" ORDER BY 1`).all();
    if (held.length > 0) rows[table.name] = held;
  }
  return { objects, columns, rows };
}

/** The tables FTS5 creates for a virtual table `x`: x_data, x_idx, x_content, x_docsize, x_config. */
export function isShadowTable(name: string, objects: SchemaObject[]): boolean {
  return objects.some(
    (o) =>
      o.sql?.startsWith('CREATE VIRTUAL TABLE') &&
      new RegExp(`^${o.name}_(data|idx|content|docsize|config)$`).test(name),
  );
}
