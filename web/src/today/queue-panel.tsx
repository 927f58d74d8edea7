/**
 * The queue to the tax authority: how many wait, the oldest, the next attempt, the time left before the
 * legal deadline of the oldest, and each refused or failing invoice with its cause and a retry button.
 */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { dateTime, duration } from '../base/format';
import { T } from './strings';

type Health = Schema<'/api/v1/health', 'get'>;
type Queue = Schema<'/api/v1/transmission/queue', 'get'>;
type Entry = Queue['waiting'][number];

const secondsUntil = (iso: string) => (new Date(iso).getTime() - Date.now()) / 1000;
const label = (e: Entry) => `${e.mauSo}${e.kyHieu} số ${String(e.number).padStart(8, '0')}`;

export function QueuePanel({ health, queue, onRetried }: { health?: Health; queue?: Queue; onRetried: () => void }) {
  const [retrying, setRetrying] = useState<string>();
  const oldest = queue?.waiting.reduce<Entry | undefined>((a, e) => (!a || e.queuedAt < a.queuedAt ? e : a), undefined);
  const failing = queue?.waiting.filter((e) => e.lastError) ?? [];
  const left = oldest ? secondsUntil(oldest.deadlineAt) : undefined;

  const retry = async (invoiceId: string) => {
    setRetrying(invoiceId);
    try {
      await call(
        api.POST('/api/v1/transmission/queue/{invoiceId}/retry', {
          params: { path: { invoiceId } },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
        }),
      );
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
      </dl>
      {(failing.length > 0 || (queue?.rejected.length ?? 0) > 0) && (
        <table>
          <caption class="muted">{T.rejected}</caption>
          <thead>
            <tr>
              <th scope="col">{T.invoice}</th>
              <th scope="col" class="num">
                {T.attempts}
              </th>
              <th scope="col">{T.cause}</th>
              <th scope="col">
                <span class="skip">{T.retry}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...failing, ...(queue?.rejected ?? [])].map((e) => (
              <tr key={e.invoiceId}>
                <td>
                  <a href={`/invoices/${encodeURIComponent(e.invoiceId)}`}>{label(e)}</a>
                </td>
                <td class="num">{e.attempts}</td>
                <td>{e.lastError}</td>
                <td>
                  {e.state !== 'rejected' && (
                    <button type="button" disabled={retrying === e.invoiceId} onClick={() => retry(e.invoiceId)}>
                      {T.retry}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
