/**
 * The owner's home: the day's invoices and revenue, the queue to the tax authority with its legal
 * deadline, the sync with headquarters and the unread notifications, refreshed every five seconds.
 */
import { api, call } from '../api/client';
import { FormError } from '../base/field-error';
import { today } from '../base/format';
import { usePolling } from '../base/polling';
import { DaySummary } from './day-summary';
import { LatestInvoices } from './latest-invoices';
import { Notifications } from './notifications';
import { QueuePanel } from './queue-panel';
import { T } from './strings';
import { SyncPanel } from './sync-panel';

const REFRESH_MS = 5_000;

export function TodayPage() {
  const health = usePolling(() => call(api.GET('/api/v1/health')), REFRESH_MS);
  const day = usePolling(
    () => call(api.GET('/api/v1/reports/day', { params: { query: { date: today() } } })),
    REFRESH_MS,
  );
  const queue = usePolling(() => call(api.GET('/api/v1/transmission/queue')), REFRESH_MS);
  const latest = usePolling(
    () =>
      call(api.GET('/api/v1/invoices', { params: { query: { dateFrom: today(), dateTo: today(), pageSize: 10 } } })),
    REFRESH_MS,
  );
  const h = health.data;
  const nodeAway = health.error !== undefined;
  return (
    <section aria-labelledby="today-title">
      <h1 id="today-title">{T.title}</h1>
      <div aria-live="polite">
        {nodeAway && <p class="alert">{T.nodeDown}</p>}
        {h?.transmissionQueue.state === 'offline' && <p class="alert">{T.authorityDown}</p>}
        {h?.sync.state === 'offline' && <p class="alert">{T.hqDown}</p>}
        {h?.vatReduction && <p class="alert">{h.vatReduction.message}</p>}
        {h?.mode === 'demo' && (
          <p class="notice">
            {T.demo} <a href="/settings/going-live">{T.demoAction}</a>
          </p>
        )}
      </div>
      <FormError error={day.error ?? queue.error} />
      <DaySummary day={day.data} />
      <LatestInvoices page={latest.data} />
      <QueuePanel health={h} queue={queue.data} onRetried={queue.refresh} />
      <SyncPanel health={h} />
      <Notifications />
    </section>
  );
}
