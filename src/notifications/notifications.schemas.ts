import { z } from 'zod';
import { NOTIFICATION_TYPES } from './notifications.table.js';

export const notificationListQuery = z.object({
  filter: z.enum(['all', 'unread']).default('all'),
  type: z.enum(NOTIFICATION_TYPES).optional(),
});

export const notificationIdParams = z.object({ id: z.string().min(1).max(100) });

export const notification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  category: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  time: z.string(),
  read: z.boolean(),
});

export const countResult = z.object({ count: z.number().int() });
export const readResult = z.object({ id: z.string(), read: z.literal(true) });
