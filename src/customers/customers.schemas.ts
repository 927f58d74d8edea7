import { z } from 'zod';
import { CHANNELS } from '../domain/channels.js';
import { pageQuery } from '../http/envelope.js';
import { searchText } from '../http/fields.js';

export const customerIdParams = z.object({ id: z.string().min(1).max(100) });

export const customerListQuery = z.object({ search: searchText(200).optional(), ...pageQuery });

export const customerListItem = z.object({
  id: z.string(),
  name: z.string(),
  mst: z.string().optional(),
  email: z.string().optional(),
  invoiceCount: z.number().int(),
  totalRevenue: z.number().int().describe('Integer đồng; issued and adjusted invoices (docs/decisions.md §5).'),
});

export const customerDetail = z.object({
  id: z.string(),
  name: z.string(),
  mst: z.string().optional(),
  address: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  createdAt: z.string(),
});

const figures = z.object({ count: z.number().int(), revenue: z.number().int() });

export const customerAnalytics = z.object({
  customer: z.object({ id: z.string(), name: z.string() }),
  stats: z.object({
    totalInvoices: z.number().int(),
    totalRevenue: z.number().int(),
    avgOrderValue: z.number().int(),
    firstInvoice: z.string().optional(),
    lastInvoice: z.string().optional(),
  }),
  monthly: z.array(z.object({ month: z.string(), count: z.number().int(), revenue: z.number().int() })),
  channels: z.partialRecord(z.enum(CHANNELS), figures),
});
