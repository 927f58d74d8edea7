/**
 * The transmission queue wired to the rest of the node: enqueued by an invoice listener in the invoice's
 * transaction; outcomes recorded in the audit trail, rejections turn the invoice to `error` and notify.
 */
import type { AuditRepository } from '../audit/audit.repository.js';
import type { Clock } from '../clock.js';
import type { InvoiceListener } from '../invoices/invoice-events.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { localDate } from '../domain/calendar.js';
import { becomesIssued } from '../domain/revenue.js';
import { newMessageId, type TaxAuthority } from './tax-authority.js';
import type { TransmissionRepository } from './transmission.repository.js';
import {
  createTransmissionWorker,
  type TransmissionOutcomes,
  type TransmissionWorkerDeps,
} from './transmission.worker.js';

/** Sender code in message ids (MTDiep) until the provider code from the tax authority is configured. */
export const SENDER_CODE = 'HOADON';

export function createTransmissionService(deps: {
  write: TransmissionWorkerDeps['write'];
  queue: TransmissionRepository;
  authority: TaxAuthority;
  render: (invoiceId: string) => Promise<string>;
  invoices: Pick<InvoicesService, 'changeStatus'>;
  audit: AuditRepository;
  notifications: Pick<NotificationsService, 'notifyError'>;
  clock: Clock;
  timeZone: string;
  timing?: Pick<TransmissionWorkerDeps, 'concurrency' | 'retryBaseMs'>;
  foreground?: TransmissionWorkerDeps['foreground'];
}) {
  const { queue, audit, invoices, notifications, clock, timeZone } = deps;
  const outcomes: TransmissionOutcomes = {
    accepted: (invoiceId, at) =>
      audit.append({
        invoiceId,
        at: clock.now().toISOString(),
        actor: 'tax-authority',
        action: 'transmission-accepted',
        details: { acceptedAt: at },
      }),
    rejected: (invoiceId, reason) => {
      const invoice = invoices.changeStatus(invoiceId, 'error', 'tax-authority', { reason });
      notifications.notifyError(
        `Cơ quan thuế từ chối hóa đơn số ${invoice.number}`,
        `${invoice.mauSo}${invoice.kyHieu} số ${invoice.number}: ${reason}. Hãy lập hóa đơn thay thế.`,
        `transmission-rejected:${invoiceId}`,
      );
    },
    late: (ageSeconds) =>
      notifications.notifyError(
        'Hóa đơn chưa gửi được cơ quan thuế',
        `Có hóa đơn chờ gửi đã ${Math.floor(ageSeconds / 3600)} giờ. Hạn gửi là ngày làm việc tiếp theo: hãy kiểm tra kết nối.`,
        `transmission-late:${localDate(clock.now(), timeZone)}`,
      ),
  };
  const worker = createTransmissionWorker({
    write: deps.write,
    queue,
    authority: deps.authority,
    render: deps.render,
    clock,
    outcomes,
    foreground: deps.foreground,
    ...deps.timing,
  });

  return {
    worker,
    outcomes,
    /** The transmission state shown in the invoice detail (decisions §5). */
    of(invoiceId: string) {
      const row = queue.find(invoiceId);
      if (!row) return undefined;
      return {
        state: row.state,
        attempts: row.attempts,
        lastError: row.lastError ?? undefined,
        acceptedAt: row.acceptedAt ?? undefined,
        messageId: row.messageId,
      };
    },
    counts: () => queue.counts(),
    /** Sends a waiting invoice at the next pass instead of after its backoff. */
    retryNow(invoiceId: string): boolean {
      const row = queue.find(invoiceId);
      if (!row || row.state === 'accepted' || row.state === 'rejected') return false;
      queue.save({ ...row, nextAttemptAt: clock.now().toISOString(), updatedAt: clock.now().toISOString() });
      return true;
    },
    /** Queues an invoice once, when it becomes issued: at creation, or when it leaves `pending`. */
    enqueueListener: (({ before, after }) => {
      if (!becomesIssued(before, after)) return;
      // updatedAt: the moment it became issued (equal to createdAt for an invoice issued at once).
      queue.enqueue(after.id, newMessageId(SENDER_CODE), after.updatedAt);
    }) satisfies InvoiceListener,
  };
}

export type TransmissionService = ReturnType<typeof createTransmissionService>;
