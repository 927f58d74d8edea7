/**
 * "Quá hạn gửi" (docs/transmission.md, "Deadline"): a cash-register invoice the authority has not accepted by
 * the end of the day it was issued. The node reads the deadline strictly (the same day) until a legal source
 * says otherwise; the queue flags each such invoice and the owner is told once a day.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../clock.js';
import { localDate, startOfLocalDay } from '../domain/calendar.js';
import type { NotificationsService } from '../notifications/notifications.service.js';

export function createOverdueCheck(deps: {
  sqlite: Database.Database;
  clock: Clock;
  timeZone: string;
  notifications: Pick<NotificationsService, 'notifyError'>;
}) {
  // Queued at issue: a row queued before today's start was issued before today. The (state, queued_at) index.
  const overdue = deps.sqlite.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM transmissions t INDEXED BY transmissions_state_queued_at
       JOIN invoices v ON v.id = t.invoice_id
      WHERE t.state IN ('queued', 'sent', 'attention') AND t.queued_at < ? AND substr(v.ky_hieu, 4, 1) = 'M'`,
  );
  return {
    /** How many invoices are overdue now. */
    count: () => {
      const today = localDate(deps.clock.now(), deps.timeZone);
      return overdue.get(startOfLocalDay(today, deps.timeZone).toISOString())?.n ?? 0;
    },
    /** Notifies once a day while some invoice is overdue; call inside a transaction. */
    check(): boolean {
      const n = this.count();
      if (n === 0) return false;
      const today = localDate(deps.clock.now(), deps.timeZone);
      return deps.notifications.notifyError(
        `${n} hóa đơn quá hạn gửi cơ quan thuế`,
        `${n} hóa đơn máy tính tiền chưa được cơ quan thuế tiếp nhận trong ngày lập. Xem hàng đợi gửi cơ quan thuế (các dòng "quá hạn gửi") và kiểm tra kết nối.`,
        `transmission-overdue:${today}`,
      );
    },
  };
}

export type OverdueCheck = ReturnType<typeof createOverdueCheck>;
