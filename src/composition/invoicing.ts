/**
 * Invoicing: customers, products, the MST registry, the plan, invoices and their lifecycle, the audit
 * service, orders, one-click invoices, scheduled (auto) issuing and shifts.
 */

import { createAuditService } from '../audit/audit.service.js';
import { createAutoIssueRepository } from '../auto-issue/auto-issue.repository.js';
import { createAutoIssueService } from '../auto-issue/auto-issue.service.js';
import { createCustomersRepository } from '../customers/customers.repository.js';
import { createCustomersService } from '../customers/customers.service.js';
import { createInvoicesRepository } from '../invoices/invoices.repository.js';
import { createInvoicesService } from '../invoices/invoices.service.js';
import { createLifecycleService } from '../invoices/lifecycle/lifecycle.service.js';
import { createMstRepository } from '../mst/mst.repository.js';
import { createMstService } from '../mst/mst.service.js';
import { createHttpMstUpstream } from '../mst/mst-upstream.js';
import { createOneClickService } from '../orders/one-click.service.js';
import { createOrdersRepository } from '../orders/orders.repository.js';
import { createOrdersService } from '../orders/orders.service.js';
import { createProductsRepository } from '../products/products.repository.js';
import { createProductsService } from '../products/products.service.js';
import { createPlanService } from '../settings/plan.service.js';
import { createShiftsRepository } from '../shifts/shifts.repository.js';
import { createShiftsService } from '../shifts/shifts.service.js';
import type { NodeContext } from './context.js';
import type { EventChannels } from './events.js';
import type { Records } from './records.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Signing } from './signing.js';
import type { Storage } from './storage.js';

export interface InvoicingDeps {
  storage: Pick<Storage, 'db' | 'sqlite' | 'path'>;
  settings: Pick<SettingsAndAudit, 'settings' | 'audit' | 'notify' | 'notifications'>;
  signing: Pick<Signing, 'signing' | 'mode'>;
  records: Pick<Records, 'transmissionQueue' | 'deliveries'>;
  channels: Pick<EventChannels, 'invoice' | 'orderPaid'>;
}

export function createInvoicing(ctx: NodeContext, deps: InvoicingDeps) {
  const { clock, newId, timeZone } = ctx;
  const { db, sqlite } = deps.storage;
  const { settings, audit, notify, notifications } = deps.settings;
  const { signing, mode } = deps.signing;
  const customers = createCustomersService({ customers: createCustomersRepository(db), newId });
  const plan = createPlanService({ sqlite, databasePath: deps.storage.path, settings, clock, timeZone, notify });
  const products = createProductsService({
    products: createProductsRepository(db),
    clock,
    audit,
    taxRates: () => settings.storeConfig().taxRates,
    vatReductionWindows: () => settings.vatReduction().windows,
  });
  const mst = createMstService({
    registry: createMstRepository(sqlite),
    upstream: () => {
      const { transmission } = settings.storeConfig();
      return transmission.adapter === 'http' && transmission.url ? createHttpMstUpstream(transmission.url) : undefined;
    },
    clock,
  });
  const invoices = createInvoicesService({
    invoices: createInvoicesRepository(db),
    transmissionOf: (invoiceId) => deps.records.transmissionQueue.find(invoiceId),
    productTaxOf: (sku) => products.taxOf(sku),
    deliveryOf: deps.records.deliveries.history,
    audit,
    customers,
    settings,
    plan,
    signing: { assertCanSign: () => signing.assertCanSign() },
    clock,
    newId,
    timeZone,
    listeners: deps.channels.invoice,
    issuer: () => mode.issuer(),
  });
  const scheduledIssues = createAutoIssueRepository(db);
  const orders = createOrdersService({
    orders: createOrdersRepository(db),
    price: invoices.price,
    clock,
    newId,
    timeZone,
    autoIssueOf: scheduledIssues.find,
    paidListeners: deps.channels.orderPaid,
  });
  const oneClick = createOneClickService({ invoices, orders });
  return {
    customers,
    plan,
    products,
    mst,
    invoices,
    lifecycle: createLifecycleService(invoices),
    auditService: createAuditService({ audit, invoices, sqlite, clock }),
    scheduledIssues,
    orders,
    oneClick,
    autoIssue: createAutoIssueService({
      sqlite,
      scheduled: scheduledIssues,
      orders,
      oneClick,
      settings,
      notifications,
      clock,
    }),
    shifts: createShiftsService({ shifts: createShiftsRepository(db), clock, newId, timeZone }),
  };
}

export type Invoicing = ReturnType<typeof createInvoicing>;
