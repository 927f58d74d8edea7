/**
 * A date typed as the shop writes it, dd/mm/yyyy, whatever the browser's language: the browser's own date
 * field shows mm/dd/yyyy and English month names in an English browser (docs/console.md, "Date fields").
 * The value in and out is the API's `yyyy-MM-dd`; what cannot be read as a date is passed on as typed, so
 * that the form's own check (or the node's 400) refuses it, and the field says how to write one.
 */
import { useEffect, useState } from 'preact/hooks';
import { readDate, shownDate } from './dates';

export function DateInput({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  /** `yyyy-MM-dd`, '' for none, or what was typed when it is not a date. */
  value: string;
  onChange: (value: string) => void;
  /** Further elements describing the field (its error under it). */
  describedBy?: string;
}) {
  const [text, setText] = useState(shownDate(value));
  // A value set from outside (the address, a reset) is shown; one that came from this text is left alone.
  useEffect(() => {
    if ((readDate(text) ?? text.trim()) !== value) setText(shownDate(value));
  }, [value]);
  const bad = text.trim() !== '' && readDate(text) === undefined;
  const hint = `${id}-format`;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autocomplete="off"
        placeholder="ngày/tháng/năm"
        value={text}
        aria-invalid={bad ? 'true' : undefined}
        aria-describedby={[hint, describedBy].filter(Boolean).join(' ')}
        onInput={(e) => {
          const typed = e.currentTarget.value;
          setText(typed);
          onChange(typed.trim() === '' ? '' : (readDate(typed) ?? typed.trim()));
        }}
        onBlur={() => {
          const read = readDate(text);
          if (read) setText(shownDate(read));
        }}
      />
      <small id={hint} class={bad ? 'date-hint field-error' : 'date-hint muted'}>
        {bad ? 'Ngày chưa đúng: nhập theo dạng ngày/tháng/năm, ví dụ 28/11/2026.' : 'Ngày/tháng/năm, ví dụ 28/11/2026'}
      </small>
    </>
  );
}
