/**
 * Auto-issue on paid (settings.automation, docs/auto-issue.md). Paying an order on a listed channel
 * schedules its invoice in the pay transaction; the `auto-issue` job later issues the due ones through
 * one-click (channel `auto`), each in its own transaction, so one failure never holds back the others.
 */
import type Database from 'better-sqlite3';
import type { AuthenticatedUser } from '../auth/roles.js';
import type { Clock } from '../clock.js';
import { inTransaction } from '../db/transaction.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { OneClickService } from '../orders/one-click.service.js';
import type { OrderRow } from '../orders/orders.repository.js';
import type { OrderPaidListener } from '../orders/orders.service.js';
import type { AutomationSettings } from '../settings/settings.documents.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AutoIssueRepository } from './auto-issue.repository.js';

/** Who issues the invoice in the audit trail and in `createdBy`: the node itself, not a user. */
export const AUTO_ISSUE_ACTOR: AuthenticatedUser = { id: 'auto-issue', username: 'auto-issue', role: 'admin' };

/** After this many failed attempts the order is left to the admin (one-click), no longer retried. */
export const MAX_ATTEMPTS = 5;
/** 1, 2, 4, 8 minutes between attempts: long enough for an admin to lift a plan limit, short for a till. */
export const RETRY_BASE_MS = 60_000;
const BATCH = 50;

const automationChannel = (order: OrderRow) => order.channel.toUpperCase() as AutomationSettings['channels'][number];

export function createAutoIssueService(deps: {
  sqlite: Database.Database;
  scheduled: AutoIssueRepository;
  orders: { findById(id: string): OrderRow | undefined };
  oneClick: Pick<OneClickService, 'issueFromOrder'>;
  settings: Pick<SettingsService, 'automation'>;
  notifications: Pick<NotificationsService, 'notifyError'>;
  clock: Clock;
}) {
  const { sqlite, scheduled, orders, oneClick, settings, notifications, clock } = deps;

  function issueDue(orderId: string): void {
    inTransaction(sqlite, () => {
      // Re-read in the transaction: a previous pass or a one-click may have settled it meanwhile.
      if (scheduled.find(orderId)?.state !== 'pending') return;
      const updatedAt = clock.now().toISOString();
      const order = orders.findById(orderId);
      if (!order || order.invoiceId || order.status === 'cancelled') {
        scheduled.save(orderId, { state: 'skipped', invoiceId: order?.invoiceId ?? null, updatedAt });
        return;
      }
      const invoice = oneClick.issueFromOrder(orderId, 'auto', AUTO_ISSUE_ACTOR);
      scheduled.save(orderId, { state: 'issued', invoiceId: invoice.id, updatedAt });
    });
  }

  /** In a transaction of its own: the failed attempt was rolled back whole. */
  function recordFailure(orderId: string, error: unknown): void {
    inTransaction(sqlite, () => {
      const row = scheduled.find(orderId);
      if (!row) return;
      const now = clock.now();
      const attempts = row.attempts + 1;
      const lastError = error instanceof Error ? error.message : String(error);
      const givenUp = attempts >= MAX_ATTEMPTS;
      scheduled.save(orderId, {
        state: givenUp ? 'failed' : 'pending',
        attempts,
        lastError,
        dueAt: givenUp ? row.dueAt : new Date(now.getTime() + RETRY_BASE_MS * 2 ** (attempts - 1)).toISOString(),
        updatedAt: now.toISOString(),
      });
      notifications.notifyError(
        `Không tự động xuất được hóa đơn cho đơn hàng ${orderId}`,
        `${lastError} Hệ thống thử lại tối đa ${MAX_ATTEMPTS} lần; có thể xuất ngay bằng "xuất một chạm".`,
        `auto-issue-failed:${orderId}`,
      );
    });
  }

  return {
    /** Runs in the pay transaction: the schedule is durable exactly when the payment is. */
    paidListener: ((order) => {
      const { autoIssueOnPaid, channels, delayMinutes } = settings.automation();
      if (!autoIssueOnPaid || order.invoiceId || !channels.includes(automationChannel(order))) return;
      const now = clock.now();
      scheduled.schedule({
        orderId: order.id,
        state: 'pending',
        dueAt: new Date(now.getTime() + delayMinutes * 60_000).toISOString(),
        attempts: 0,
        lastError: null,
        invoiceId: null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
    }) satisfies OrderPaidListener,

    /** The periodic job: issues the orders that are due; returns how many it looked at. */
    tick(): number {
      const due = scheduled.due(clock.now().toISOString(), BATCH);
      for (const { orderId } of due) {
        try {
          issueDue(orderId);
        } catch (error) {
          recordFailure(orderId, error);
        }
      }
      return due.length;
    },
  };
}

export type AutoIssueService = ReturnType<typeof createAutoIssueService>;
