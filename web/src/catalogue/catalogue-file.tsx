/**
 * The catalogue as a file: the export (XLSX or CSV, admin and accountant) and, for the admin, the import in
 * two steps: the preview lists what the file adds and changes and every bad row with its reason; the apply
 * sends the same file with the preview's token and writes all of it or nothing.
 */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { saveFile } from '../base/print';
import { Table } from '../base/table';
import { T } from './strings';

type Preview = Schema<'/api/v1/products/import/preview', 'post'>;
type Format = 'xlsx' | 'csv';

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const formatOf = (file: File): Format => (/\.csv$/i.test(file.name) ? 'csv' : 'xlsx');

export function CatalogueFile({ mayImport, onImported }: { mayImport: boolean; onImported: () => void }) {
  const [file, setFile] = useState<{ format: Format; base64: string }>();
  const [preview, setPreview] = useState<Preview>();
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const exportAs = (format: Format) =>
    saveFile(`/api/v1/products/export?format=${format}`, `hang-hoa.${format}`).catch(setError);

  const choose = async (chosen: File | undefined) => {
    setPreview(undefined);
    setStatus('');
    setError(undefined);
    setFile(chosen ? { format: formatOf(chosen), base64: await base64Of(chosen) } : undefined);
  };

  const look = async (event: Event) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(undefined);
    setStatus('');
    try {
      setPreview(
        await call(api.POST('/api/v1/products/import/preview', { body: { format: file.format, file: file.base64 } })),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!file || !preview) return;
    setBusy(true);
    setError(undefined);
    try {
      const done = await call(
        api.POST('/api/v1/products/import', {
          headers: { 'x-idempotency-key': newIdempotencyKey() },
          body: { format: file.format, file: file.base64, token: preview.token },
        }),
      );
      setPreview(undefined);
      setStatus(T.applied(done.created, done.changed));
      onImported();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel" aria-labelledby="catalogue-file-title">
      <h2 id="catalogue-file-title">{T.fileTitle}</h2>
      <div class="row">
        <button type="button" onClick={() => exportAs('xlsx')}>
          {T.exportXlsx}
        </button>
        <button type="button" onClick={() => exportAs('csv')}>
          {T.exportCsv}
        </button>
      </div>
      {mayImport && (
        <form class="row" onSubmit={look} noValidate aria-label={T.preview}>
          <div>
            <label for="catalogue-file">{T.file}</label>
            <input
              id="catalogue-file"
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => void choose(e.currentTarget.files?.[0])}
            />
          </div>
          <button type="submit" disabled={!file || busy}>
            {T.preview}
          </button>
        </form>
      )}
      <FormError error={error} />
      <p role="status">{status}</p>
      {preview && (
        <section aria-labelledby="import-preview-title" class="import-preview">
          <h3 id="import-preview-title">{T.previewTitle}</h3>
          <ul class="import-counts" data-testid="import-counts">
            <li>{T.created(preview.created.length)}</li>
            <li>{T.changed(preview.changed.length)}</li>
            <li>{T.unchanged(preview.unchanged)}</li>
            <li>{T.bad(preview.errors.length)}</li>
          </ul>
          {preview.errors.length > 0 && (
            <>
              <p class="alert" role="alert">
                {T.fixFirst}
              </p>
              <Table
                caption={T.badRows}
                columns={[{ label: T.row, num: true }, { label: T.reason }]}
                rows={preview.errors}
                rowKey={(e) => e.row}
                cells={(e) => [e.row, e.message]}
              />
            </>
          )}
          {preview.created.length > 0 && (
            <Table
              caption={T.newRows}
              columns={[{ label: T.row, num: true }, { label: T.sku }, { label: T.name }]}
              rows={preview.created}
              rowKey={(r) => r.row}
              cells={(r) => [r.row, r.sku, r.name]}
            />
          )}
          {preview.changed.length > 0 && (
            <Table
              caption={T.changedRows}
              columns={[{ label: T.row, num: true }, { label: T.sku }, { label: T.name }, { label: T.fields }]}
              rows={preview.changed}
              rowKey={(r) => r.row}
              cells={(r) => [r.row, r.sku, r.name, r.fields.join(', ')]}
            />
          )}
          <button
            type="button"
            class="primary"
            disabled={busy || preview.errors.length > 0 || preview.created.length + preview.changed.length === 0}
            onClick={apply}
          >
            {T.apply}
          </button>
        </section>
      )}
    </section>
  );
}
