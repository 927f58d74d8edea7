/**
 * Headquarters on the database its configuration names: PostgreSQL when a database URL is given
 * (HOADON_HQ_DATABASE_URL or --database-url), otherwise the data dir's SQLite file, as before. The server and
 * every `hoadon hq …` command open HQ here.
 */
import type { HqConfig } from './hq-config.js';
import { type HqServices, openHq } from './hq-node.js';
import { openPgHq, redactedUrl } from './pg/pg-hq-node.js';

export interface RunningHq {
  services: HqServices;
  /** Where the data is, for logs: the SQLite file's dir or the URL without its password. */
  where: string;
  close(): Promise<void>;
}

export async function openConfiguredHq(
  config: Pick<HqConfig, 'dataDir' | 'databaseUrl' | 'dbPoolSize'>,
  log: (line: string) => void = () => {},
): Promise<RunningHq> {
  if (config.databaseUrl) {
    const hq = await openPgHq(config.databaseUrl, { poolSize: config.dbPoolSize, log });
    return { services: hq.services, where: redactedUrl(config.databaseUrl), close: () => hq.close() };
  }
  const hq = await openHq(config.dataDir);
  return {
    services: hq.services,
    where: config.dataDir,
    close: async () => hq.close(),
  };
}
