/** Every table of the store node, for drizzle queries and for drizzle-kit to generate migrations/. */

export * from '../../sync/store/hq-announcement.table.js';
export * from '../../sync/store/sync.table.js';
export * from '../aggregate/aggregate.table.js';
export * from '../audit/audit.table.js';
export * from '../auth/users.table.js';
export * from '../auto-issue/auto-issue.table.js';
export * from '../customers/customers.table.js';
export * from '../delivery/delivery.table.js';
export * from '../exports/period-locks.table.js';
export * from '../idempotency/idempotency.table.js';
export * from '../invoices/invoices.table.js';
export * from '../mst/mst.table.js';
export * from '../notifications/notifications.table.js';
export * from '../orders/orders.table.js';
export * from '../products/products.table.js';
export * from '../rollups/rollups.table.js';
export * from '../settings/settings.table.js';
export * from '../shifts/shifts.table.js';
export * from '../signing/certificates.table.js';
export * from '../transmission/transmission.table.js';
