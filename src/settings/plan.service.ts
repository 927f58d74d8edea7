/**
 * The service plan: how many invoices this store-local month and how much disk, against the limits of
 * the plan document (set by headquarters). Issuing past the invoice limit is refused; 80 % and 100 % of it
 * raise a notification once a month.
 */

import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import { localMonth } from '../domain/calendar.js';
import { becomesIssued } from '../domain/revenue.js';
import { AppError } from '../errors.js';
import type { SettingsService } from './settings.service.js';

export const planLimitExceeded = (limit: number) =>
  new AppError(
    'PLAN_LIMIT_EXCEEDED',
    403,
    `Đã dùng hết ${limit} hóa đơn của gói dịch vụ trong tháng này. Hãy nâng cấp gói.`,
  );

const THRESHOLDS = [80, 100] as const;

const fileMb = (path: string) => {
  try {
    return statSync(path).size / (1024 * 1024);
  } catch {
    return 0;
  }
};

export function createPlanService(deps: {
  sqlite: Database.Database;
  databasePath: string;
  settings: SettingsService;
  clock: Clock;
  timeZone: string;
  /** Raises a notification (src/notifications/notify.ts). */
  notify: (notification: { type: 'system'; title: string; message: string; dedupeKey: string }) => unknown;
}) {
  const { sqlite, databasePath, settings, clock, timeZone, notify } = deps;
  const issuedIn = sqlite.prepare<[string], { count: number }>(
    'SELECT count FROM monthly_issued_counts WHERE month = ?',
  );
  const currentMonth = () => localMonth(clock.now(), timeZone);
  const usedThisMonth = () => issuedIn.get(currentMonth())?.count ?? 0;

  return {
    report() {
      const plan = settings.plan();
      const storage = fileMb(databasePath) + fileMb(`${databasePath}-wal`);
      return {
        planName: plan.planName,
        invoiceUsage: { used: usedThisMonth(), limit: plan.invoiceLimit },
        storageUsage: { used: Math.round(storage * 100) / 100, limit: plan.storageLimitMb },
        features: plan.features,
      };
    },

    /** Refuses a new invoice when this month's allowance is used up. */
    assertCanIssue(): void {
      const { invoiceLimit } = settings.plan();
      if (usedThisMonth() >= invoiceLimit) throw planLimitExceeded(invoiceLimit);
    },

    /**
     * An invoice listener (src/invoices/invoice-events.ts) that reads only the statuses of the change. Runs
     * after the rollups listener has counted the invoice; the dedupe key makes each threshold notify once a month.
     */
    usageListener: ({ before, after }: { before: { status: string } | undefined; after: { status: string } }) => {
      if (!becomesIssued(before, after)) return;
      const { invoiceLimit, planName } = settings.plan();
      if (invoiceLimit <= 0) return;
      const used = usedThisMonth();
      const month = currentMonth();
      for (const percent of THRESHOLDS) {
        if (used * 100 < invoiceLimit * percent) continue;
        notify({
          type: 'system',
          title: `Đã dùng ${percent}% hạn mức hóa đơn`,
          message: `Tháng ${month}: đã xuất ${used}/${invoiceLimit} hóa đơn của gói ${planName}.`,
          dedupeKey: `plan-usage:${month}:${percent}`,
        });
      }
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
