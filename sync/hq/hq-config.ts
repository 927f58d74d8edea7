/**
 * Configuration of `hoadon hq`: flags over HOADON_HQ_* variables, parsed once with a readable error. HQ has
 * its own host, port and data dir variables so that one machine can run a store node and HQ side by side
 * (a test bench, a small chain) with one environment; the log level is shared.
 */
import { z } from 'zod';
import { ConfigError, LOG_LEVELS } from '../../src/config.js';

export const HQ_DEFAULT_PORT = 9090;

export const hqConfigSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(HQ_DEFAULT_PORT),
  dataDir: z.string().min(1).default('./hq-data'),
  logLevel: z.enum(LOG_LEVELS).default('info'),
  adminToken: z.string().min(32, 'HOADON_HQ_ADMIN_TOKEN phải có ít nhất 32 ký tự.').optional(),
  /** PostgreSQL instead of the data dir's SQLite file (several HQ processes may share it). */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'phải có dạng postgres://người-dùng:mật-khẩu@máy:cổng/cơ-sở-dữ-liệu.')
    .optional(),
  /** Connections each HQ process keeps to PostgreSQL at most. */
  dbPoolSize: z.coerce.number().int().min(1).max(500).default(10),
  /** Where buyers reach this HQ's lookup portal (/tra-cuu), announced to every store (docs/delivery.md). */
  publicUrl: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'phải là địa chỉ http(s)://, không có ? hay #.')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** How long an old store secret keeps working after `hoadon hq store rotate`. */
  rotationGraceHours: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24),
});

export type HqConfig = z.infer<typeof hqConfigSchema>;

export const HQ_ENVIRONMENT: Record<keyof HqConfig, string> = {
  host: 'HOADON_HQ_HOST',
  port: 'HOADON_HQ_PORT',
  dataDir: 'HOADON_HQ_DATA_DIR',
  logLevel: 'HOADON_LOG_LEVEL',
  adminToken: 'HOADON_HQ_ADMIN_TOKEN',
  databaseUrl: 'HOADON_HQ_DATABASE_URL',
  dbPoolSize: 'HOADON_HQ_DB_POOL_SIZE',
  rotationGraceHours: 'HOADON_HQ_ROTATION_GRACE_HOURS',
  publicUrl: 'HOADON_HQ_PUBLIC_URL',
};

export function loadHqConfig(
  flags: Partial<Record<keyof HqConfig, unknown>> = {},
  env: NodeJS.ProcessEnv = process.env,
): HqConfig {
  const raw: Record<string, unknown> = {};
  for (const [field, variable] of Object.entries(HQ_ENVIRONMENT)) {
    const value = flags[field as keyof HqConfig] ?? env[variable];
    if (value !== undefined && value !== '') raw[field] = value;
  }
  const parsed = hqConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(
    (issue) => `  ${HQ_ENVIRONMENT[issue.path[0] as keyof HqConfig]}: ${issue.message}`,
  );
  throw new ConfigError(`Cấu hình trụ sở không hợp lệ:\n${lines.join('\n')}`);
}
