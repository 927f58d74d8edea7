/**
 * Applies the SQL migrations drizzle-kit generated into migrations/. Idempotent; each migration in its own
 * transaction. A database that has migrations this code does not know was written by a newer hoadon:
 * refuse it rather than run old code on a schema it does not understand.
 */
import type Database from 'better-sqlite3';
import { readAsset } from '../assets.js';

interface JournalEntry {
  idx: number;
  tag: string;
}

export class SchemaTooNewError extends Error {
  constructor(readonly unknownTags: string[]) {
    super(
      `Cơ sở dữ liệu được tạo bởi phiên bản hoadon mới hơn (migration ${unknownTags.join(', ')}). ` +
        'Hãy chạy phiên bản hoadon mới hơn, hoặc khôi phục bản sao lưu tương ứng.',
    );
    this.name = 'SchemaTooNewError';
  }
}

function journal(): JournalEntry[] {
  return (JSON.parse(readAsset('migrations/meta/_journal.json')) as { entries: JournalEntry[] }).entries;
}

export interface MigrationResult {
  applied: string[];
  current: string;
}

export function migrate(sqlite: Database.Database, now: () => Date = () => new Date()): MigrationResult {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    idx INTEGER PRIMARY KEY, tag TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const known = journal();
  const knownTags = new Set(known.map((m) => m.tag));
  const appliedRows = sqlite.prepare('SELECT tag FROM schema_migrations ORDER BY idx').all() as { tag: string }[];
  const unknown = appliedRows.map((r) => r.tag).filter((tag) => !knownTags.has(tag));
  if (unknown.length > 0) throw new SchemaTooNewError(unknown);

  const appliedTags = new Set(appliedRows.map((r) => r.tag));
  const applied: string[] = [];
  for (const migration of known) {
    if (appliedTags.has(migration.tag)) continue;
    const statements = readAsset(`migrations/${migration.tag}.sql`)
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    sqlite.transaction(() => {
      for (const statement of statements) sqlite.exec(statement);
      sqlite
        .prepare('INSERT INTO schema_migrations (idx, tag, applied_at) VALUES (?, ?, ?)')
        .run(migration.idx, migration.tag, now().toISOString());
    }).immediate();
    applied.push(migration.tag);
  }
  return { applied, current: known.at(-1)?.tag ?? '' };
}
