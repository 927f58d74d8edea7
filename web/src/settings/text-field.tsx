import { FieldError, fieldMessage } from '../base/field-error';

/** A labelled text field whose node error (by `details` path) shows under it. */
export function TextField({
  id,
  label,
  value,
  field,
  error,
  onInput,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  field: string;
  error: unknown;
  onInput: (value: string) => void;
  inputMode?: 'numeric' | 'email' | 'tel';
}) {
  return (
    <div>
      <label for={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        aria-invalid={fieldMessage(error, field) ? 'true' : undefined}
        aria-describedby={`${id}-error`}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <FieldError error={error} field={field} id={`${id}-error`} />
    </div>
  );
}
