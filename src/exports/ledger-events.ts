/**
 * The ledger as a stream of events in the form's order (section, its rows in chunks, its total; then the
 * footer and the VAT figures), which every writer turns into its format. Between chunks the stream gives
 * the event loop back (src/foreground.ts), so that the till is answered while an export runs.
 */
import {
  createLedgerTotals,
  type LedgerEntry,
  type LedgerFooter,
  type LedgerRow,
  ledgerFooter,
  ledgerRateOrder,
  ledgerRow,
  SECTION_KEYS,
  SECTION_TITLES,
  type SectionKey,
  type SectionTotal,
  sectionOfRate,
} from './sales-ledger.js';
import { type VatFigures, vatFigures } from './vat-figures.js';

/** Rows per chunk: big enough that yielding costs nothing, small enough that a chunk takes about a millisecond. */
export const CHUNK_ROWS = 256;

export type LedgerEvent =
  | { type: 'section'; key: SectionKey; title: string; number: number }
  | { type: 'rows'; key: SectionKey; rows: LedgerRow[] }
  | { type: 'total'; total: SectionTotal }
  | { type: 'end'; sections: SectionTotal[]; footer: LedgerFooter; vat: VatFigures };

export interface LedgerSource {
  rates(): number[];
  /** The entries at one rate, in the period's order, and how far through the period each one is (0–1). */
  entriesAt(rate: number): Iterable<{ entry: LedgerEntry; position: number }>;
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
): AsyncGenerator<LedgerEvent> {
  const totals = createLedgerTotals();
  const rates = ledgerRateOrder(source.rates());
  let passesDone = 0;
  for (const [index, key] of SECTION_KEYS.entries()) {
    yield { type: 'section', key, title: SECTION_TITLES[key], number: index + 1 };
    let stt = 0;
    for (const rate of rates.filter((r) => sectionOfRate(r) === key)) {
      let chunk: LedgerRow[] = [];
      let started = performance.now();
      for (const { entry, position } of source.entriesAt(rate)) {
        const row = ledgerRow(entry, ++stt);
        totals.add(key, row);
        chunk.push(row);
        if (chunk.length < CHUNK_ROWS) continue;
        yield { type: 'rows', key, rows: chunk };
        chunk = [];
        progress((passesDone + position) / rates.length);
        await pace.yieldAfter(performance.now() - started);
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
  yield { type: 'end', sections, footer: ledgerFooter(sections), vat: vatFigures(sections) };
}

/** The totals and VAT figures of a ledger, its rows read and dropped. */
export async function ledgerSummary(events: AsyncIterable<LedgerEvent>) {
  for await (const event of events) {
    if (event.type === 'end') return { sections: event.sections, footer: event.footer, vat: event.vat };
  }
  throw new Error('the ledger ended without its totals');
}
