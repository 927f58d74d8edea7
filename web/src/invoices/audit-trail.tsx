/**
 * The invoice's audit trail and its verification in the browser: each entry's prevHash is the hash before
 * it, and (where the browser offers SHA-256, i.e. over HTTPS or on localhost) each hash is recomputed from
 * the entry as src/audit/audit-chain.ts made it.
 */
import { useEffect, useState } from 'preact/hooks';
import { canonicalJson } from '../../../src/domain/canonical-json';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { dateTime } from '../base/format';
import { auditAction, auditActor } from '../base/labels';
import { Table } from '../base/table';
import { T } from './strings';

type Entry = Schema<'/api/v1/invoices/{id}/audit', 'get'>[number];
const GENESIS = '0'.repeat(64);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function verify(invoiceId: string, entries: Entry[]): Promise<string> {
  let previous = GENESIS;
  const hashes = typeof crypto.subtle?.digest === 'function';
  for (const e of entries) {
    if (e.prevHash !== previous) return T.broken(e.seq);
    if (hashes) {
      const content = { invoiceId, seq: e.seq, at: e.at, actor: e.actor, action: e.action, details: e.details };
      if ((await sha256Hex(e.prevHash + canonicalJson(content))) !== e.hash) return T.broken(e.seq);
    }
    previous = e.hash;
  }
  return hashes ? T.verified(entries.length) : T.linkedOnly(entries.length);
}

export function AuditTrail({ invoiceId, version }: { invoiceId: string; version: number }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [verdict, setVerdict] = useState<string>();
  useEffect(() => {
    setVerdict(undefined);
    call(api.GET('/api/v1/invoices/{id}/audit', { params: { path: { id: invoiceId } } })).then(setEntries, () => {});
  }, [invoiceId, version]);
  return (
    <section class="panel" aria-labelledby="audit-title">
      <h2 id="audit-title">{T.audit}</h2>
      <Table
        columns={[{ label: '#' }, { label: T.at }, { label: T.actor }, { label: T.action }, { label: 'SHA-256' }]}
        rows={entries}
        rowKey={(e) => e.seq}
        cells={(e) => [
          e.seq,
          dateTime(e.at),
          auditActor(e.actor) ?? <span translate={false}>{e.actor}</span>,
          // The 301's number: "Thông báo sai sót: đã tiếp nhận (số …)".
          e.action === 'error-notice-accepted' && typeof e.details?.status === 'string'
            ? e.details.status
            : auditAction(e.action, e.details),
          <code key="hash" title={e.hash}>
            {e.hash.slice(0, 16)}…
          </code>,
        ]}
      />
      <div class="actions">
        <button
          type="button"
          onClick={() => verify(invoiceId, entries).then(setVerdict)}
          disabled={entries.length === 0}
        >
          {T.verify}
        </button>
        <span role="status">{verdict}</span>
      </div>
    </section>
  );
}
