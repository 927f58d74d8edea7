/**
 * Recomputing audit chains (`hoadon audit verify`): every subject's entries must number 1, 2, 3… and each
 * must link to the previous hash and hash to what it says. Pure over the stored rows.
 */
import { auditHash, GENESIS_HASH } from './audit-chain.js';

export interface StoredAuditEntry {
  invoiceId: string;
  seq: number;
  at: string;
  actor: string;
  action: string;
  /** As stored: JSON text. */
  details: string;
  prevHash: string;
  hash: string;
}

export interface BrokenEntry {
  /** The invoice id, or `settings:<name>` for a settings document. */
  subject: string;
  seq: number;
  problem: string;
}

export interface VerifyReport {
  chains: number;
  entries: number;
  /** The first broken entry in (subject, seq) order; undefined when every chain verifies. */
  broken?: BrokenEntry;
}

function problemOf(entry: StoredAuditEntry, expectedSeq: number, prevHash: string): string | undefined {
  if (entry.seq !== expectedSeq)
    return `expected entry ${expectedSeq}, found ${entry.seq} (an entry is missing or renumbered)`;
  if (entry.prevHash !== prevHash) return 'prevHash does not match the hash of the previous entry';
  let details: unknown;
  try {
    details = JSON.parse(entry.details);
  } catch {
    return 'details are not valid JSON';
  }
  const { invoiceId, seq, at, actor, action } = entry;
  if (auditHash(prevHash, { invoiceId, seq, at, actor, action, details }) !== entry.hash)
    return 'hash does not match the content (edited entry)';
  return undefined;
}

/** Verifies entries given chain by chain, each chain in seq order; stops at the first broken entry. */
export function verifyAuditEntries(entries: Iterable<StoredAuditEntry>): VerifyReport {
  let chains = 0;
  let count = 0;
  let subject: string | undefined;
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  for (const entry of entries) {
    if (entry.invoiceId !== subject) {
      subject = entry.invoiceId;
      chains++;
      expectedSeq = 1;
      prevHash = GENESIS_HASH;
    }
    const problem = problemOf(entry, expectedSeq, prevHash);
    if (problem) return { chains, entries: count, broken: { subject: entry.invoiceId, seq: entry.seq, problem } };
    count++;
    expectedSeq++;
    prevHash = entry.hash;
  }
  return { chains, entries: count };
}
