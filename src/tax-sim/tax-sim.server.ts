/**
 * `hoadon tax-sim`: options (flags, then HOADON_HOST / HOADON_PORT / HOADON_LOG_LEVEL), the simulator's
 * store (a SQLite file under --data-dir, memory otherwise), listening, and a clean stop on SIGTERM/SIGINT.
 * The data dir is taken from the flag only, never from HOADON_DATA_DIR, so that a simulator started beside a
 * node cannot open the node's directory by accident.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError, LOG_LEVELS } from '../config.js';
import { ensureDataDir, openDatabaseFile } from '../db/open.js';
import { listenAndAnnounce } from '../http/listening.js';
import { closeOnSignal } from '../http/shutdown.js';
import { buildTaxSimApp } from './tax-sim.app.js';
import { faultsPatch } from './tax-sim.faults.js';

export const TAX_SIM_DATABASE_FILE = 'tax-sim.sqlite';
export const TAX_SIM_DEFAULT_PORT = 8090;

export const taxSimOptions = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(TAX_SIM_DEFAULT_PORT),
  dataDir: z.string().min(1).optional(),
  logLevel: z.enum(LOG_LEVELS).default('info'),
  replyDelayMs: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  faults: faultsPatch.default({}),
});
export type TaxSimOptions = z.infer<typeof taxSimOptions>;

export function loadTaxSimOptions(raw: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): TaxSimOptions {
  const parsed = taxSimOptions.safeParse({
    ...raw,
    host: raw.host ?? (env.HOADON_HOST || undefined),
    port: raw.port ?? (env.HOADON_PORT || undefined),
    logLevel: raw.logLevel ?? (env.HOADON_LOG_LEVEL || undefined),
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Tùy chọn tax-sim không hợp lệ:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export async function serveTaxSim(options: TaxSimOptions): Promise<void> {
  if (options.dataDir) ensureDataDir(options.dataDir);
  const sqlite = openDatabaseFile(options.dataDir ? join(options.dataDir, TAX_SIM_DATABASE_FILE) : ':memory:');
  const app = await buildTaxSimApp({
    sqlite,
    faults: options.faults,
    logLevel: options.logLevel,
    replyDelayMs: options.replyDelayMs,
  });

  closeOnSignal(app, () => sqlite.close());

  await listenAndAnnounce(app, { host: options.host, port: options.port });
}
