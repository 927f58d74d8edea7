/**
 * The accountant's exports: the sales ledger of a period in a format, written to a stream as it is read,
 * and the period's VAT return figures. No HTTP: the routes and `hoadon export` both call this.
 */
import type { Writable } from 'node:stream';
import type { Clock } from '../clock.js';
import { localDate } from '../domain/calendar.js';
import { writeCsv } from './csv-writer.js';
import { writeJson } from './json-writer.js';
import type { LedgerHeader } from './ledger-header.js';
import { type LedgerEvent, ledgerEvents, ledgerSummary, type Pace } from './ledger-events.js';
import { openLedgerSnapshot, periodParams, slicesOf } from './ledger.repository.js';
import type { Period } from './period.js';
import { writePdf } from './pdf-writer.js';
import type { KhacLines } from './vat-figures.js';
import { writeXlsx } from './xlsx-writer.js';

export const EXPORT_FORMATS = ['xlsx', 'csv', 'pdf', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  json: 'application/json; charset=utf-8',
};

function* map<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}

type Writer = (events: AsyncIterable<LedgerEvent>, out: Writable, header: LedgerHeader) => Promise<void>;
const WRITERS: Record<ExportFormat, Writer> = { xlsx: writeXlsx, csv: writeCsv, pdf: writePdf, json: writeJson };

/** `bang-ke-ban-ra-2026-11.xlsx`: the form's name without diacritics, then the period. */
export const ledgerFileName = (period: Period, format: ExportFormat) => `bang-ke-ban-ra-${period.label}.${format}`;

export interface ExportsServiceDeps {
  /** The store's database file; every export reads it through a read-only connection of its own. */
  databasePath: string;
  timeZone: string;
  store: () => { storeName: string; seller: { name: string; mst: string; address: string } };
  /** How the export gives way to the till (src/foreground.ts). */
  pace: Pace;
  clock: Clock;
  /** Which line pair KHAC sales are declared on (the `declaration` setting); [32]/[33] without it. */
  khacLines?: () => KhacLines;
}

export function createExportsService(deps: ExportsServiceDeps) {
  const { databasePath, timeZone, pace, clock } = deps;

  const header = (period: Period): LedgerHeader => {
    const { storeName, seller } = deps.store();
    return {
      period,
      storeName,
      seller: { name: seller.name, mst: seller.mst, address: seller.address },
      madeOn: localDate(clock.now(), timeZone),
    };
  };

  /** Runs `use` over the ledger's events from one snapshot of the database, closed whatever happens. */
  async function withLedger<T>(
    period: Period,
    progress: ((share: number) => void) | undefined,
    use: (events: AsyncGenerator<LedgerEvent>) => Promise<T>,
  ): Promise<T> {
    const snapshot = openLedgerSnapshot(databasePath);
    const params = periodParams(period, timeZone);
    const events = ledgerEvents(
      {
        rates: () => map(slicesOf(params), (slice) => snapshot.repository.ratesOf(slice)),
        entriesAt: (rate) => snapshot.repository.entriesAt(params, rate),
      },
      pace,
      progress,
      deps.khacLines?.() ?? '32/33',
    );
    try {
      return await use(events);
    } finally {
      // Ends the rows' iterator (if a writer stopped early) before its connection closes.
      await events.return(undefined);
      snapshot.close();
    }
  }

  return {
    /** Writes the ledger of `period` to `out` in `format`, and ends `out`. */
    salesLedger(period: Period, format: ExportFormat, out: Writable, progress?: (share: number) => void) {
      return withLedger(period, progress, (events) => WRITERS[format](events, out, header(period)));
    },

    /** The section totals, footer and VAT return figures of `period`. */
    async vatFigures(period: Period) {
      const summary = await withLedger(period, undefined, ledgerSummary);
      return { period: { from: period.from, to: period.to, label: period.label }, ...summary };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;

/** The exports service of a running node, from its services (the routes' and the CLI's one way to make it). */
export function exportsServiceOf(services: {
  sqlite: { name: string };
  config: { timeZone: string };
  settings: {
    storeConfig(): { storeName: string; seller: { name: string; mst: string; address: string } };
    declaration?(): { khacLines: KhacLines };
  };
  foreground: Pace;
  clock: Clock;
}): ExportsService {
  return createExportsService({
    databasePath: services.sqlite.name,
    timeZone: services.config.timeZone,
    store: () => services.settings.storeConfig(),
    khacLines: () => services.settings.declaration?.().khacLines ?? '32/33',
    pace: services.foreground,
    clock: services.clock,
  });
}
