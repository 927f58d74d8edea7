/**
 * Orders: what the POS (or headquarters, for web orders) records before an invoice exists. One domain
 * function records an order whatever its source; an order is invoiced at most once.
 */
import type { AuthenticatedUser } from '../auth/roles.js';
import type { Clock, IdGenerator } from '../clock.js';
import { addDays, startOfLocalDay } from '../domain/calendar.js';
import { invoiceTotals } from '../domain/money.js';
import { AppError, conflict, notFound } from '../errors.js';
import { page } from '../http/envelope.js';
import { type LineRequest, type PricedLine, withShelfPrices } from '../invoices/invoice-lines.js';
import type { PricedInvoice } from '../invoices/invoices.service.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import type { CreateOrderInput, OrderListQuery } from './orders.schemas.js';
import type { ScheduledIssueState } from './orders.table.js';

/** Runs in the pay transaction when an order becomes paid (auto-issue schedules its invoice here). */
export type OrderPaidListener = (order: OrderRow) => void;

export const invalidOrderState = (id: string, status: string, action: string) =>
  new AppError('INVALID_STATE', 409, `Đơn hàng "${id}" đang ở trạng thái ${status}, không thể ${action}.`);

export function createOrdersService(deps: {
  orders: OrdersRepository;
  price: (items: readonly LineRequest[]) => PricedInvoice;
  clock: Clock;
  newId: IdGenerator;
  timeZone: string;
  /** The auto-issue schedule of an order, shown in its view. */
  autoIssueOf: (
    orderId: string,
  ) => { state: ScheduledIssueState; dueAt: string; attempts: number; lastError: string | null } | undefined;
  paidListeners: readonly OrderPaidListener[];
}) {
  const { orders, price, clock, newId, timeZone, autoIssueOf, paidListeners } = deps;

  const autoIssueView = (orderId: string) => {
    const row = autoIssueOf(orderId);
    if (!row) return undefined;
    return { state: row.state, dueAt: row.dueAt, attempts: row.attempts, lastError: row.lastError ?? undefined };
  };

  const view = (row: OrderRow) => {
    const lines = JSON.parse(row.items) as PricedLine[];
    return {
      id: row.id,
      status: row.status,
      channel: row.channel,
      source: row.source,
      buyer: JSON.parse(row.buyer) as CreateOrderInput['buyer'],
      items: lines.map((line, i) => ({
        ...line,
        lineNo: i + 1,
        // Orders recorded before line kinds were priced as goods.
        kind: line.kind ?? 'goods',
        discount: line.discount ?? 0,
        taxGroup: line.taxGroup ?? undefined,
        sku: line.sku || undefined,
        unit: line.unit || undefined,
      })),
      paymentMethod: row.paymentMethod as CreateOrderInput['paymentMethod'],
      totals: invoiceTotals(lines),
      invoiceId: row.invoiceId ?? undefined,
      createdAt: row.createdAt,
      paidAt: row.paidAt ?? undefined,
      autoIssue: autoIssueView(row.id),
    };
  };

  const find = (id: string): OrderRow => {
    const row = orders.findById(id);
    if (!row) throw notFound('đơn hàng', id);
    return row;
  };

  return {
    view,
    find,
    findById: (id: string) => orders.findById(id),

    /** Records an order from the store or from headquarters; call inside a transaction. */
    record(input: CreateOrderInput, actor: Pick<AuthenticatedUser, 'username'>, source: 'store' | 'hq' = 'store') {
      // Priced once, when recorded: what the buyer was told stays the order's content.
      const { lines } = price(withShelfPrices(input.items, input.pricesIncludeVat));
      const id = input.id ?? newId();
      if (orders.findById(id)) throw conflict(`Đơn hàng "${id}" đã tồn tại.`);
      const at = clock.now().toISOString();
      const row: OrderRow = {
        id,
        status: 'open',
        channel: input.channel,
        source,
        buyer: JSON.stringify(input.buyer),
        items: JSON.stringify(lines),
        paymentMethod: input.paymentMethod,
        invoiceId: null,
        createdBy: actor.username,
        createdAt: at,
        updatedAt: at,
        paidAt: null,
      };
      orders.insert(row);
      return view(row);
    },

    /** Payment recorded: open → paid; paying again is harmless; an invoiced order keeps its status. */
    pay(id: string) {
      const row = find(id);
      if (row.status === 'cancelled') throw invalidOrderState(id, row.status, 'thanh toán');
      if (row.paidAt) return view(row);
      const at = clock.now().toISOString();
      const paid = orders.update(id, {
        status: row.status === 'open' ? 'paid' : row.status,
        paidAt: at,
        updatedAt: at,
      });
      for (const listener of paidListeners) listener(paid);
      return view(paid);
    },

    /** Links the invoice made from the order; call inside the transaction that issued it. */
    markInvoiced(id: string, invoiceId: string) {
      orders.update(id, { status: 'invoiced', invoiceId, updatedAt: clock.now().toISOString() });
    },

    get: (id: string) => view(find(id)),

    list(query: OrderListQuery) {
      const { total, rows } = orders.list(
        {
          status: query.status,
          channel: query.channel,
          createdFrom: query.dateFrom && startOfLocalDay(query.dateFrom, timeZone).toISOString(),
          createdBefore: query.dateTo && startOfLocalDay(addDays(query.dateTo, 1), timeZone).toISOString(),
        },
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return page(rows.map(view), total, query.page, query.pageSize);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
