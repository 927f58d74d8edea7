/**
 * The simulated authority inside the node (the `embedded` adapter, and demo mode): the same TDiep rules as
 * `hoadon tax-sim`, over an in-memory store, answering business replies at once. It runs on a thread of
 * its own (tax-sim.worker.ts): its checks of a package (parsing a megabyte of XML, xmllint, a signature per
 * invoice, the signed 204) held the node's event loop about 300 ms a package, in front of the cashiers.
 * Schemas are checked with xmllint where it is installed; without it (a shop's machine) the embedded check
 * skips the schema and keeps the signature and structure checks of the rules.
 *
 * What it remembers lives as long as its thread: the thread stops after IDLE_STOP_MS with nothing to do
 * (and with the node). A message looked up after that is not found, and the node sends the same text
 * again under the same MTDiep, its rule for a message that never arrived.
 */
import type { Clock } from '../clock.js';
import { sqliteAddonPath } from '../db/native-binding.js';
import { schemaDirectory } from '../tax-messages/schemas.js';
import type { StoredText } from '../transmission/message-text.js';
import type { TdiepTransport } from '../transmission/tdiep-transport.js';
import { createRequestThread } from '../xml/xml-thread.js';

/** Built by scripts/build.mjs (and into the executable by scripts/build-binary.mjs) from tax-sim.worker.ts. */
export const TAX_SIM_WORKER_SCRIPT = 'dist/tax-sim-worker.cjs';

/** A demo node sends in bursts; its authority's memory (about 50 MB) is given back after this long idle, as the XML thread's. */
const IDLE_STOP_MS = 30_000;

export type TaxSimRequest =
  | { op: 'receive'; xml: StoredText; now: string }
  | { op: 'replies'; messageId: string; now: string };

export interface TaxSimThreadData {
  addonPath: string;
  schemaDirectory: string;
}

export type EmbeddedTdiepTransport = TdiepTransport & { close(): Promise<void> };

export function createEmbeddedTdiepTransport(deps: { clock: Clock }): EmbeddedTdiepTransport {
  const thread = createRequestThread<TaxSimRequest>({
    script: TAX_SIM_WORKER_SCRIPT,
    label: 'luồng cơ quan thuế giả lập',
    idleStopMs: IDLE_STOP_MS,
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 },
    workerData: (): TaxSimThreadData => ({ addonPath: sqliteAddonPath(), schemaDirectory: schemaDirectory() }),
  });
  const now = () => deps.clock.now().toISOString();
  return {
    name: 'embedded',
    simulated: true,
    send: (xml) => thread.call<string>({ op: 'receive', xml, now: now() }),
    replies: (messageId) => thread.call<string[]>({ op: 'replies', messageId, now: now() }),
    close: thread.close,
  };
}
