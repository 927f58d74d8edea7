import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import type { HealthReport } from './health.routes.js';

export function createHealthService(deps: { sqlite: Database.Database; clock: Clock; version: string }) {
  const { sqlite, clock, version } = deps;
  const startedAt = clock.now().getTime();
  const ping = sqlite.prepare('SELECT 1');
  return (): HealthReport => {
    let db: HealthReport['db'] = 'ok';
    try {
      ping.get();
    } catch {
      db = 'error';
    }
    return {
      status: db === 'ok' ? 'ok' : 'degraded',
      version,
      uptimeSeconds: Math.floor((clock.now().getTime() - startedAt) / 1000),
      db,
      transmissionQueue: { queued: 0, oldestAgeSeconds: null },
      sync: { lastSuccessAt: null, pendingOutbox: 0 },
    };
  };
}
