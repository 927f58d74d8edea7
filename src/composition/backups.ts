/** Backups made on demand (the console's button) and how every backup is encrypted. */

import { join } from 'node:path';
import { CREDENTIAL_FILE } from '../../sync/store/credential.js';
import { createBackup } from '../backup/backup.service.js';
import { BACKUP_DIR, backupPath } from '../db/backup.js';
import { TVAN_CREDENTIAL_FILE } from '../transmission/tvan-connection.js';
import type { NodeContext } from './context.js';
import type { Storage } from './storage.js';

/** The data dir's secrets an encrypted backup holds besides the database (src/backup/backup.service.ts). */
export const BACKUP_SECRETS = ['signing', CREDENTIAL_FILE, TVAN_CREDENTIAL_FILE] as const;

/** How backups are encrypted: with the backup passphrase, when one is set. */
export const backupEncryption = (config: { backupPassphrase?: string | undefined; dataDir: string }) =>
  config.backupPassphrase
    ? { passphrase: config.backupPassphrase, dataDir: config.dataDir, secrets: BACKUP_SECRETS }
    : undefined;

export function createBackups(ctx: NodeContext, { storage }: { storage: Pick<Storage, 'sqlite'> }) {
  const { config, clock } = ctx;
  return {
    dir: join(config.dataDir, BACKUP_DIR),
    /** A backup made now, encrypted with the store's secrets when a backup passphrase is set. */
    makeNow: () =>
      createBackup(storage.sqlite, backupPath(config.dataDir, 'manual', clock.now()), backupEncryption(config)),
  };
}

export type Backups = ReturnType<typeof createBackups>;
