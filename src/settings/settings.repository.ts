import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { tableGeneration } from '../db/data-generation.js';
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
  // Parsed documents by name, reused while the row's version is unchanged: every invoice reads settings a
  // dozen times. While the settings table is not written (`changes`), not even the version is looked at.
  const parsed = new Map<string, { version: number | undefined; value: unknown; checked: number }>();
  const changes = tableGeneration(db.$client, ['settings']);
  // The config's audit trail (settings.service.ts `update`), read once per version of the config.
  let adapterChanged: { version: number | undefined; at: string | undefined; checked: number } | undefined;
  return {
    /**
     * When the config's `transmission.adapter` last changed (its audit trail), undefined if never: a
     * registration answered before it was answered by another authority (node-mode.ts).
     */
    adapterChangedAt(): string | undefined {
      const checked = changes();
      const kept = adapterChanged;
      if (kept?.checked === checked) return kept.at;
      const version = versionOf.get({ name: 'config' })?.version;
      if (kept && kept.version === version) {
        kept.checked = checked;
        return kept.at;
      }
      const row = db.get<{ at: string | null }>(
        sql`SELECT max(at) AS at FROM audit_entries WHERE invoice_id = 'settings:config'
              AND json_extract(details, '$.before.transmission.adapter') IS NOT json_extract(details, '$.after.transmission.adapter')`,
      );
      adapterChanged = { version, at: row?.at ?? undefined, checked };
      return adapterChanged.at;
    },

    find(name: string): StoredDocument | undefined {
      const row = byName.get({ name });
      return row && { value: JSON.parse(row.value) as unknown, version: row.version };
    },

    /**
     * Reads a document, filling fields it lacks from the defaults; a document never stored is the defaults,
     * made at each read (the templates' hold the current year).
     */
    read<S extends z.ZodType>(name: string, schema: S, defaults: () => z.infer<S>): z.infer<S> {
      const checked = changes();
      let cached = parsed.get(name);
      if (cached?.checked !== checked) {
        const version = versionOf.get({ name })?.version;
        if (cached && cached.version === version) cached.checked = checked;
        else {
          const stored = version === undefined ? undefined : (this.find(name) as StoredDocument);
          cached = {
            version,
            value: stored && schema.parse({ ...(defaults() as object), ...(stored.value as object) }),
            checked,
          };
          parsed.set(name, cached);
        }
      }
      return cached?.version === undefined ? defaults() : (cached.value as z.infer<S>);
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
