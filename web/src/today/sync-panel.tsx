import type { Schema } from '../api/types';
import { dateTime, duration } from '../base/format';
import { T } from './strings';

type Health = Schema<'/api/v1/health', 'get'>;

/** Sync with headquarters: state, last success, lag and what waits to be sent. */
export function SyncPanel({ health }: { health?: Health }) {
  const sync = health?.sync;
  return (
    <section class="panel" aria-labelledby="sync-title">
      <h2 id="sync-title">{T.sync}</h2>
      {!sync ? null : sync.state === 'not-configured' ? (
        <p class="muted">{T.notConfigured}</p>
      ) : (
        <dl class="facts">
          <dt>{T.sync}</dt>
          <dd>{sync.state === 'online' ? T.online : T.offline}</dd>
          <dt>{T.lastSync}</dt>
          <dd>{sync.lastSuccessAt ? dateTime(sync.lastSuccessAt) : T.never}</dd>
          <dt>{T.lag}</dt>
          <dd>{sync.lagSeconds === null ? '—' : duration(sync.lagSeconds)}</dd>
          <dt>{T.pending}</dt>
          <dd>{sync.pendingOutbox}</dd>
        </dl>
      )}
    </section>
  );
}
