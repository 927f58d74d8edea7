/**
 * The figures: the rollups kept by their invoice listener, the reports and the day breakdown read from
 * them, the exports (sales ledger, VAT figures) and the period locks.
 */

import { exportsServiceOf } from '../exports/exports.service.js';
import { createPeriodLocksService } from '../exports/period-locks.service.js';
import { createDayBreakdown } from '../reports/day-breakdown.js';
import { createReportsRepository } from '../reports/reports.repository.js';
import { createReportsService } from '../reports/reports.service.js';
import { createTodaySales, createWindowFigures } from '../reports/window-figures.js';
import { createClosedDays } from '../rollups/closed-days.js';
import { createRollupDemoScope } from '../rollups/demo-scope.js';
import { createRollupsListener } from '../rollups/rollups.listener.js';
import type { NodeContext } from './context.js';
import type { Invoicing } from './invoicing.js';
import type { SettingsAndAudit } from './settings-and-audit.js';
import type { Signing } from './signing.js';
import type { Storage } from './storage.js';

export interface FiguresDeps {
  storage: Pick<Storage, 'sqlite' | 'foreground'>;
  settings: Pick<SettingsAndAudit, 'settings' | 'audit'>;
  signing: Pick<Signing, 'mode'>;
  invoicing: Pick<Invoicing, 'invoices' | 'scheduledIssues'>;
}

export function createFigures(ctx: NodeContext, deps: FiguresDeps) {
  const { config, clock, timeZone } = ctx;
  const { sqlite, foreground } = deps.storage;
  const { settings, audit } = deps.settings;
  const closedDays = createClosedDays(sqlite);
  const reportsRepository = createReportsRepository(sqlite);
  const todaySales = createTodaySales(sqlite, reportsRepository);
  // Demo invoices count in the figures while the node is in demo mode only (docs/decisions.md §7).
  const rollupScope = createRollupDemoScope(sqlite, {
    demoMode: () => deps.signing.mode.mode() === 'demo',
    rebuilt: () => {
      closedDays.changed('');
      todaySales.customers.forget();
      todaySales.skus.forget();
    },
  });
  return {
    rollupScope,
    rollupsListener: createRollupsListener(
      sqlite,
      {
        dayChanged: closedDays.changed,
        customerChanged: todaySales.customers.touched,
        skuChanged: todaySales.skus.touched,
      },
      rollupScope,
    ),
    reports: createReportsService({
      reports: reportsRepository,
      windows: createWindowFigures(reportsRepository, closedDays, todaySales),
      invoices: deps.invoicing.invoices,
      scheduledPending: deps.invoicing.scheduledIssues.pendingCount,
      clock,
      timeZone,
    }),
    dayBreakdown: createDayBreakdown(sqlite, timeZone),
    periodLocks: createPeriodLocksService({
      sqlite,
      audit,
      clock,
      timeZone,
      store: () => settings.storeConfig(),
      khacLines: () => settings.declaration().khacLines,
    }),
    /** The sales ledger, VAT figures and other exports (src/exports), made once for the routes and the CLI. */
    exports: exportsServiceOf({ sqlite, config, settings, foreground, clock }),
  };
}

export type Figures = ReturnType<typeof createFigures>;
