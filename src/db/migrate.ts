/**
 * Applies the SQL migrations drizzle-kit generated into migrations/. Idempotent; each migration in its own
 * transaction. A database that has migrations this code does not know was written by a newer hoadon:
 * refuse it rather than run old code on a schema it does not understand.
 */
import type Database from 'better-sqlite3';
import { readAsset } from '../assets.js';
import { backupDatabase, backupPath } from './backup.js';

export interface Migration {
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

/** The store's migrations; headquarters keeps its own database and migrations in `migrations/hq`. */
export const STORE_MIGRATIONS = 'migrations';

/** The migrations this build knows in `folder`, in order (drizzle-kit's journal). */
export function knownMigrations(folder = STORE_MIGRATIONS): Migration[] {
  return (JSON.parse(readAsset(`${folder}/meta/_journal.json`)) as { entries: Migration[] }).entries;
}

function appliedTags(sqlite: Database.Database): string[] {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    idx INTEGER PRIMARY KEY, tag TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  return (sqlite.prepare('SELECT tag FROM schema_migrations ORDER BY idx').all() as { tag: string }[]).map(
    (r) => r.tag,
  );
}

export interface MigrationPlan {
  /** Migrations already applied to this database. */
  applied: string[];
  pending: Migration[];
}

export function planMigrations(sqlite: Database.Database, known: Migration[] = knownMigrations()): MigrationPlan {
  const applied = appliedTags(sqlite);
  const knownTags = new Set(known.map((m) => m.tag));
  const unknown = applied.filter((tag) => !knownTags.has(tag));
  if (unknown.length > 0) throw new SchemaTooNewError(unknown);
  const done = new Set(applied);
  return { applied, pending: known.filter((m) => !done.has(m.tag)) };
}

export interface MigrationResult {
  applied: string[];
  current: string;
}

export function migrate(
  sqlite: Database.Database,
  options: { known?: Migration[]; now?: () => Date; folder?: string } = {},
): MigrationResult {
  const folder = options.folder ?? STORE_MIGRATIONS;
  const known = options.known ?? knownMigrations(folder);
  const now = options.now ?? (() => new Date());
  const { pending } = planMigrations(sqlite, known);
  for (const migration of pending) {
    const statements = readAsset(`${folder}/${migration.tag}.sql`)
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    sqlite
      .transaction(() => {
        for (const statement of statements) sqlite.exec(statement);
        sqlite
          .prepare('INSERT INTO schema_migrations (idx, tag, applied_at) VALUES (?, ?, ?)')
          .run(migration.idx, migration.tag, now().toISOString());
      })
      .immediate();
  }
  return { applied: pending.map((m) => m.tag), current: known.at(-1)?.tag ?? '' };
}

/**
 * Brings a data dir's database to this build's schema, as the store and headquarters do on start. An
 * upgrade (pending migrations on a database that has some applied) first keeps a full copy in
 * `<data>/backups/before-<last migration>-<time>.sqlite` to roll back to; a database written by a newer
 * hoadon is refused before anything is written.
 */
export async function upgradeDatabase(
  sqlite: Database.Database,
  dataDir: string,
  options: { folder?: string; now: () => Date },
): Promise<MigrationResult> {
  const folder = options.folder ?? STORE_MIGRATIONS;
  const known = knownMigrations(folder);
  const plan = planMigrations(sqlite, known);
  if (plan.applied.length > 0 && plan.pending.length > 0) {
    const label = `before-${plan.pending.at(-1)?.tag ?? 'upgrade'}`;
    await backupDatabase(sqlite, backupPath(dataDir, label, options.now()));
  }
  return migrate(sqlite, { known, folder, now: options.now });
}
