/**
 * The accountant's exports: the sales ledger of a period in a format, written to a stream as it is read,
 * and the period's VAT return figures. No HTTP: the routes and `hoadon export` both call this.
 */
import type { Writable } from 'node:stream';
import type { Clock } from '../clock.js';
import { localDate } from '../domain/calendar.js';
import { writeCsv } from './csv-writer.js';
import {
  type DeclaredCorrection,
  type MonthPiece,
  monthsOf,
  type OpenInvoiceRow,
  openInvoiceOf,
  supplementaryOf,
  supplementaryRows,
} from './declared-periods.js';
import { writeJson } from './json-writer.js';
import { type FrozenMonth, openLedgerSnapshot, periodParams, slicesOf } from './ledger.repository.js';
import { type LedgerEvent, type LedgerSource, ledgerEvents, ledgerSummary, type Pace } from './ledger-events.js';
import type { LedgerHeader } from './ledger-header.js';
import { writePdf } from './pdf-writer.js';
import type { Period } from './period.js';
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

  const liveHeader = (period: Period): LedgerHeader => {
    const { storeName, seller } = deps.store();
    return {
      period,
      storeName,
      seller: { name: seller.name, mst: seller.mst, address: seller.address },
      madeOn: localDate(clock.now(), timeZone),
    };
  };

  /**
   * Runs `use` over the ledger's events from one snapshot of the database, closed whatever happens. The period
   * is read a month at a time: a declared month from what its lock stored, the others from the invoices.
   */
  async function withLedger<T>(
    period: Period,
    progress: ((share: number) => void) | undefined,
    use: (events: AsyncGenerator<LedgerEvent>, header: LedgerHeader) => Promise<T>,
  ): Promise<T> {
    const snapshot = openLedgerSnapshot(databasePath);
    const { repository } = snapshot;
    let events: AsyncGenerator<LedgerEvent> | undefined;
    try {
      const pieces = monthsOf(period).map((piece) => {
        const lock = repository.lockOf(piece.month);
        return {
          piece,
          params: periodParams({ ...period, from: piece.from, to: piece.to }, timeZone),
          frozen: lock ? (JSON.parse(lock.frozen) as FrozenMonth) : undefined,
        };
      });
      const within = (date: string, piece: MonthPiece) => date >= piece.from && date <= piece.to;
      const source: LedgerSource = {
        *rates() {
          for (const { piece, params, frozen } of pieces) {
            if (frozen) yield repository.frozenRatesOf(piece.month);
            else yield* map(slicesOf(params), (slice) => repository.ratesOf(slice));
          }
        },
        *entriesAt(rate) {
          for (const [index, { piece, params, frozen }] of pieces.entries()) {
            const items = frozen ? repository.frozenEntriesAt(piece, rate) : repository.entriesAt(params, rate);
            for (const item of items) {
              yield item === null ? null : { ...item, position: (index + item.position) / pieces.length };
            }
          }
        },
        extras() {
          const corrections: DeclaredCorrection[] = [];
          const open: OpenInvoiceRow[] = [];
          for (const { piece, params, frozen } of pieces) {
            if (frozen) {
              corrections.push(...frozen.corrections.filter((c) => within(c.invoice.issueDate, piece)));
              open.push(...frozen.openInvoices.filter((o) => within(o.issueDate, piece)));
            } else {
              corrections.push(...repository.declaredCorrections(piece));
              open.push(...repository.openInvoices(params));
            }
          }
          return {
            supplementary: supplementaryOf(supplementaryRows(corrections)),
            openInvoices: open.map(openInvoiceOf),
          };
        },
      };
      // A declared month on its own is written as it was at its lock, header and KHAC setting included.
      const whole = pieces.length === 1 && period.from === `${period.label}-01` ? pieces[0]!.frozen : undefined;
      const header = whole
        ? { period, storeName: whole.storeName, seller: whole.seller, madeOn: whole.madeOn }
        : liveHeader(period);
      events = ledgerEvents(source, pace, progress, whole?.khacLines ?? deps.khacLines?.() ?? '32/33');
      return await use(events, header);
    } finally {
      // Ends the rows' iterator (if a writer stopped early) before its connection closes.
      await events?.return(undefined);
      snapshot.close();
    }
  }

  return {
    /** Writes the ledger of `period` to `out` in `format`, and ends `out`. */
    salesLedger(period: Period, format: ExportFormat, out: Writable, progress?: (share: number) => void) {
      return withLedger(period, progress, (events, header) => WRITERS[format](events, out, header));
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
