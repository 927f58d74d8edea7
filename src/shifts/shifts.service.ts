/** Shifts ("kết ca", docs/console.md "Ca bán hàng"): open with a float, close with a cash count. */
import type { AuthenticatedUser } from '../auth/roles.js';
import type { Clock, IdGenerator } from '../clock.js';
import { localDate } from '../domain/calendar.js';
import {
  cashOf,
  closeFigures,
  countedOf,
  type DenominationCount,
  daySum,
  expectedCashOf,
  noteRequired,
} from '../domain/shift-cash.js';
import { AppError, conflict, notFound, validationError } from '../errors.js';
import type { ShiftRow, ShiftsRepository } from './shifts.repository.js';

export interface ShiftView {
  id: string;
  username: string;
  businessDate: string;
  status: 'open' | 'closed';
  openedAt: string;
  openingFloat: number;
  cashSales: number;
  cashRefunds: number;
  expectedCash: number;
  closedAt: string | null;
  closedBy: string | null;
  countedCash: number | null;
  denominations: DenominationCount[] | null;
  difference: number | null;
  note: string | null;
}

export interface CloseRequest {
  countedCash?: number | undefined;
  denominations?: DenominationCount[] | undefined;
  note?: string | undefined;
}

const closedAlready = (id: string) => new AppError('INVALID_STATE', 409, `Ca "${id}" đã kết, không thể kết lại.`);

/** Cashiers see and close their own shifts; an admin or an accountant every one. */
const seesAll = (user: AuthenticatedUser) => user.role !== 'cashier';

export function createShiftsService(deps: {
  shifts: ShiftsRepository;
  clock: Clock;
  newId: IdGenerator;
  timeZone: string;
}) {
  const { shifts, clock, newId, timeZone } = deps;

  const view = (row: ShiftRow): ShiftView => {
    // An open shift's figures are those of now; a closed one's were kept at its close.
    const cash =
      row.closedAt === null
        ? cashOf(shifts.cashMovements(row.userId, row.openedAt, clock.now().toISOString()))
        : { cashSales: row.cashSales ?? 0, cashRefunds: row.cashRefunds ?? 0 };
    return {
      id: row.id,
      username: row.username,
      businessDate: row.businessDate,
      status: row.closedAt === null ? 'open' : 'closed',
      openedAt: row.openedAt,
      openingFloat: row.openingFloat,
      ...cash,
      expectedCash: row.expectedCash ?? expectedCashOf(row.openingFloat, cash),
      closedAt: row.closedAt,
      closedBy: row.closedBy,
      countedCash: row.countedCash,
      denominations: row.denominations === null ? null : (JSON.parse(row.denominations) as DenominationCount[]),
      difference: row.difference,
      note: row.note,
    };
  };

  return {
    /** The user's open shift, if any. */
    current: (user: AuthenticatedUser): ShiftView | null => {
      const row = shifts.openOf(user.id);
      return row ? view(row) : null;
    },

    open(user: AuthenticatedUser, openingFloat: number): ShiftView {
      const running = shifts.openOf(user.id);
      if (running) throw conflict(`Bạn đang có một ca chưa kết (ngày ${running.businessDate}): hãy kết ca đó trước.`);
      const now = clock.now();
      const row = {
        id: newId(),
        userId: user.id,
        username: user.username,
        businessDate: localDate(now, timeZone),
        openedAt: now.toISOString(),
        openingFloat,
      };
      shifts.insert(row);
      return view({ ...row, ...CLOSE_UNSET });
    },

    close(user: AuthenticatedUser, id: string, request: CloseRequest): ShiftView {
      const row = shifts.find(id);
      if (!row || (!seesAll(user) && row.userId !== user.id)) throw notFound('ca bán hàng', id);
      if (row.closedAt !== null) throw closedAlready(id);
      const counted = request.denominations ? countedOf(request.denominations) : (request.countedCash ?? 0);
      const closedAt = clock.now().toISOString();
      const cash = cashOf(shifts.cashMovements(row.userId, row.openedAt, closedAt));
      const figures = closeFigures(row.openingFloat, cash, counted);
      if (noteRequired(figures, request.note)) {
        const message = 'Tiền đếm được lệch với tiền dự kiến: hãy ghi chú lý do.';
        throw validationError(message, [{ path: 'body.note', message }]);
      }
      const values = {
        closedAt,
        closedBy: user.username,
        ...cash,
        ...figures,
        denominations: request.denominations
          ? JSON.stringify(request.denominations.filter(({ count }) => count > 0))
          : null,
        note: request.note?.trim() || null,
      };
      if (shifts.close(id, values) === 0) throw closedAlready(id);
      return view({ ...row, ...values });
    },

    /** A date's shifts (the user's own for a cashier) and their end of day. */
    ofDate(user: AuthenticatedUser, date: string | undefined) {
      const day = date ?? localDate(clock.now(), timeZone);
      const items = shifts.ofDate(day, seesAll(user) ? undefined : user.id).map(view);
      return { date: day, items, total: daySum(items) };
    },
  };
}

const CLOSE_UNSET = {
  closedAt: null,
  closedBy: null,
  cashSales: null,
  cashRefunds: null,
  expectedCash: null,
  countedCash: null,
  denominations: null,
  difference: null,
  note: null,
};

export type ShiftsService = ReturnType<typeof createShiftsService>;
