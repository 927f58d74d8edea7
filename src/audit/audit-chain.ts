/** The hash chain of an invoice's audit trail: pure functions, shared by writing and by verification. */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditContent {
  invoiceId: string;
  seq: number;
  at: string;
  actor: string;
  action: string;
  details: unknown;
}

export function auditHash(prevHash: string, entry: AuditContent): string {
  return createHash('sha256').update(prevHash).update(canonicalJson(entry)).digest('hex');
}
