/**
 * Who may call what (docs/decisions.md §2): one table, read by the route guard and by the auth-matrix tests.
 * Keys are `METHOD path` below /api/v1. A route missing here refuses to start the node, so a new route
 * cannot be left open by accident.
 */
import type { Role } from './roles.js';

export type Access = 'public' | readonly Role[];

const ALL: readonly Role[] = ['admin', 'cashier', 'accountant'];
const ADMIN: readonly Role[] = ['admin'];
const SELLING: readonly Role[] = ['admin', 'cashier'];
const ACCOUNTING: readonly Role[] = ['admin', 'accountant'];

export const ACCESS: Record<string, Access> = {
  'GET /health': 'public',
  'POST /auth/login': 'public',
  'POST /auth/logout': ALL,
  'GET /auth/me': ALL,
  'GET /openapi.json': 'public',

  'POST /invoices': SELLING,
  'GET /invoices': ALL,
  'GET /invoices/:id': ALL,
  'POST /invoices/:id/replace': ACCOUNTING,
  'POST /invoices/:id/adjust': ACCOUNTING,
  'POST /invoices/one-click': SELLING,
  'GET /invoices/:id/audit': ALL,
  'GET /invoices/:id/pdf': ALL,
  'GET /invoices/:id/receipt': ALL,
  'GET /invoices/:id/xml': ALL,
  // Sending the invoice to its buyer again: whoever stands at the till or keeps the books.
  'POST /invoices/:id/send': ALL,
  'GET /invoices/:id/lookup': ALL,
  // Printing a receipt is reading it onto paper: whoever may read the invoice (docs/printing.md).
  'POST /invoices/:id/print': ALL,

  'POST /orders': SELLING,
  'GET /orders': ALL,
  'GET /orders/:id': ALL,
  'POST /orders/:id/pay': SELLING,

  'GET /customers': ALL,
  'GET /customers/:id': ALL,
  'GET /customers/:id/analytics': ACCOUNTING,

  'GET /products': ALL,
  'PUT /products/:sku': ADMIN,
  'GET /products/categories': ALL,
  // The catalogue with its cost prices: the admin's and the accountant's.
  'GET /products/export': ACCOUNTING,
  'PUT /products/:sku/active': ADMIN,
  'DELETE /products/:sku': ADMIN,
  'POST /products/import/preview': ADMIN,
  'POST /products/import': ADMIN,
  'GET /reports/summary': ACCOUNTING,
  'GET /reports/monthly': ACCOUNTING,
  // The day's closing (the till's end of day) is a cashier's as much as an accountant's.
  'GET /reports/day': ALL,
  'GET /analytics/channels': ACCOUNTING,
  'GET /analytics/top-customers': ACCOUNTING,
  'GET /analytics/top-skus': ACCOUNTING,
  'GET /exports/sales-ledger': ACCOUNTING,
  'GET /exports/vat-figures': ACCOUNTING,
  'GET /exports/periods': ACCOUNTING,
  'POST /exports/periods/:month/lock': ACCOUNTING,
  // Reopening a declared month is the admin's, with a reason kept in the audit trail (docs/exports.md).
  'POST /exports/periods/:month/unlock': ADMIN,

  'GET /settings/templates': ALL,
  'PATCH /settings/templates': ADMIN,
  'GET /settings/automation': ALL,
  'PATCH /settings/automation': ADMIN,
  // The till reads who may sell free lines and the account its VietQR pays into.
  'GET /settings/till': ALL,
  'PATCH /settings/till': ADMIN,
  'GET /settings/plan': ALL,
  'GET /settings/vat-reduction': ALL,
  'PUT /settings/vat-reduction': ADMIN,
  'GET /settings/declaration': ACCOUNTING,
  'PUT /settings/declaration': ADMIN,
  'GET /settings/email': ADMIN,
  'PUT /settings/email': ADMIN,
  // Each till picks its printer from the list.
  'GET /settings/printers': ALL,
  'PUT /settings/printers': ADMIN,
  'POST /printers/:id/test': ADMIN,
  'POST /printers/:id/open-drawer': ADMIN,

  'GET /notifications': ALL,
  'GET /notifications/unread-count': ALL,
  'PATCH /notifications/:id/read': ALL,
  'POST /notifications/read-all': ALL,

  // A cashier opens and closes their own shift; the list shows a cashier their own (src/shifts).
  'POST /shifts': SELLING,
  'POST /shifts/:id/close': SELLING,
  'GET /shifts': ALL,
  'GET /shifts/current': ALL,

  'GET /aggregate': ALL,
  'GET /mst/lookup': ALL,

  'GET /transmission/queue': ACCOUNTING,
  'POST /transmission/queue/:invoiceId/retry': ACCOUNTING,
  'POST /transmission/queue/:invoiceId/resend': ACCOUNTING,
  'PUT /transmission/registration/cash-register-prefix': ADMIN,
  'GET /transmission/registration': ACCOUNTING,
  'POST /transmission/registration': ADMIN,
  'POST /transmission/error-notices': ACCOUNTING,
  // Going live from the console (src/transmission/going-live.routes.ts): the owner's steps.
  'GET /going-live': ACCOUNTING,
  'GET /transmission/connection': ADMIN,
  'PUT /transmission/connection': ADMIN,
  'POST /transmission/connection/check': ADMIN,

  'GET /config': ACCOUNTING,
  'PATCH /config': ADMIN,

  'GET /users': ADMIN,
  'POST /users': ADMIN,
  'PATCH /users/:username': ADMIN,
  'POST /users/:username/password': ADMIN,

  'GET /signing/certificate': ADMIN,
  'POST /signing/certificate': ADMIN,
  'GET /signing/certificate.cer': ACCOUNTING,
  'POST /signing/token': ADMIN,
  'GET /signing/token/modules': ADMIN,
  'GET /signing/token/tokens': ADMIN,
  'GET /backups': ADMIN,
  'POST /backups': ADMIN,
  'GET /backups/:name': ADMIN,
};

/** The interactive API documentation is served by a plugin with many asset routes, all public. */
export function accessOf(method: string, path: string): Access | undefined {
  if (path === '/docs' || path.startsWith('/docs/')) return 'public';
  return ACCESS[`${method} ${path}`];
}
