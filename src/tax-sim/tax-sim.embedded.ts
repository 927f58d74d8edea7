/**
 * The simulated authority inside the node (the `embedded` adapter, and demo mode): the same TDiep rules as
 * `hoadon tax-sim`, over an in-memory store, answering business replies at once. Schemas are checked with
 * xmllint where it is installed; without it (a shop's machine) the embedded check skips the schema and
 * keeps the signature and structure checks of the rules.
 */
import type { Clock } from '../clock.js';
import { openDatabaseFile } from '../db/open.js';
import { validateMessage } from '../tax-messages/schemas.js';
import { createInProcessTransport, type TdiepTransport } from '../transmission/tdiep-transport.js';
import { authorityIdentity, createTdiepAuthority } from './tax-sim.tdiep.js';
import { createTdiepStore } from './tax-sim.tdiep-store.js';

export function createEmbeddedTdiepTransport(deps: { clock: Clock }): TdiepTransport {
  let xmllint = true;
  const authority = createTdiepAuthority({
    store: createTdiepStore(openDatabaseFile(':memory:')),
    validate: async (xml) => {
      if (!xmllint) return [];
      try {
        return await validateMessage(xml);
      } catch {
        xmllint = false;
        return [];
      }
    },
    clock: deps.clock,
    identity: authorityIdentity(undefined, deps.clock),
    replyDelayMs: () => 0,
    takeRejection: () => undefined,
  });
  return createInProcessTransport(authority);
}
