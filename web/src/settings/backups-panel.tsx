/** The store's backups: list, make one now, download one. */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { dateTime, quantity } from '../base/format';
import { saveFile } from '../base/print';
import { T } from './strings';

type Backups = Schema<'/api/v1/backups', 'get'>;

export function BackupsPanel() {
  const [backups, setBackups] = useState<Backups>([]);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const load = () => call(api.GET('/api/v1/backups')).then(setBackups, setError);
  useEffect(() => {
    void load();
  }, []);
  const make = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await call(api.POST('/api/v1/backups', { headers: { 'x-idempotency-key': newIdempotencyKey() } }));
      await load();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel" aria-labelledby="backups-title">
      <h2 id="backups-title">{T.backups}</h2>
      <button type="button" onClick={make} disabled={busy}>
        {T.makeBackup}
      </button>
      <FormError error={error} />
      {backups.length === 0 ? (
        <p class="muted">{T.noBackups}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{T.name}</th>
              <th scope="col">{T.createdAt}</th>
              <th scope="col" class="num">
                {T.size}
              </th>
              <th scope="col">
                <span class="skip">{T.download}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {backups.map((b) => (
              <tr key={b.name}>
                <td>{b.name}</td>
                <td>{dateTime(b.createdAt)}</td>
                <td class="num">{quantity(b.sizeBytes / 1024 / 1024)} MB</td>
                <td>
                  <button
                    type="button"
                    aria-label={`${T.download} ${b.name}`}
                    onClick={() => saveFile(`/api/v1/backups/${encodeURIComponent(b.name)}`, b.name).catch(setError)}
                  >
                    {T.download}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
