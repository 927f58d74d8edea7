/**
 * Declared months (docs/exports.md, "Declared months"): locking a month that has ended stores its ledger
 * entries and the rest of its exports as they are, so that a later replacement or adjustment changes nothing
 * in them; unlocking (an admin, with a reason) lets the month follow its invoices again. Both are audited
 * under the subject `period:<month>`. Each call runs inside the caller's write transaction.
 */
import type Database from 'better-sqlite3';
import type { AuditInput } from '../audit/audit.repository.js';
import type { Clock } from '../clock.js';
import { isCalendarMonth, localDate } from '../domain/calendar.js';
import { conflict, notFound, validationError } from '../errors.js';
import { monthHasEnded, monthsOf, monthTitle } from './declared-periods.js';
import { createLedgerRepository, type FrozenMonth, periodParams, slicesOf } from './ledger.repository.js';
import { monthPeriod, viDate } from './period.js';
import { createPeriodLocksRepository, type LockSummary } from './period-locks.repository.js';
import { ledgerGroupOrder } from './sales-ledger.js';
import type { KhacLines } from './vat-figures.js';

export interface PeriodLock extends LockSummary {
  /** "Tháng 10 năm 2026". */
  title: string;
}

const withTitle = (lock: LockSummary): PeriodLock => ({ ...lock, title: monthTitle(lock.month) });

export function createPeriodLocksService(deps: {
  sqlite: Database.Database;
  audit: { append(input: AuditInput): unknown };
  clock: Clock;
  timeZone: string;
  store: () => { storeName: string; seller: { name: string; mst: string; address: string } };
  khacLines: () => KhacLines;
}) {
  const { sqlite, audit, clock, timeZone } = deps;
  const locks = createPeriodLocksRepository(sqlite);
  const ledger = createLedgerRepository(sqlite);

  const checkMonth = (month: string) => {
    if (!isCalendarMonth(month)) {
      const message = 'Tháng có dạng YYYY-MM, ví dụ 2026-10.';
      throw validationError(message, [{ path: 'params.month', message }]);
    }
  };

  return {
    /** The declared months, newest first. */
    list: (): PeriodLock[] => locks.list().map(withTitle),

    /** Locks a month that has ended: its ledger entries and the rest of its exports are stored as they are. */
    lock(month: string, actor: string): PeriodLock {
      checkMonth(month);
      const now = clock.now();
      const today = localDate(now, timeZone);
      if (!monthHasEnded(month, today)) {
        const message = `${monthTitle(month)} chưa kết thúc: chỉ khóa được một tháng đã qua.`;
        throw validationError(message, [{ path: 'params.month', message }]);
      }
      const existing = locks.get(month);
      if (existing) {
        throw conflict(
          `${monthTitle(month)} đã được khóa ngày ${viDate(localDate(new Date(existing.lockedAt), timeZone))} bởi ${existing.lockedBy}.`,
        );
      }
      const period = monthPeriod(month);
      const params = periodParams(period, timeZone);
      const groups = ledgerGroupOrder([...slicesOf(params)].flatMap((slice) => ledger.ratesOf(slice)));
      let entries = 0;
      for (const group of groups) {
        // Read first, then written: a connection cannot write while one of its statements iterates.
        const rows = [...ledger.entryRowsAt(params, group)];
        let seq = 0;
        for (const { row, issueDate } of rows) locks.insertEntry(month, group, ++seq, issueDate, JSON.stringify(row));
        entries += seq;
      }
      const { storeName, seller } = deps.store();
      const frozen: FrozenMonth = {
        storeName,
        seller: { name: seller.name, mst: seller.mst, address: seller.address },
        madeOn: today,
        khacLines: deps.khacLines(),
        corrections: ledger.declaredCorrections(monthsOf(period)[0]!),
        openInvoices: ledger.openInvoices(params),
      };
      const lock = { month, lockedAt: now.toISOString(), lockedBy: actor };
      locks.insertLock({ ...lock, frozen: JSON.stringify(frozen) });
      audit.append({
        invoiceId: `period:${month}`,
        at: lock.lockedAt,
        actor,
        action: 'period-locked',
        details: { month, entries, openInvoices: frozen.openInvoices.length },
      });
      return withTitle(lock);
    },

    /** Lets a declared month follow its invoices again; the reason stays in the audit trail. */
    unlock(month: string, reason: string, actor: string): { month: string; title: string; unlockedAt: string } {
      checkMonth(month);
      const existing = locks.get(month);
      if (!existing) throw notFound('kỳ đã khóa', month);
      locks.delete(month);
      const at = clock.now().toISOString();
      audit.append({
        invoiceId: `period:${month}`,
        at,
        actor,
        action: 'period-unlocked',
        details: { month, reason, lockedAt: existing.lockedAt, lockedBy: existing.lockedBy },
      });
      return { month, title: monthTitle(month), unlockedAt: at };
    },
  };
}

export type PeriodLocksService = ReturnType<typeof createPeriodLocksService>;
