import type Database from 'better-sqlite3';

export interface RegistryEntry {
  mst: string;
  name: string;
  address: string | null;
  status: string;
  source: 'invoice' | 'hq' | 'upstream';
  updatedAt: string;
}

/**
 * Sources rank upstream > hq > invoice: a better-informed record is never overwritten by a weaker one. The tax
 * authority's answer outranks headquarters, whose entries may carry a name a cashier typed at another store.
 */
export function createMstRepository(sqlite: Database.Database) {
  const find = sqlite.prepare<[string], RegistryEntry>(
    'SELECT mst, name, address, status, source, updated_at AS updatedAt FROM mst_registry WHERE mst = ?',
  );
  const upsert = sqlite.prepare(
    `INSERT INTO mst_registry (mst, name, address, status, source, updated_at) VALUES (@mst, @name, @address, @status, @source, @updatedAt)
     ON CONFLICT (mst) DO UPDATE SET name = excluded.name, address = coalesce(excluded.address, address), status = excluded.status,
       source = excluded.source, updated_at = excluded.updated_at
     WHERE CASE excluded.source WHEN 'upstream' THEN 3 WHEN 'hq' THEN 2 ELSE 1 END
        >= CASE mst_registry.source WHEN 'upstream' THEN 3 WHEN 'hq' THEN 2 ELSE 1 END`,
  );
  return {
    find: (mst: string) => find.get(mst),
    upsert: (entry: RegistryEntry) => {
      upsert.run(entry);
    },
  };
}

export type MstRepository = ReturnType<typeof createMstRepository>;
