import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/open.js';
import { settings } from './settings.table.js';

export interface StoredDocument {
  value: unknown;
  version: number;
}

export function createSettingsRepository(db: Db) {
  return {
    find(name: string): StoredDocument | undefined {
      const row = db.select().from(settings).where(eq(settings.name, name)).get();
      return row && { value: JSON.parse(row.value) as unknown, version: row.version };
    },

    /** Reads a document, filling fields it lacks from the defaults. */
    read<S extends z.ZodType>(name: string, schema: S, defaults: z.infer<S>): z.infer<S> {
      const stored = this.find(name);
      if (!stored) return defaults;
      return schema.parse({ ...(defaults as object), ...(stored.value as object) });
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
