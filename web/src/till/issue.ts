/**
 * Issuing a sale: POST /orders, then POST /invoices/one-click, each with the sale's own idempotency key.
 * While the node cannot be reached (network error, node restarting, 502–504) it retries every two seconds
 * with the same keys, so the sale is issued exactly once whatever was lost on the way: a repeated request
 * is answered from the node's stored response. Other refusals end the attempt with the node's message.
 */
import { ApiError, api, call } from '../api/client';
import { invoiceLabel } from '../invoices/invoice-label';
import type { Sale } from './draft';
import { orderItems } from './sale-lines';

export interface IssuedSale {
  invoiceId: string;
  label: string;
  total: number;
  /** What the node warns of (CASH_OVER_5M): shown with the receipt, the sale stands. */
  warnings?: string[];
  /** A cash sale: what the customer gave and the change, shown until the next sale and printed. */
  cashGiven?: number;
  change?: number;
  rounding?: number;
}

const RETRY_MS = 2000;

const unreachable = (error: unknown) =>
  error instanceof ApiError &&
  (error.offline || [502, 503, 504].includes(error.status) || error.code === 'IDEMPOTENCY_IN_PROGRESS');

/** The buyer's optional fields the cashier filled, trimmed; an empty one is not sent. */
function filled({ name: _name, ...optional }: Sale['buyer']): Partial<Omit<Sale['buyer'], 'name'>> {
  return Object.fromEntries(
    Object.entries(optional)
      .map(([field, value]) => [field, value.trim()])
      .filter(([, value]) => value !== ''),
  );
}

function orderBody(sale: Sale, pricesIncludeVat: boolean) {
  return {
    pricesIncludeVat,
    id: sale.orderId,
    channel: 'pos' as const,
    buyer: { name: sale.buyer.name.trim() || 'Khách lẻ', ...filled(sale.buyer) },
    items: orderItems(sale),
    paymentMethod: sale.paymentMethod,
  };
}

async function recordOrder(sale: Sale, pricesIncludeVat: boolean): Promise<void> {
  try {
    await call(
      api.POST('/api/v1/orders', {
        body: orderBody(sale, pricesIncludeVat),
        headers: { 'x-idempotency-key': sale.orderKey },
      }),
    );
  } catch (error) {
    // The order id is this sale's own random id: if it exists, this sale recorded it.
    if (!(error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT')) throw error;
  }
}

async function oneClick(sale: Sale): Promise<IssuedSale> {
  try {
    const invoice = await call(
      api.POST('/api/v1/invoices/one-click', {
        body: { orderId: sale.orderId, channel: 'pos' },
        headers: { 'x-idempotency-key': sale.issueKey },
      }),
    );
    return {
      invoiceId: invoice.id,
      label: invoiceLabel(invoice),
      total: invoice.totals.total,
      warnings: invoice.warnings.map((w) => w.message),
    };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'ALREADY_INVOICED')) throw error;
    // Issued by an attempt whose answer was lost: the order names its invoice.
    const order = await call(api.GET('/api/v1/orders/{id}', { params: { path: { id: sale.orderId } } }));
    if (!order.invoiceId) throw error;
    const invoice = await call(api.GET('/api/v1/invoices/{id}', { params: { path: { id: order.invoiceId } } }));
    return { invoiceId: invoice.id, label: invoiceLabel(invoice), total: invoice.totals.total };
  }
}

/**
 * Issues the sale, retrying while the node is away. `onOrdered` lets the page keep the progress in its draft;
 * `onReachable` tells it whether the last attempt reached the node (the reconnecting banner).
 */
export async function issueSale(
  sale: Sale,
  events: { onOrdered: () => void; onReachable: (reachable: boolean) => void; pricesIncludeVat: boolean },
): Promise<IssuedSale> {
  let ordered = sale.ordered;
  for (;;) {
    try {
      if (!ordered) {
        await recordOrder(sale, events.pricesIncludeVat);
        ordered = true;
        events.onOrdered();
      }
      const issued = await oneClick(sale);
      events.onReachable(true);
      return issued;
    } catch (error) {
      if (!unreachable(error)) {
        events.onReachable(true);
        throw error;
      }
      events.onReachable(false);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
