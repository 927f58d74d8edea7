/**
 * The embedded tax authority's own thread (see tax-sim.embedded.ts): bundled on its own as
 * `dist/tax-sim-worker.cjs`. It keeps the simulator's store in an in-memory SQLite of its own and runs
 * every check of a message (parsing, xmllint, signatures, the 204 built and signed) away from the node's
 * event loop. Time is the node's: each request brings its clock's reading.
 */
import { workerData } from 'node:worker_threads';
import { workerDatabaseOpener } from '../db/worker-database.js';
import { validateMessageIn } from '../tax-messages/xmllint.js';
import { unpackTextSync } from '../transmission/message-text.js';
import { answerRequests } from '../xml/xml-thread.answer.js';
import type { TaxSimRequest, TaxSimThreadData } from './tax-sim.embedded.js';
import { authorityIdentity, createTdiepAuthority } from './tax-sim.tdiep.js';
import { createTdiepStore } from './tax-sim.tdiep-store.js';

const data = workerData as TaxSimThreadData;
let now = new Date();
const clock = { now: () => now };
let xmllint = true;
const authority = createTdiepAuthority({
  store: createTdiepStore(workerDatabaseOpener(data.addonPath)(':memory:')),
  validate: async (xml) => {
    if (!xmllint) return [];
    try {
      return await validateMessageIn(data.schemaDirectory, xml);
    } catch {
      // No xmllint on this machine (a shop's): the signature and structure checks of the rules remain.
      xmllint = false;
      return [];
    }
  },
  clock,
  identity: authorityIdentity(undefined, clock),
  replyDelayMs: () => 0,
  takeRejection: () => undefined,
});

answerRequests<TaxSimRequest>((request) => {
  now = new Date(request.now);
  // A package arrives deflated as the node stores it: it is inflated here, off the node's event loop.
  return request.op === 'receive'
    ? authority.receive(unpackTextSync(request.xml))
    : authority.replies(request.messageId);
});
