import { z } from 'zod';
import { DELIVERY_CHANNELS, DELIVERY_STATES } from './delivery.table.js';

export const deliveryEntry = z.object({
  channel: z.enum(DELIVERY_CHANNELS).describe('email, or webhook (the buyer’s phone, to the shop’s SMS/Zalo provider)'),
  to: z.string().describe('The e-mail address, or the phone number'),
  state: z.enum(DELIVERY_STATES).describe('queued: waiting for an attempt; sent; failed: refused for good'),
  at: z.string().describe('When the sending was queued or last tried'),
  error: z.string().optional().describe('Why the last attempt failed'),
});

export const sendInvoiceBody = z.strictObject({
  to: z
    .email({ error: 'Địa chỉ thư điện tử không hợp lệ.' })
    .max(254)
    .optional()
    .describe('Another address than the buyer’s'),
});

const host = z
  .string()
  .trim()
  .max(253)
  .regex(/^$|^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/, 'Tên máy chủ thư không hợp lệ.');

export const mailSettingsBody = z.strictObject({
  host: host.describe('The SMTP server; empty: the environment’s (HOADON_SMTP_URL), or none'),
  port: z.number().int().min(1, 'Cổng từ 1 đến 65535.').max(65_535, 'Cổng từ 1 đến 65535.'),
  secure: z.boolean().describe('true: TLS from the start (smtps, usually port 465); false: STARTTLS when offered'),
  user: z.string().max(254),
  password: z.string().max(254).optional().describe('Left out: the stored password stays'),
  from: z.union([z.literal(''), z.email({ error: 'Địa chỉ gửi không hợp lệ.' }).max(254)]),
});

export const mailSettingsAnswer = z.object({
  source: z.enum(['settings', 'environment', 'none']),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string(),
  passwordSet: z.boolean().describe('The password itself is never answered'),
  from: z.string(),
});

export const invoiceLookup = z.object({
  code: z.string().nullable().describe('The lookup code printed on the invoice'),
  link: z.string().nullable().describe('Its page on the lookup portal the store prints; null when none answers'),
});
