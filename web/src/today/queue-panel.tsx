/**
 * The queue to the tax authority: how many wait, the oldest, the next attempt, the time left before the
 * legal deadline of the oldest, and each refused or failing invoice with its cause and a retry button, or,
 * for one the authority neither accepted nor named (`attention`), a button that sends it again.
 */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { dateTime, duration } from '../base/format';
import { Table } from '../base/table';
import { invoiceLabel } from '../invoices/invoice-label';
import { T } from './strings';

type Health = Schema<'/api/v1/health', 'get'>;
type Queue = Schema<'/api/v1/transmission/queue', 'get'>;

const secondsUntil = (iso: string) => (new Date(iso).getTime() - Date.now()) / 1000;

export function QueuePanel({ health, queue, onRetried }: { health?: Health; queue?: Queue; onRetried: () => void }) {
  const [retrying, setRetrying] = useState<string>();
  const oldest = queue?.oldest ?? undefined;
  const failing = queue?.waiting.filter((e) => e.lastError) ?? [];
  const left = oldest ? secondsUntil(oldest.deadlineAt) : undefined;
  // "Quá hạn gửi": the stricter, same-day reading of the deadline (docs/transmission.md), counted by the node.
  const overdue = queue?.overdueCount ?? 0;

  const retry = async (invoiceId: string, resend = false) => {
    setRetrying(invoiceId);
    try {
      const request = {
        body: {},
        params: { path: { invoiceId } },
        headers: { 'x-idempotency-key': newIdempotencyKey() },
      };
      if (resend) await call(api.POST('/api/v1/transmission/queue/{invoiceId}/resend', request));
      else await call(api.POST('/api/v1/transmission/queue/{invoiceId}/retry', request));
      onRetried();
    } finally {
      setRetrying(undefined);
    }
  };

  return (
    <section class="panel" aria-labelledby="queue-title">
      <h2 id="queue-title">{T.queue}</h2>
      {health?.transmissionQueue.simulated && <p class="muted">{T.simulated}</p>}
      {health?.transmissionQueue.problem && <p class="alert">{health.transmissionQueue.problem}</p>}
      <dl class="facts">
        <dt>{T.queued}</dt>
        <dd data-testid="queue-count">{health?.transmissionQueue.queued ?? '—'}</dd>
        <dt>{T.oldest}</dt>
        <dd>
          {health?.transmissionQueue.oldestAgeSeconds != null
            ? duration(health.transmissionQueue.oldestAgeSeconds)
            : '—'}
        </dd>
        <dt>{T.nextRetry}</dt>
        <dd>{queue?.waiting[0] ? dateTime(queue.waiting[0].nextAttemptAt) : '—'}</dd>
        <dt>{T.deadline}</dt>
        <dd>
          {left === undefined ? '—' : left > 0 ? duration(left) : <strong class="field-error">{T.overdue}</strong>}
        </dd>
        {overdue > 0 && (
          <>
            <dt>{T.overdueTitle}</dt>
            <dd>
              <strong class="field-error">{T.overdueInvoices(overdue)}</strong>
            </dd>
          </>
        )}
      </dl>
      {(failing.length > 0 || (queue?.rejected.length ?? 0) > 0 || (queue?.attention.length ?? 0) > 0) && (
        <Table
          caption={T.rejected}
          columns={[
            { label: T.invoice },
            { label: T.attempts, num: true },
            { label: T.cause },
            { label: T.retry, hidden: true },
          ]}
          rows={[...failing, ...(queue?.attention ?? []), ...(queue?.rejected ?? [])]}
          rowKey={(e) => e.invoiceId}
          cells={(e) => [
            <a key="invoice" href={`/invoices/${encodeURIComponent(e.invoiceId)}`}>
              {invoiceLabel(e)}
            </a>,
            e.attempts,
            e.lastError,
            e.state !== 'rejected' && (
              <button
                key="retry"
                type="button"
                disabled={retrying === e.invoiceId}
                onClick={() => retry(e.invoiceId, e.state === 'attention')}
              >
                {e.state === 'attention' ? T.resend : T.retry}
              </button>
            ),
          ]}
        />
      )}
    </section>
  );
}
