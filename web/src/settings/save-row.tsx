import { FormError } from '../base/field-error';
import { T } from './strings';

export function SaveRow({
  busy,
  saved,
  error,
  fields,
}: {
  busy: boolean;
  saved: boolean;
  error: unknown;
  fields: string[];
}) {
  return (
    <>
      <FormError error={error} fields={fields} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {T.save}
        </button>
        <span role="status">{saved ? T.saved : ''}</span>
      </div>
    </>
  );
}
