/**
 * The transmission queue wired to the rest of the node: enqueued by an invoice listener in the invoice's
 * transaction; sent as TDiep messages by tdiep-worker.ts; outcomes recorded in the audit trail, rejections
 * turn the invoice to `error` with the authority's reason and notify; the registration (100 → 102/103)
 * stored, its 5-character cash-register part handed to the config.
 */
import type { AuditRepository } from '../audit/audit.repository.js';
import type { Clock } from '../clock.js';
import { localDate, localDateTime } from '../domain/calendar.js';
import { becomesIssued } from '../domain/revenue.js';
import { AppError } from '../errors.js';
import type { InvoiceListener } from '../invoices/invoice-events.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { parseEnvelope } from '../tax-messages/envelope.js';
import { buildErrorNotice, type NoticeAction, readErrorNotice } from '../tax-messages/error-notice.js';
import { newMessageId } from '../tax-messages/message-id.js';
import { MESSAGE_TYPES } from '../tax-messages/message-types.js';
import { buildRegistration, type Registration } from '../tax-messages/registration.js';
import { unpackTextSync } from './message-text.js';
import type { TaxAuthority } from './tax-authority.js';
import type { TaxMessagesRepository } from './tax-messages.repository.js';
import { createTdiepWorker, type SenderParty, type TdiepOutcomes, type TdiepWorkerDeps } from './tdiep-worker.js';
import type { TransmissionRepository } from './transmission.repository.js';

export function createTransmissionService(deps: {
  write: TdiepWorkerDeps['write'];
  queue: TransmissionRepository;
  messages: TaxMessagesRepository;
  transport: TdiepWorkerDeps['transport'];
  /** The JSON wire of earlier versions, asked about invoices it left in doubt. */
  legacy?: Pick<TaxAuthority, 'query'>;
  party: () => SenderParty;
  demoIdentity?: TdiepWorkerDeps['demoIdentity'];
  render: (invoiceId: string) => Promise<string>;
  /** An invoice's schema errors (tdiep-worker.ts), when xmllint is installed. */
  validateInvoice?: (xml: string) => Promise<string[]>;
  packages?: TdiepWorkerDeps['packages'];
  invoices: Pick<InvoicesService, 'changeStatus' | 'get' | 'find'>;
  /** The id of the invoice of that template, symbol and number, if the node issued it. */
  invoiceIdOf?: (mauSo: string, kyHieu: string, number: number) => string | undefined;
  audit: AuditRepository;
  notifications: Pick<NotificationsService, 'notifyError'>;
  /** Whether the node is live (docs/decisions.md §7); a demo invoice never goes to the authority once it is. */
  mode?: () => 'demo' | 'live';
  /** Stores the 5-character cash-register part the 103 returned (the config's authorityCodePrefix). */
  cashRegisterPrefix?: (prefix: string) => void;
  clock: Clock;
  timeZone: string;
  timing?: Pick<TdiepWorkerDeps, 'concurrency' | 'retryBaseMs' | 'packageSize' | 'pollMs'>;
  foreground?: TdiepWorkerDeps['foreground'];
}) {
  const { queue, messages, audit, invoices, notifications, clock, timeZone } = deps;
  const outcomes: TdiepOutcomes = {
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
    registration: (result) => {
      const row = messages.registration();
      if (!row) return;
      messages.saveRegistration({
        ...row,
        state: result.accepted ? 'accepted' : 'refused',
        cashRegisterPrefix: result.cashRegisterPrefix ?? row.cashRegisterPrefix,
        reason: result.reason || null,
        // The registration went to the transport configured now: the embedded simulator's answer is a trial's.
        simulated: deps.transport(false)?.simulated ? 1 : 0,
        updatedAt: clock.now().toISOString(),
      });
      if (result.accepted && result.cashRegisterPrefix) deps.cashRegisterPrefix?.(result.cashRegisterPrefix);
      // A real 103 may carry no MCCQT: the node never makes the 5 characters up (docs/transmission.md).
      if (result.accepted && !result.cashRegisterPrefix && !row.cashRegisterPrefix)
        notifications.notifyError(
          'Thiếu 5 ký tự mã hóa đơn máy tính tiền của cơ quan thuế',
          'Cơ quan thuế đã chấp nhận đăng ký, nhưng thông báo 01/TB-ĐKĐT không có 5 ký tự mã hóa đơn máy tính tiền ' +
            '(MCCQT). Xem 5 ký tự này trên cổng hóa đơn điện tử của cơ quan thuế ' +
            '(hoadondientu.gdt.gov.vn) và nhập tại PUT /api/v1/transmission/registration/cash-register-prefix; ' +
            'cho đến khi đó cửa hàng vẫn lập hóa đơn dùng thử, chưa phải hóa đơn thật.',
          `registration-prefix-missing:${row.messageId}`,
        );
      if (!result.accepted)
        notifications.notifyError(
          'Cơ quan thuế không chấp nhận đăng ký sử dụng hóa đơn điện tử',
          result.reason || 'Tờ khai 01/ĐKTĐ-HĐĐT không được chấp nhận.',
          `registration-refused:${row.messageId}`,
        );
    },
    heldBack: (invoiceIds, reason) =>
      notifications.notifyError(
        `${invoiceIds.length} hóa đơn cần kiểm tra: chưa gửi được cơ quan thuế`,
        `${reason} Hóa đơn này không được gửi đi; các hóa đơn khác vẫn được gửi. Hãy lập hóa đơn thay thế ` +
          'với thông tin đúng.',
        `transmission-held:${invoiceIds[0]}`,
      ),
    needsAttention: (messageId, count, reason) =>
      notifications.notifyError(
        `${count} hóa đơn cần kiểm tra: cơ quan thuế chưa chấp nhận`,
        `Gói ${messageId}: ${reason} Xem hàng đợi gửi cơ quan thuế để gửi lại từng hóa đơn.`,
        `transmission-attention:${messageId}`,
      ),
    noticeAccepted: (messageId, number) => {
      const stored = messages.xmlOf(messageId);
      if (stored === undefined) return;
      const status = `Thông báo sai sót: đã tiếp nhận${number ? ` (số ${number})` : ''}`;
      for (const line of readErrorNotice(parseEnvelope(unpackTextSync(stored))).lines) {
        const invoiceId = deps.invoiceIdOf?.(line.mauSo, line.kyHieu, line.number);
        if (!invoiceId) continue;
        audit.append({
          invoiceId,
          at: clock.now().toISOString(),
          actor: 'tax-authority',
          action: 'error-notice-accepted',
          details: { noticeMessageId: messageId, ...(number ? { number } : {}), status },
        });
      }
    },
    unreadableReply: (messageId, reply, reason) =>
      notifications.notifyError(
        `Không đọc được phản hồi ${reply.type} của cơ quan thuế`,
        `${reason}. Phản hồi ${reply.id} (trả lời thông điệp ${messageId}) được lưu nguyên văn; thông điệp chờ kiểm tra và không được tra cứu lại.`,
        `unreadable-reply:${reply.id}`,
      ),
    noticeRefused: (messageId, reason) =>
      notifications.notifyError(
        'Cơ quan thuế không tiếp nhận thông báo sai sót',
        `Thông báo 04/SS-HĐĐT ${messageId}: ${reason}`,
        `notice-refused:${messageId}`,
      ),
  };
  const worker = createTdiepWorker({
    write: deps.write,
    queue,
    messages,
    transport: deps.transport,
    render: deps.render,
    validateInvoice: deps.validateInvoice,
    refOf: invoices.find,
    packages: deps.packages,
    party: deps.party,
    demoIdentity: deps.demoIdentity,
    outcomes,
    clock,
    foreground: deps.foreground,
    legacy: deps.legacy,
    ...deps.timing,
  });

  return {
    worker,
    outcomes,
    /** The transmission state shown in the invoice detail (docs/decisions.md §5). */
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
      if (row?.state !== 'queued' && row?.state !== 'sent') return false;
      queue.save({ ...row, nextAttemptAt: clock.now().toISOString(), updatedAt: clock.now().toISOString() });
      return true;
    },
    /**
     * Sends again an invoice waiting for attention (a 204 neither accepted nor named it): back to the
     * queue, to leave in a new package under a new MTDiep. If the authority had in fact accepted it, the
     * new package's 204 names it as a duplicate and it turns to error with that reason.
     */
    resend(invoiceId: string, actor: string): boolean {
      const row = queue.find(invoiceId);
      if (row?.state !== 'attention') return false;
      const at = clock.now().toISOString();
      queue.save({ ...row, state: 'queued', nextAttemptAt: at, updatedAt: at });
      audit.append({ invoiceId, at, actor, action: 'transmission-resent', details: { messageId: row.messageId } });
      return true;
    },
    /**
     * The 5 characters of cash-register codes entered by the owner (from the authority's portal) when the
     * 103 that accepted the registration carried no MCCQT.
     */
    setCashRegisterPrefix(prefix: string): void {
      const row = messages.registration();
      if (row?.state !== 'accepted')
        throw new AppError(
          'INVALID_STATE',
          409,
          'Chỉ nhập 5 ký tự mã máy tính tiền sau khi cơ quan thuế chấp nhận tờ khai đăng ký (01/TB-ĐKĐT).',
        );
      messages.saveRegistration({ ...row, cashRegisterPrefix: prefix, updatedAt: clock.now().toISOString() });
      deps.cashRegisterPrefix?.(prefix);
    },
    /** Sends the tờ khai 01/ĐKTĐ-HĐĐT (100); its answer arrives as 102 and 103 and is kept by registration(). */
    async register(form: Omit<Registration, 'mst' | 'date'>): Promise<string> {
      const party = deps.party();
      const messageId = newMessageId(party.senderCode);
      const xml = buildRegistration(
        { sender: party.senderCode, receiver: party.receiverCode, id: messageId },
        { ...form, mst: party.mst, date: localDate(clock.now(), timeZone) },
        { signingTime: localDateTime(clock.now(), 'Asia/Ho_Chi_Minh'), identity: party.identity },
      );
      await deps.write(() => {
        messages.saveRegistration({
          messageId,
          state: 'sent',
          cashRegisterPrefix: messages.registration()?.cashRegisterPrefix ?? null,
          reason: null,
          simulated: 0,
          updatedAt: clock.now().toISOString(),
        });
      });
      await worker.submit(MESSAGE_TYPES.registration, messageId, xml);
      return messageId;
    },
    /**
     * Sends a notice of an erroneous invoice 04/SS-HĐĐT (300) on the seller's own initiative, e.g. a wrong
     * buyer name or address with the right MST (explain), which needs no new invoice; the 301 arrives later.
     */
    async sendErrorNotice(input: {
      invoiceId: string;
      action: NoticeAction;
      reason: string;
      taxOffice: { code: string; name: string };
      place: string;
    }): Promise<string> {
      const invoice = invoices.get(input.invoiceId);
      // Its messages went to the embedded simulator; a notice about it would carry it to the authority.
      if (invoice.demo && deps.mode?.() === 'live')
        throw new AppError(
          'INVALID_STATE',
          409,
          'Hóa đơn dùng thử chưa từng được gửi cơ quan thuế: không gửi thông báo sai sót cho hóa đơn này.',
        );
      const party = deps.party();
      const messageId = newMessageId(party.senderCode);
      const xml = buildErrorNotice(
        { sender: party.senderCode, receiver: party.receiverCode, id: messageId },
        {
          kind: 1,
          mst: party.mst,
          taxpayerName: invoice.seller.name,
          taxOfficeCode: input.taxOffice.code,
          taxOfficeName: input.taxOffice.name,
          place: input.place,
          date: localDate(clock.now(), timeZone),
          lines: [
            {
              mauSo: invoice.mauSo,
              kyHieu: invoice.kyHieu,
              number: invoice.number,
              issueDate: invoice.issueDate,
              ...(invoice.authorityCode ? { authorityCode: invoice.authorityCode } : {}),
              action: input.action,
              reason: input.reason,
            },
          ],
        },
        { signingTime: localDateTime(clock.now(), 'Asia/Ho_Chi_Minh'), identity: party.identity },
      );
      await worker.submit(MESSAGE_TYPES.errorNotice, messageId, xml);
      return messageId;
    },
    /** The store's registration as last answered, or undefined before any. */
    registration: () => messages.registration(),
    /** Queues an invoice once, when it becomes issued: at creation, or when it leaves `pending`. */
    enqueueListener: (({ before, after }) => {
      if (!becomesIssued(before, after)) return;
      // A placeholder id until the invoice leaves in a message (its MTDiep then replaces it).
      queue.enqueue(after.id, newMessageId(deps.party().senderCode), after.updatedAt);
    }) satisfies InvoiceListener,
  };
}

export type TransmissionService = ReturnType<typeof createTransmissionService>;
