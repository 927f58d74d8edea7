/**
 * The node's Vietnamese error messages where they belong: beside the field a `details` path names
 * (`body.buyer.mst` → the field `buyer.mst`), and the rest in one alert above the form. Never raw JSON.
 */
import { ApiError } from '../api/client';

const T = { invalid: 'Dữ liệu chưa hợp lệ.', atFields: 'Dữ liệu chưa hợp lệ: hãy sửa các ô có thông báo lỗi.' };

/** The message for one field (`buyer.mst`, `items.0.quantity`, `reason`), if the error names it. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.details.find((d) => d.path.replace(/^(body|querystring|params)\.?/, '') === field)?.message;
}

export function FieldError({ error, field, id }: { error: unknown; field: string; id: string }) {
  const message = fieldMessage(error, field);
  return message ? (
    <p class="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

/** The error's message when no field shows it (or the field messages too, when the form has no such field). */
export function FormError({ error, fields = [] }: { error: unknown; fields?: string[] }) {
  if (!error) return null;
  if (!(error instanceof ApiError))
    return (
      <p class="alert" role="alert">
        {String((error as Error).message ?? error)}
      </p>
    );
  const unshown = error.details.filter((d) => !fields.includes(d.path.replace(/^(body|querystring|params)\.?/, '')));
  // The node's message of a validation error names the fields by their paths, for a POS developer; a
  // cashier reads each field's message beside it, or in the list below.
  const message =
    error.code !== 'VALIDATION_ERROR' || error.details.length === 0
      ? error.message
      : unshown.length > 0
        ? T.invalid
        : T.atFields;
  return (
    <div class="alert" role="alert">
      <p>{message}</p>
      {unshown.length > 0 && (
        <ul>
          {unshown.map((d) => (
            <li key={d.path}>{d.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
