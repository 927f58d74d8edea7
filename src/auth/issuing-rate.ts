/**
 * How fast one user may issue invoices: a bucket of `burst` invoices refilled at `perHour`. A real till
 * issues one invoice a sale, at most a few a minute; a stolen or scripted cashier token had used up the
 * month's plan in minutes. Past the bucket the issuing routes answer 429, and the shop's users get one
 * notification an hour per user. In memory, like the login throttle. `perHour` 0 turns it off (benchmarks).
 */
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { AuthenticatedUser } from './roles.js';

export interface IssuingLimits {
  perHour: number;
  burst: number;
}

/** The routes that issue an invoice, as `METHOD path` below the API prefix (as in access.ts). */
export const ISSUING_ROUTES: ReadonlySet<string> = new Set([
  'POST /invoices',
  'POST /invoices/one-click',
  'POST /invoices/:id/replace',
  'POST /invoices/:id/adjust',
]);

export interface BurstNotice {
  title: string;
  message: string;
  dedupeKey: string;
}

const HOUR_MS = 3_600_000;

export function createIssuingRate(deps: {
  clock: Clock;
  limits: IssuingLimits;
  notify: (notice: BurstNotice) => void;
}) {
  const { clock, limits, notify } = deps;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    /** Takes one invoice from the user's bucket, or refuses with 429 and the seconds until the next one. */
    take(user: AuthenticatedUser): void {
      if (limits.perHour === 0) return;
      const now = clock.now().getTime();
      const bucket = buckets.get(user.id) ?? { tokens: limits.burst, at: now };
      bucket.tokens = Math.min(limits.burst, bucket.tokens + ((now - bucket.at) * limits.perHour) / HOUR_MS);
      bucket.at = now;
      buckets.set(user.id, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return;
      }
      notify({
        title: 'Lập hóa đơn dồn dập',
        message:
          `Người dùng "${user.username}" lập hóa đơn nhanh hơn mức cho phép (${limits.burst} hóa đơn liền nhau, ` +
          `rồi ${limits.perHour} hóa đơn mỗi giờ); các yêu cầu vượt mức bị từ chối. Hãy kiểm tra máy và mã truy cập ` +
          'của người dùng này, đổi mật khẩu nếu nghi bị lộ.',
        dedupeKey: `issue-burst:${user.id}:${new Date(now).toISOString().slice(0, 13)}`,
      });
      const wait = Math.max(1, Math.ceil(((1 - bucket.tokens) * HOUR_MS) / limits.perHour / 1000));
      throw new AppError(
        'RATE_LIMITED',
        429,
        `Lập hóa đơn quá nhanh so với mức cho phép của người dùng. Vui lòng thử lại sau ${wait} giây.`,
        undefined,
        { 'retry-after': String(wait) },
      );
    },
  };
}

export type IssuingRate = ReturnType<typeof createIssuingRate>;
