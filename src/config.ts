/**
 * Process configuration: one zod schema over command-line flags and HOADON_* environment variables
 * (flags win), parsed once at start-up with a readable error. Store-level settings that an admin edits at
 * run time (seller, tax rates, ...) live in the database instead (src/settings).
 */
import { z } from 'zod';
import { isValidTimeZone } from './domain/calendar.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const MIN_PASSWORD_LENGTH = 8;

export const nodeConfigSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  dataDir: z.string().min(1).default('./data'),
  adminPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `HOADON_ADMIN_PASSWORD phải có ít nhất ${MIN_PASSWORD_LENGTH} ký tự.`)
    .optional(),
  logLevel: z.enum(LOG_LEVELS).default('info'),
  timeZone: z
    .string()
    .refine(isValidTimeZone, 'HOADON_TZ không phải múi giờ IANA hợp lệ (ví dụ Asia/Ho_Chi_Minh).')
    .default('Asia/Ho_Chi_Minh'),
  tokenTtlSeconds: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(12 * 3600),
  backupKeep: z.coerce.number().int().min(1).max(365).default(7),
  corsOrigins: z
    .union([
      z.string().transform((text) =>
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      z.array(z.string()),
    ])
    .pipe(z.array(z.url({ message: 'HOADON_CORS_ORIGINS là danh sách URL gốc, cách nhau bởi dấu phẩy.' })))
    .default([]),
  rateLimitPerMinute: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  /**
   * Invoices one user may issue (src/auth/issuing-rate.ts): a burst, then so many an hour; 0 an hour turns
   * it off (benchmarks). A till issues a few a minute at most.
   */
  issueBurst: z.coerce.number().int().min(1).max(100_000).default(300),
  issueRatePerHour: z.coerce.number().int().min(0).max(10_000_000).default(1200),
  /** Base of the transmission retry backoff; shortened by tests that run the node against `hoadon tax-sim`. */
  transmitRetryBaseMs: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /** Messages in flight to the tax authority at once. */
  transmitConcurrency: z.coerce.number().int().min(1).max(256).default(4),
  /** The seller, set at start while none is set yet (src/settings/seller-seed.ts); later only PATCH /config. */
  sellerName: z.string().optional(),
  sellerMst: z.string().optional(),
  sellerAddress: z.string().optional(),
  sellerPhone: z.string().optional(),
  sellerEmail: z.string().optional(),
  /**
   * The T-VAN's credentials (src/transmission/tvan-credentials.ts, docs/transmission.md "Credentials"): a
   * static token, or a user name and password exchanged for a token at the login path. Nothing when the
   * T-VAN (or `hoadon tax-sim`) asks for none.
   */
  tvanToken: z.string().min(1).optional(),
  tvanUsername: z.string().min(1).optional(),
  tvanPassword: z.string().min(1).optional(),
  tvanLoginPath: z
    .string()
    .regex(/^\/\S*$/, 'HOADON_TVAN_LOGIN_PATH là đường dẫn bắt đầu bằng /.')
    .optional(),
  /** MSTTCGP: the MST of the e-invoice solution provider; omitted from the invoice XML when unset. */
  providerMst: z
    .string()
    .regex(/^[0-9]{10}(-?[0-9]{3})?$/, 'HOADON_PROVIDER_MST là mã số thuế 10 hoặc 13 chữ số.')
    .optional(),
  /** A PEM file of CA certificates the seller's certificate may chain to (docs/security.md). */
  trustedCaFile: z.string().min(1).optional(),
  /** "1": a seller's certificate that chains to no trusted root is taken, and /health and every PDF say so. */
  allowUntrustedCert: z.union([z.boolean(), z.enum(['0', '1']).transform((value) => value === '1')]).default(false),
  /** The passphrase backups are encrypted with (src/backup/backup-archive.ts). */
  backupPassphrase: z.string().min(12, 'HOADON_BACKUP_PASSPHRASE phải có ít nhất 12 ký tự.').optional(),
  /** The SMTP server invoices are e-mailed through unless the console sets one (docs/delivery.md). */
  smtpUrl: z
    .url({ protocol: /^smtps?$/, error: 'HOADON_SMTP_URL có dạng smtp://user:pass@host:port hoặc smtps://…' })
    .optional(),
  mailFrom: z.email({ error: 'HOADON_MAIL_FROM là một địa chỉ thư điện tử.' }).optional(),
  /** The shop's SMS/Zalo provider: receives POST { invoiceId, phone, link, lookupCode } for buyers known by phone. */
  deliveryWebhookUrl: z
    .url({ protocol: /^https?$/, error: 'HOADON_DELIVERY_WEBHOOK_URL là một địa chỉ http(s).' })
    .optional(),
  /** Base of the delivery retry backoff; shortened by tests. */
  deliveryRetryBaseMs: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /**
   * The node's own address as buyers on the shop's network reach it, for the lookup portal's links when
   * neither HQ nor `lookupUrl` names a portal (docs/delivery.md).
   */
  publicUrl: z.url({ protocol: /^https?$/, error: 'HOADON_PUBLIC_URL là một địa chỉ http(s).' }).optional(),
});

export type NodeConfig = z.infer<typeof nodeConfigSchema>;

/** Environment variable of each field; the CLI's flags use the same field names. */
export const ENVIRONMENT: Record<keyof NodeConfig, string> = {
  host: 'HOADON_HOST',
  port: 'HOADON_PORT',
  dataDir: 'HOADON_DATA_DIR',
  adminPassword: 'HOADON_ADMIN_PASSWORD',
  logLevel: 'HOADON_LOG_LEVEL',
  timeZone: 'HOADON_TZ',
  tokenTtlSeconds: 'HOADON_TOKEN_TTL_SECONDS',
  backupKeep: 'HOADON_BACKUP_KEEP',
  corsOrigins: 'HOADON_CORS_ORIGINS',
  rateLimitPerMinute: 'HOADON_RATE_LIMIT_PER_MINUTE',
  issueBurst: 'HOADON_ISSUE_BURST',
  issueRatePerHour: 'HOADON_ISSUE_RATE_PER_HOUR',
  transmitRetryBaseMs: 'HOADON_TRANSMIT_RETRY_BASE_MS',
  transmitConcurrency: 'HOADON_TRANSMIT_CONCURRENCY',
  sellerName: 'HOADON_SELLER_NAME',
  sellerMst: 'HOADON_SELLER_MST',
  sellerAddress: 'HOADON_SELLER_ADDRESS',
  sellerPhone: 'HOADON_SELLER_PHONE',
  sellerEmail: 'HOADON_SELLER_EMAIL',
  tvanToken: 'HOADON_TVAN_TOKEN',
  tvanUsername: 'HOADON_TVAN_USERNAME',
  tvanPassword: 'HOADON_TVAN_PASSWORD',
  tvanLoginPath: 'HOADON_TVAN_LOGIN_PATH',
  providerMst: 'HOADON_PROVIDER_MST',
  trustedCaFile: 'HOADON_TRUSTED_CA_FILE',
  allowUntrustedCert: 'HOADON_ALLOW_UNTRUSTED_CERT',
  backupPassphrase: 'HOADON_BACKUP_PASSPHRASE',
  smtpUrl: 'HOADON_SMTP_URL',
  mailFrom: 'HOADON_MAIL_FROM',
  deliveryWebhookUrl: 'HOADON_DELIVERY_WEBHOOK_URL',
  deliveryRetryBaseMs: 'HOADON_DELIVERY_RETRY_BASE_MS',
  publicUrl: 'HOADON_PUBLIC_URL',
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadNodeConfig(
  flags: Partial<Record<keyof NodeConfig, unknown>> = {},
  env: NodeJS.ProcessEnv = process.env,
): NodeConfig {
  const raw: Record<string, unknown> = {};
  for (const [field, variable] of Object.entries(ENVIRONMENT)) {
    const value = flags[field as keyof NodeConfig] ?? env[variable];
    if (value !== undefined && value !== '') raw[field] = value;
  }
  const parsed = nodeConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const field = issue.path[0] as keyof NodeConfig;
      return `  ${ENVIRONMENT[field] ?? field}: ${issue.message}`;
    });
    throw new ConfigError(`Cấu hình không hợp lệ:\n${lines.join('\n')}`);
  }
  if (!parsed.data.tvanUsername !== !parsed.data.tvanPassword)
    throw new ConfigError(
      'Cấu hình không hợp lệ:\n  HOADON_TVAN_USERNAME và HOADON_TVAN_PASSWORD phải được đặt cùng nhau.',
    );
  return parsed.data;
}
