/**
 * The node's periodic jobs, run by `hoadon serve` (src/server.ts). Each job is synchronous or returns a
 * promise, must be safe to run at any moment (idempotent), and logs nothing itself: the runner logs.
 */
import { dailyBackup } from './backup/backup.service.js';
import { purgeExpiredKeys } from './idempotency/idempotency.plugin.js';
import type { Services } from './services.js';

export interface PeriodicJob {
  name: string;
  everyMs: number;
  run(): unknown;
}

const HOUR_MS = 3600 * 1000;

export function periodicJobs(services: Services): PeriodicJob[] {
  return [
    { name: 'purge-idempotency-keys', everyMs: HOUR_MS, run: () => purgeExpiredKeys(services.idempotencyKeys, services.clock) },
    {
      name: 'daily-backup',
      everyMs: HOUR_MS,
      run: () => dailyBackup(services.sqlite, services.config.dataDir, services.clock, services.config.backupKeep),
    },
  ];
}
