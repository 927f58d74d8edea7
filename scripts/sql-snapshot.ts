/**
 * The SQL the repositories run, with SQLite's plan for each, written to docs/sql/ (one file per repository)
 * so that a reviewer sees a change of a statement or of its plan next to the code that made it.
 * `npx tsx scripts/sql-snapshot.ts` writes the files; test/db/sql-snapshot.test.ts fails while they differ
 * from a fresh snapshot. Each repository is made on a fresh database at the last migration, and every
 * statement it prepares is recorded in order (the invoice list's statements, prepared per filter shape and
 * page size, by a few lists of its own); the plan is EXPLAIN QUERY PLAN's with every parameter NULL.
 */

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { createAggregateRepository } from '../src/aggregate/aggregate.repository.js';
import { createAuditRepository } from '../src/audit/audit.repository.js';
import { createUsersRepository } from '../src/auth/users.repository.js';
import { createAutoIssueRepository } from '../src/auto-issue/auto-issue.repository.js';
import { createCustomersRepository } from '../src/customers/customers.repository.js';
import { migrate } from '../src/db/migrate.js';
import { type Db, openDatabaseFile } from '../src/db/open.js';
import * as schema from '../src/db/schema.js';
import { createDeliveryRepository } from '../src/delivery/delivery.repository.js';
import { createLedgerRepository } from '../src/exports/ledger.repository.js';
import { createIdempotencyRepository } from '../src/idempotency/idempotency.repository.js';
import { createInvoiceDocumentsRepository } from '../src/invoices/invoice-documents.repository.js';
import { createInvoicesRepository } from '../src/invoices/invoices.repository.js';
import { createMstRepository } from '../src/mst/mst.repository.js';
import { createNotificationsRepository } from '../src/notifications/notifications.repository.js';
import { createOrdersRepository } from '../src/orders/orders.repository.js';
import { createPortalRepository } from '../src/portal/portal.repository.js';
import { createProductsRepository } from '../src/products/products.repository.js';
import { createReportsRepository } from '../src/reports/reports.repository.js';
import { createSettingsRepository } from '../src/settings/settings.repository.js';
import { createShiftsRepository } from '../src/shifts/shifts.repository.js';
import { createCertificatesRepository } from '../src/signing/certificates.repository.js';
import { createTaxMessagesRepository } from '../src/transmission/tax-messages.repository.js';
import { createTransmissionRepository } from '../src/transmission/transmission.repository.js';

/** Where the snapshot lives. */
export const SQL_SNAPSHOT_DIR = 'docs/sql';

type Open = { sqlite: Database.Database; db: Db };

/** Each repository by its file under src/, made (and for the invoice list, used) on a fresh database. */
const REPOSITORIES: Record<string, (open: Open) => void> = {
  'aggregate/aggregate.repository.ts': ({ sqlite }) => createAggregateRepository(sqlite),
  'audit/audit.repository.ts': ({ db }) => createAuditRepository(db),
  'auth/users.repository.ts': ({ db }) => createUsersRepository(db),
  'auto-issue/auto-issue.repository.ts': ({ db }) => createAutoIssueRepository(db),
  'customers/customers.repository.ts': ({ db }) => createCustomersRepository(db),
  'delivery/delivery.repository.ts': ({ sqlite }) => createDeliveryRepository(sqlite),
  'exports/ledger.repository.ts': ({ sqlite }) => createLedgerRepository(sqlite),
  'idempotency/idempotency.repository.ts': ({ db }) => createIdempotencyRepository(db),
  'invoices/invoice-documents.repository.ts': ({ sqlite }) => createInvoiceDocumentsRepository(sqlite),
  'invoices/invoices.repository.ts': ({ db }) => {
    const invoices = createInvoicesRepository(db);
    // The list's statements are prepared for the shapes of filter asked: the common ones.
    invoices.list({}, 20, 0);
    invoices.list({ statuses: ['issued'] }, 20, 0);
    invoices.list({ createdFrom: '2026-01-01T00:00:00.000Z', createdBefore: '2026-02-01T00:00:00.000Z' }, 20, 0);
    invoices.list({ buyerMst: '0100109106' }, 20, 0);
    invoices.list({ buyerName: 'nguyen' }, 20, 0);
    invoices.list({ buyerName: 'nguyen', statuses: ['issued'] }, 20, 0);
  },
  'mst/mst.repository.ts': ({ sqlite }) => createMstRepository(sqlite),
  'notifications/notifications.repository.ts': ({ db }) => createNotificationsRepository(db),
  'orders/orders.repository.ts': ({ db }) => createOrdersRepository(db),
  'portal/portal.repository.ts': ({ sqlite }) => createPortalRepository(sqlite),
  'products/products.repository.ts': ({ db }) => createProductsRepository(db),
  'reports/reports.repository.ts': ({ sqlite }) => createReportsRepository(sqlite),
  'settings/settings.repository.ts': ({ db }) => createSettingsRepository(db),
  'shifts/shifts.repository.ts': ({ db }) => createShiftsRepository(db),
  'signing/certificates.repository.ts': ({ sqlite }) => createCertificatesRepository(sqlite),
  'transmission/tax-messages.repository.ts': ({ sqlite }) => createTaxMessagesRepository(sqlite),
  'transmission/transmission.repository.ts': ({ sqlite }) => createTransmissionRepository(sqlite),
};

/** The statements `make` prepares on `sqlite`, in order, each once. */
function statementsOf(sqlite: Database.Database, open: Open, make: (open: Open) => void): string[] {
  const seen: string[] = [];
  const prepare = sqlite.prepare;
  sqlite.prepare = ((source: string) => {
    if (!seen.includes(source)) seen.push(source);
    return prepare.call(sqlite, source);
  }) as typeof sqlite.prepare;
  try {
    make(open);
  } finally {
    sqlite.prepare = prepare;
  }
  return seen;
}

/**
 * EXPLAIN QUERY PLAN of a statement with NULL for each parameter, as SQLite's shell draws it. better-sqlite3
 * names no statement's parameters, so they are found as it asks for them (named ones in the text).
 */
function planOf(sqlite: Database.Database, source: string): string {
  const statement = sqlite.prepare(`EXPLAIN QUERY PLAN ${source}`);
  const positional: null[] = [];
  const named: Record<string, null> = {};
  for (;;) {
    try {
      const rows = statement.all(...positional, ...(Object.keys(named).length > 0 ? [named] : [])) as {
        id: number;
        parent: number;
        detail: string;
      }[];
      if (rows.length === 0) return '(no plan: the statement reads no table)';
      const depth = new Map<number, number>([[0, 0]]);
      return rows
        .map((row) => {
          const level = (depth.get(row.parent) ?? 0) + 1;
          depth.set(row.id, level);
          return `${'   '.repeat(level - 1)}${row.detail}`;
        })
        .join('\n');
    } catch (error) {
      const message = (error as Error).message;
      const missing = /^Missing named parameter "(.+)"$/.exec(message);
      if (missing) named[missing[1] as string] = null;
      else if (message === 'Missing named parameters')
        for (const [, name] of source.matchAll(/[@:$]([A-Za-z_][A-Za-z0-9_]*)/g)) named[name as string] = null;
      else if (message === 'Too few parameter values were provided') positional.push(null);
      else throw error;
    }
  }
}

/** The snapshot: each repository's file name in docs/sql/ and its text. */
export function sqlSnapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [source, make] of Object.entries(REPOSITORIES)) {
    const sqlite = openDatabaseFile(':memory:');
    try {
      migrate(sqlite, { now: () => new Date('2026-01-01T00:00:00.000Z') });
      const db = drizzle(sqlite, { schema }) as Db;
      const statements = statementsOf(sqlite, { sqlite, db }, make);
      const text = [
        `# src/${source}`,
        '',
        'The statements this repository prepares once made, each with the plan SQLite gives it on a fresh',
        'database (EXPLAIN QUERY PLAN, parameters NULL); a query it builds anew on each call is not among them.',
        'Written by `npx tsx scripts/sql-snapshot.ts`; do not edit.',
        '',
        ...statements.map((statement) =>
          ['```sql', statement.trim(), '```', '', '```', planOf(sqlite, statement), '```', ''].join('\n'),
        ),
      ].join('\n');
      files.set(`${source.replace(/\//g, '.').replace(/\.ts$/, '')}.md`, text);
    } finally {
      sqlite.close();
    }
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(SQL_SNAPSHOT_DIR, { recursive: true });
  for (const old of readdirSync(SQL_SNAPSHOT_DIR)) rmSync(join(SQL_SNAPSHOT_DIR, old));
  const files = sqlSnapshot();
  for (const [name, text] of files) writeFileSync(join(SQL_SNAPSHOT_DIR, name), text);
  console.log(`${files.size} files in ${SQL_SNAPSHOT_DIR}`);
}
