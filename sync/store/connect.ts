/**
 * `hoadon sync connect`, on the store's machine only: HQ's url and this store's id in the config, the
 * credential HQ issued in its file bound to that url. Connecting to another HQ (or for the first time) queues
 * everything the store has: nothing was queued while no HQ was configured, and another HQ holds none of it.
 */
import type Database from 'better-sqlite3';
import { inTransaction } from '../../src/db/transaction.js';
import { sameUrl } from '../../src/settings/config-patch.js';
import type { SettingsService } from '../../src/settings/settings.service.js';
import { checkHqUrl, credentialFor, writeCredential } from './credential.js';

export interface ConnectRequest {
  url: string;
  storeId: string;
  /** What the admin pasted: the whole credential or its secret part. */
  credential: string;
  intervalSeconds?: number;
}

export function connectToHq(
  deps: {
    sqlite: Database.Database;
    dataDir: string;
    settings: Pick<SettingsService, 'storeConfig' | 'update'>;
    startResync: () => void;
  },
  request: ConnectRequest,
): { url: string; resync: boolean } {
  const url = checkHqUrl(request.url);
  const credential = credentialFor(request.storeId, request.credential);
  const before = deps.settings.storeConfig();
  const sameHq =
    before.headquarters.url !== null && sameUrl(before.headquarters.url, url) && before.storeId === request.storeId;
  const headquarters = {
    url,
    ...(request.intervalSeconds === undefined ? {} : { syncIntervalSeconds: request.intervalSeconds }),
  };
  inTransaction(deps.sqlite, () => {
    deps.settings.update('config', { storeId: request.storeId, headquarters }, 'hoadon sync connect');
    if (!sameHq) deps.startResync();
  });
  writeCredential(deps.dataDir, credential, url);
  return { url, resync: !sameHq };
}
