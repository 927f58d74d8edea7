import { z } from 'zod';
import { pageQuery } from '../http/envelope.js';
import { queryDate } from '../http/fields.js';
import { buyerInput, invoiceItem, totals } from '../invoices/invoices.schemas.js';
import { PAYMENT_METHODS } from '../invoices/invoices.table.js';
import { invoiceLines, itemInput, pricesIncludeVat } from '../invoices/line.schemas.js';
import { ORDER_CHANNELS, ORDER_STATUSES, SCHEDULED_ISSUE_STATES } from './orders.table.js';

export const createOrderBody = z.strictObject({
  id: z
    .string()
    .regex(
      /^[A-Za-z0-9._:-]{1,100}$/,
      'Mã đơn hàng gồm 1–100 ký tự chữ, số, dấu chấm, gạch dưới, gạch ngang, hai chấm.',
    )
    .optional(),
  channel: z.enum(ORDER_CHANNELS).default('pos'),
  buyer: buyerInput,
  items: invoiceLines(z.array(itemInput).min(1, 'Đơn hàng phải có ít nhất một dòng hàng.').max(1000)),
  pricesIncludeVat,
  paymentMethod: z.enum(PAYMENT_METHODS).default('TM/CK'),
});
export type CreateOrderInput = z.infer<typeof createOrderBody>;

const localDate = queryDate;

export const orderListQuery = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    channel: z.enum(ORDER_CHANNELS).optional(),
    dateFrom: localDate.optional(),
    dateTo: localDate.optional(),
    ...pageQuery,
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: 'dateFrom phải trước hoặc bằng dateTo.',
    path: ['dateFrom'],
  });
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderIdParams = z.object({ id: z.string().min(1).max(100) });

export const order = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.enum(ORDER_CHANNELS),
  source: z.enum(['store', 'hq']),
  buyer: buyerInput,
  items: z.array(invoiceItem),
  paymentMethod: z.enum(PAYMENT_METHODS),
  totals,
  invoiceId: z.string().optional(),
  createdAt: z.string(),
  paidAt: z.string().optional(),
  autoIssue: z
    .object({
      state: z.enum(SCHEDULED_ISSUE_STATES),
      dueAt: z.string(),
      attempts: z.number().int(),
      lastError: z.string().optional(),
    })
    .optional()
    .describe('Auto-issue on paid: `pending` until the invoice is issued at `dueAt` (docs/auto-issue.md)'),
});
