import type { Clock } from '../clock.js';
import { becomesIssued } from '../domain/revenue.js';
import { notFound } from '../errors.js';
import type { InvoiceListener } from '../invoices/invoice-events.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { NotificationRow, NotificationsRepository, NotificationType } from './notifications.repository.js';
import type { Notify } from './notify.js';

/** The list is a plain array (spec §4.7); the newest this many are enough for a bell menu. */
export const NOTIFICATION_LIST_LIMIT = 200;
export const NOTIFICATION_RETENTION_DAYS = 90;

const toNotification = (row: NotificationRow) => ({
  id: row.id,
  type: row.type,
  category: row.type,
  title: row.title,
  message: row.message,
  time: row.createdAt,
  read: row.read,
});

export function createNotificationsService(deps: {
  notifications: NotificationsRepository;
  notify: Notify;
  settings: SettingsService;
  clock: Clock;
}) {
  const { notifications, notify, settings, clock } = deps;
  return {
    list: (filter: { unreadOnly: boolean; type?: NotificationType | undefined }) =>
      notifications.list(filter, NOTIFICATION_LIST_LIMIT).map(toNotification),

    unreadCount: () => ({ count: notifications.countUnread() }),

    markRead(id: string) {
      if (notifications.markOneRead(id) === 0) throw notFound('thông báo', id);
      return { id, read: true as const };
    },

    markAllRead: () => ({ count: notifications.markRead() }),

    purgeOld: () =>
      notifications.deleteOlderThan(
        new Date(clock.now().getTime() - NOTIFICATION_RETENTION_DAYS * 24 * 3600 * 1000).toISOString(),
      ),

    /** For transmission and sync failures: a `system` notification when automation.notifyOnError is on. */
    notifyError(title: string, message: string, dedupeKey?: string): boolean {
      if (!settings.automation().notifyOnError) return false;
      return notify({ type: 'system', title, message, ...(dedupeKey ? { dedupeKey } : {}) });
    },

    /** An `invoice` notification for each invoice issued, when automation.notifyOnIssue is on. */
    issueListener: (({ before, after }) => {
      if (!becomesIssued(before, after) || !settings.automation().notifyOnIssue) return;
      notify({
        type: 'invoice',
        title: `Đã xuất hóa đơn số ${after.number}`,
        message: `${after.mauSo}${after.kyHieu} số ${after.number} cho ${after.buyerName}: ${after.total.toLocaleString('vi-VN')} đ.`,
        dedupeKey: `invoice-issued:${after.id}`,
      });
    }) satisfies InvoiceListener,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
