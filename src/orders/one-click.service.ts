/**
 * One-click: the invoice of an order, in the order's transaction, answered without waiting for any network
 * (transmission to the tax authority is queued by the invoice listeners). An order gets one invoice, ever.
 */
import type { AuthenticatedUser } from '../auth/roles.js';
import { AppError, validationError } from '../errors.js';
import { type PricedLine, requestOf } from '../invoices/invoice-lines.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import type { Channel } from '../invoices/invoices.table.js';
import type { OrdersService } from './orders.service.js';
import { invalidOrderState } from './orders.service.js';

export const alreadyInvoiced = (orderId: string, invoiceId: string) =>
  new AppError('ALREADY_INVOICED', 409, `Đơn hàng "${orderId}" đã có hóa đơn.`, [
    { path: 'body.orderId', message: 'Đơn hàng đã có hóa đơn.', invoiceId },
  ]);

const isOrderUniqueViolation = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
  error.message.includes('invoices.order_id');

export function createOneClickService(deps: { invoices: InvoicesService; orders: OrdersService }) {
  const { invoices, orders } = deps;
  return {
    /** Call inside a transaction. */
    issueFromOrder(orderId: string, channel: Channel | undefined, actor: AuthenticatedUser) {
      const order = orders.findById(orderId);
      if (!order) {
        throw validationError(`Không tìm thấy đơn hàng "${orderId}".`, [
          { path: 'body.orderId', message: 'Đơn hàng không tồn tại.' },
        ]);
      }
      if (order.invoiceId) throw alreadyInvoiced(orderId, order.invoiceId);
      if (order.status === 'cancelled') throw invalidOrderState(orderId, order.status, 'xuất hóa đơn');
      const view = orders.view(order);
      let invoice: ReturnType<InvoicesService['issue']>;
      try {
        invoice = invoices.issue(
          {
            input: { buyer: view.buyer, paymentMethod: view.paymentMethod, channel: channel ?? order.channel },
            pricing: invoices.price((JSON.parse(order.items) as PricedLine[]).map(requestOf)),
            relation: { orderId },
          },
          actor,
        );
      } catch (error) {
        // The UNIQUE index on invoices.order_id is the last line of defence against a second invoice.
        if (isOrderUniqueViolation(error)) throw alreadyInvoiced(orderId, orders.findById(orderId)?.invoiceId ?? '');
        throw error;
      }
      orders.markInvoiced(orderId, invoice.id);
      return {
        id: invoice.id,
        status: invoice.status,
        orderId,
        channel: invoice.channel,
        total: invoice.totals.total,
        totals: invoice.totals,
        mauSo: invoice.mauSo,
        kyHieu: invoice.kyHieu,
        number: invoice.number,
        createdAt: invoice.createdAt,
        warnings: invoice.warnings,
      };
    },
  };
}

export type OneClickService = ReturnType<typeof createOneClickService>;
