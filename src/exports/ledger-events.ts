/**
 * The ledger as a stream of events in the form's order (section, its rows in chunks, its total; then the
 * footer and the VAT figures), which every writer turns into its format. Between chunks the stream gives
 * the event loop back (src/foreground.ts), so that the till is answered while an export runs.
 */

import { type OpenInvoice, type Supplementary, supplementaryOf } from './declared-periods.js';
import {
  createLedgerTotals,
  type LedgerEntry,
  type LedgerFooter,
  type LedgerRow,
  ledgerFooter,
  ledgerGroupOrder,
  ledgerRow,
  SECTION_KEYS,
  SECTION_TITLES,
  type SectionKey,
  type SectionTotal,
  sectionOfGroup,
} from './sales-ledger.js';
import { type KhacLines, type VatFigures, vatFigures } from './vat-figures.js';

/** The longest the export holds the event loop before giving it back (src/foreground.ts). */
const SLICE_BUDGET_MS = 5;

/**
 * Rows per chunk handed to a writer, sized so that reading and writing a chunk takes about SLICE_BUDGET_MS:
 * a CSV row costs microseconds, a PDF row a good part of a millisecond.
 */
export function nextChunkRows(rows: number, spentMs: number): number {
  const scaled = spentMs > 0 ? Math.round((rows * SLICE_BUDGET_MS) / spentMs) : rows * 2;
  return Math.min(1_024, Math.max(8, scaled));
}

export type LedgerEvent =
  | { type: 'section'; key: SectionKey; title: string; number: number }
  | { type: 'rows'; key: SectionKey; rows: LedgerRow[] }
  | { type: 'total'; total: SectionTotal }
  | {
      type: 'end';
      sections: SectionTotal[];
      footer: LedgerFooter;
      vat: VatFigures;
      /** Corrections of declared months made in the period (for 01/KHBS). */
      supplementary: Supplementary;
      /** The period's invoices not through yet (error, attention, unsent). */
      openInvoices: OpenInvoice[];
    };

export interface LedgerSource {
  /** The tax groups (rates and categories) of the period, a slice of it at a time. */
  rates(): Iterable<string[]>;
  /**
   * The entries in one tax group, in the period's order, and how far through the period each one is (0–1);
   * `null` between slices of the period, where the export may pause.
   */
  entriesAt(group: string): Iterable<{ entry: LedgerEntry; position: number } | null>;
  /** What follows the ledger's sections: the supplementary section and the open invoices (none without it). */
  extras?(): { supplementary: Supplementary; openInvoices: OpenInvoice[] };
}

export interface Pace {
  /** Called after a chunk that took `spentMs`; resolves when the export may go on. */
  yieldAfter(spentMs: number): Promise<void>;
}

/** The events of the ledger of `source`; `progress` hears the share done (0–1) after each chunk. */
export async function* ledgerEvents(
  source: LedgerSource,
  pace: Pace,
  progress: (share: number) => void = () => {},
  khacLines: KhacLines = '32/33',
): AsyncGenerator<LedgerEvent> {
  const totals = createLedgerTotals();
  const found: string[] = [];
  let started = performance.now();
  for (const slice of source.rates()) {
    found.push(...slice);
    if (performance.now() - started < SLICE_BUDGET_MS) continue;
    await pace.yieldAfter(performance.now() - started);
    started = performance.now();
  }
  const rates = ledgerGroupOrder(found);
  let passesDone = 0;
  let chunkRows = 64;
  for (const [index, key] of SECTION_KEYS.entries()) {
    yield { type: 'section', key, title: SECTION_TITLES[key], number: index + 1 };
    let stt = 0;
    for (const rate of rates.filter((r) => sectionOfGroup(r) === key)) {
      let chunk: LedgerRow[] = [];
      let position = 0;
      started = performance.now();
      for (const item of source.entriesAt(rate)) {
        if (item !== null) {
          const row = ledgerRow(item.entry, ++stt);
          totals.add(key, row);
          chunk.push(row);
          position = item.position;
          if (chunk.length < chunkRows) continue;
        } else if (performance.now() - started < SLICE_BUDGET_MS) continue;
        if (chunk.length > 0) yield { type: 'rows', key, rows: chunk };
        const spent = performance.now() - started;
        if (chunk.length > 0) chunkRows = nextChunkRows(chunk.length, spent);
        chunk = [];
        progress((passesDone + position) / rates.length);
        await pace.yieldAfter(spent);
        started = performance.now();
      }
      if (chunk.length > 0) yield { type: 'rows', key, rows: chunk };
      passesDone++;
      progress(passesDone / rates.length);
    }
    yield { type: 'total', total: totals.section(key) };
  }
  const sections = totals.sections();
  progress(1);
  const extras = source.extras?.() ?? { supplementary: supplementaryOf([]), openInvoices: [] };
  yield { type: 'end', sections, footer: ledgerFooter(sections), vat: vatFigures(sections, khacLines), ...extras };
}

/** The totals and VAT figures of a ledger, its rows read and dropped. */
export async function ledgerSummary(events: AsyncIterable<LedgerEvent>) {
  for await (const event of events) {
    if (event.type === 'end') {
      const { sections, footer, vat, supplementary, openInvoices } = event;
      return { sections, footer, vat, supplementary, openInvoices };
    }
  }
  throw new Error('the ledger ended without its totals');
}
