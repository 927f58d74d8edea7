import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import { dateTime } from '../base/format';
import { usePolling } from '../base/polling';
import { T } from './strings';

/** The unread notifications, newest first, each marked read on its own or all at once. */
export function Notifications() {
  const [busy, setBusy] = useState(false);
  const list = usePolling(
    () => call(api.GET('/api/v1/notifications', { params: { query: { filter: 'unread' } } })),
    10_000,
  );
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      list.refresh();
    } finally {
      setBusy(false);
    }
  };
  const items = list.data ?? [];
  return (
    <section class="panel" aria-labelledby="notifications-title">
      <h2 id="notifications-title">
        {T.notifications} ({items.length})
      </h2>
      {items.length === 0 ? (
        <p class="muted">{T.noNotifications}</p>
      ) : (
        <>
          <ul>
            {items.slice(0, 20).map((n) => (
              <li key={n.id}>
                <strong>{n.title}</strong> <span class="muted">{dateTime(n.time)}</span>
                <br />
                {n.message}{' '}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    act(() =>
                      call(api.PATCH('/api/v1/notifications/{id}/read', { body: {}, params: { path: { id: n.id } } })),
                    )
                  }
                >
                  {T.markRead}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              act(() =>
                call(
                  api.POST('/api/v1/notifications/read-all', {
                    body: {},
                    headers: { 'x-idempotency-key': newIdempotencyKey() },
                  }),
                ),
              )
            }
          >
            {T.markAllRead}
          </button>
        </>
      )}
    </section>
  );
}
