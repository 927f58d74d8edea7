import { z } from 'zod';

/** The `:id` of a route about one thing (an invoice, an order, a customer…). */
export const idParams = z.object({ id: z.string().min(1).max(100) });
