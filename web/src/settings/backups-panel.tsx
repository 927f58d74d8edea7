/** The store's backups: list, make one now, download one. */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { dateTime, quantity } from '../base/format';
import { saveFile } from '../base/print';
import { Table } from '../base/table';
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
      await call(api.POST('/api/v1/backups', { body: {}, headers: { 'x-idempotency-key': newIdempotencyKey() } }));
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
        <Table
          columns={[
            { label: T.name },
            { label: T.createdAt },
            { label: T.size, num: true },
            { label: T.download, hidden: true },
          ]}
          rows={backups}
          rowKey={(b) => b.name}
          cells={(b) => [
            b.name,
            dateTime(b.createdAt),
            `${quantity(b.sizeBytes / 1024 / 1024)} MB`,
            <button
              key="download"
              type="button"
              aria-label={`${T.download} ${b.name}`}
              onClick={() => saveFile(`/api/v1/backups/${encodeURIComponent(b.name)}`, b.name).catch(setError)}
            >
              {T.download}
            </button>,
          ]}
        />
      )}
    </section>
  );
}
