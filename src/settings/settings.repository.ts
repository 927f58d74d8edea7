import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/open.js';
import { settings } from './settings.table.js';

export interface StoredDocument {
  value: unknown;
  version: number;
}

export function createSettingsRepository(db: Db) {
  const byName = db
    .select()
    .from(settings)
    .where(eq(settings.name, sql.placeholder('name')))
    .prepare();
  const versionOf = db
    .select({ version: settings.version })
    .from(settings)
    .where(eq(settings.name, sql.placeholder('name')))
    .prepare();
  // Parsed documents by name, reused while the row's version is unchanged: every invoice reads settings.
  const parsed = new Map<string, { version: number; value: unknown }>();
  // The config's audit trail (settings.service.ts `update`), read once per version of the config.
  let adapterChanged: { version: number | undefined; at: string | undefined } | undefined;
  return {
    /**
     * When the config's `transmission.adapter` last changed (its audit trail), undefined if never: a
     * registration answered before it was answered by another authority (node-mode.ts).
     */
    adapterChangedAt(): string | undefined {
      const version = versionOf.get({ name: 'config' })?.version;
      const kept = adapterChanged;
      if (kept && kept.version === version) return kept.at;
      const row = db.get<{ at: string | null }>(
        sql`SELECT max(at) AS at FROM audit_entries WHERE invoice_id = 'settings:config'
              AND json_extract(details, '$.before.transmission.adapter') IS NOT json_extract(details, '$.after.transmission.adapter')`,
      );
      adapterChanged = { version, at: row?.at ?? undefined };
      return adapterChanged.at;
    },

    find(name: string): StoredDocument | undefined {
      const row = byName.get({ name });
      return row && { value: JSON.parse(row.value) as unknown, version: row.version };
    },

    /** Reads a document, filling fields it lacks from the defaults. */
    read<S extends z.ZodType>(name: string, schema: S, defaults: z.infer<S>): z.infer<S> {
      const version = versionOf.get({ name })?.version;
      if (version === undefined) return defaults;
      const cached = parsed.get(name);
      if (cached?.version === version) return cached.value as z.infer<S>;
      const stored = this.find(name) as StoredDocument;
      const value = schema.parse({ ...(defaults as object), ...(stored.value as object) });
      parsed.set(name, { version: stored.version, value });
      return value;
    },

    write(name: string, value: unknown, at: string, by: string | null): void {
      db.insert(settings)
        .values({ name, value: JSON.stringify(value), updatedAt: at, updatedBy: by })
        .onConflictDoUpdate({
          target: settings.name,
          set: { value: JSON.stringify(value), updatedAt: at, updatedBy: by, version: sql`${settings.version} + 1` },
        })
        .run();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
