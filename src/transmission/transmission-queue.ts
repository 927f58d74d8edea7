/**
 * The queue to the tax authority as the console shows it: the invoices still waiting (oldest due first)
 * with their next attempt and the legal deadline of their transmission, the latest refusals with
 * their cause, and those waiting for the owner's attention (`attention`, "cần kiểm tra"). The deadline is the end of the next working day (Monday to Friday) after the invoice was
 * queued, the rule the late warning of the transmission service names.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { addDays, localDate, startOfLocalDay } from '../domain/calendar.js';
import { TRANSMISSION_STATES } from './transmission.table.js';

/** An invoice of the queue as GET /transmission/queue answers it (one schema: validation, type and document). */
export const queueEntrySchema = z.object({
  invoiceId: z.string(),
  mauSo: z.string(),
  kyHieu: z.string(),
  number: z.number().int(),
  state: z.enum(TRANSMISSION_STATES),
  attempts: z.number().int(),
  queuedAt: z.string(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable().describe('the last failure: network error or the authority’s refusal'),
  deadlineAt: z.string().describe('end of the next working day after queuing, in the store’s time zone'),
  // The stricter, same-day reading of the deadline (docs/transmission.md, "Deadline").
  overdue: z
    .boolean()
    .describe('quá hạn gửi: a cash-register invoice not accepted by the end of the day it was issued'),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** Whether a cash-register invoice issued on `issueDate` and not accepted is overdue on `today`. */
export const isOverdue = (kyHieu: string, issueDate: string, today: string) => kyHieu[3] === 'M' && issueDate < today;

const WAITING_LIMIT = 100;
const REJECTED_LIMIT = 20;

const COLUMNS = `t.invoice_id AS invoiceId, v.mau_so AS mauSo, v.ky_hieu AS kyHieu, v.number, t.state, t.attempts,
  t.queued_at AS queuedAt, t.next_attempt_at AS nextAttemptAt, t.last_error AS lastError, v.issue_date AS issueDate`;

/**
 * The waiting invoice queued first, whose deadline comes first: beyond the list's first 100 when an outage
 * has pushed the tried invoices' next attempts behind new ones. The first of each state in its index.
 */
export const OLDEST_ENTRY_SQL = `SELECT ${COLUMNS} FROM (
     SELECT invoice_id, queued_at FROM (SELECT invoice_id, queued_at FROM transmissions
       INDEXED BY transmissions_state_queued_at WHERE state = 'queued' ORDER BY queued_at LIMIT 1)
     UNION ALL SELECT invoice_id, queued_at FROM (SELECT invoice_id, queued_at FROM transmissions
       INDEXED BY transmissions_state_queued_at WHERE state = 'sent' ORDER BY queued_at LIMIT 1)
     ORDER BY queued_at LIMIT 1
   ) o JOIN transmissions t ON t.invoice_id = o.invoice_id JOIN invoices v ON v.id = t.invoice_id`;

/** The end of the next working day after `instant`, in the store's zone. */
export function transmissionDeadline(instant: Date, timeZone: string): Date {
  let day = addDays(localDate(instant, timeZone), 1);
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
  while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1);
  return startOfLocalDay(addDays(day, 1), timeZone);
}

type Row = Omit<QueueEntry, 'deadlineAt' | 'overdue'> & { issueDate: string };

export function createTransmissionQueue(
  sqlite: Database.Database,
  timeZone: string,
  now: () => Date = () => new Date(),
) {
  // The (state, next_attempt_at) index, named as the repository does: nearly every row is `accepted`.
  const waiting = sqlite.prepare(
    `SELECT ${COLUMNS} FROM transmissions t INDEXED BY transmissions_state_next_attempt
       JOIN invoices v ON v.id = t.invoice_id
      WHERE t.state IN ('queued', 'sent') ORDER BY t.next_attempt_at LIMIT ${WAITING_LIMIT}`,
  );
  const rejected = sqlite.prepare(
    `SELECT ${COLUMNS} FROM transmissions t INDEXED BY transmissions_state_next_attempt
       JOIN invoices v ON v.id = t.invoice_id
      WHERE t.state = 'rejected' ORDER BY t.updated_at DESC LIMIT ${REJECTED_LIMIT}`,
  );
  // Invoices the authority neither accepted nor named (a 204 other than LTBao 2): each waits for the owner.
  const attention = sqlite.prepare(
    `SELECT ${COLUMNS} FROM transmissions t INDEXED BY transmissions_state_next_attempt
       JOIN invoices v ON v.id = t.invoice_id
      WHERE t.state = 'attention' ORDER BY t.updated_at DESC LIMIT ${WAITING_LIMIT}`,
  );
  const oldest = sqlite.prepare(OLDEST_ENTRY_SQL);
  return () => {
    const today = localDate(now(), timeZone);
    const withDeadline = ({ issueDate, ...row }: Row): QueueEntry => ({
      ...row,
      deadlineAt: transmissionDeadline(new Date(row.queuedAt), timeZone).toISOString(),
      overdue: row.state !== 'rejected' && isOverdue(row.kyHieu, issueDate, today),
    });
    const first = oldest.get() as Row | undefined;
    return {
      waiting: (waiting.all() as Row[]).map(withDeadline),
      rejected: (rejected.all() as Row[]).map(withDeadline),
      attention: (attention.all() as Row[]).map(withDeadline),
      oldest: first ? withDeadline(first) : null,
    };
  };
}

/** The queue as GET /transmission/queue shows it: waiting, refused, needing attention. */
export type TransmissionQueueView = ReturnType<typeof createTransmissionQueue>;
