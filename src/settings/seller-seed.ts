/**
 * `HOADON_SELLER_*` at start: the seller of a node that has none set yet (a fresh install, provisioned by
 * script), so it leaves demo mode once its certificate is imported. Never overwrites a seller an admin set:
 * from then on only PATCH /config changes it.
 */
import type Database from 'better-sqlite3';
import { ConfigError, ENVIRONMENT, type NodeConfig } from '../config.js';
import { inTransaction } from '../db/transaction.js';
import { sellerIsSet } from './node-mode.js';
import { type StoreConfig, sellerSchema } from './settings.documents.js';
import type { SettingsService } from './settings.service.js';

type SellerPatch = Partial<StoreConfig['seller']>;

const FIELDS = {
  name: 'sellerName',
  mst: 'sellerMst',
  address: 'sellerAddress',
  phone: 'sellerPhone',
  email: 'sellerEmail',
} as const satisfies Record<keyof StoreConfig['seller'], keyof NodeConfig>;

/** The seller the environment gives, checked before the node opens; undefined when it gives none. */
export function sellerFromEnvironment(config: NodeConfig): SellerPatch | undefined {
  const given = Object.entries(FIELDS).filter(([, field]) => config[field] !== undefined);
  if (given.length === 0) return undefined;
  const parsed = sellerSchema
    .partial()
    .safeParse(Object.fromEntries(given.map(([key, field]) => [key, config[field]])));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const field = FIELDS[issue.path[0] as keyof typeof FIELDS];
      return `  ${ENVIRONMENT[field]}: ${issue.message}`;
    });
    throw new ConfigError(`Cấu hình không hợp lệ:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Sets the seller when none is set yet; answers whether it did. */
export function seedSeller(
  seller: SellerPatch | undefined,
  deps: { sqlite: Database.Database; settings: SettingsService },
): boolean {
  if (!seller || sellerIsSet(deps.settings.storeConfig().seller)) return false;
  inTransaction(deps.sqlite, () => deps.settings.update('config', { seller }, 'HOADON_SELLER'));
  return true;
}
