/**
 * Closing the open shift: the cash counted by banknote or as one total, the difference with the expected
 * cash shown as it is typed, and a note the node asks for when there is one.
 */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import { FieldError, FormError } from '../base/field-error';
import { amountText, money } from '../base/format';
import type { Shift } from './shift-slip';
import { T } from './strings';

/** The banknotes the node counts (src/domain/shift-cash.ts), largest first. */
const DENOMINATIONS = [500_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500];

/** Digits only: `1.250.000` and `1250000` are the same amount. */
export const amountOf = (text: string): number => Number(text.replace(/\D/g, '') || '0');

export function CloseForm({ shift, onClosed }: { shift: Shift; onClosed: (closed: Shift) => void }) {
  const [byDenomination, setByDenomination] = useState(true);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [total, setTotal] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const counted = byDenomination
    ? DENOMINATIONS.reduce((sum, value) => sum + value * amountOf(counts[value] ?? ''), 0)
    : amountOf(total);
  const difference = counted - shift.expectedCash;

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const body = byDenomination
        ? {
            denominations: DENOMINATIONS.map((value) => ({ value, count: amountOf(counts[value] ?? '') })).filter(
              (d) => d.count > 0,
            ),
          }
        : { countedCash: amountOf(total) };
      const closed = await call(
        api.POST('/api/v1/shifts/{id}/close', {
          params: { path: { id: shift.id } },
          body: { ...body, ...(note.trim() ? { note } : {}) },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
        }),
      );
      onClosed(closed);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="panel" noValidate onSubmit={submit} aria-labelledby="close-shift-title">
      <h2 id="close-shift-title">{T.closeTitle}</h2>
      <fieldset class="quick">
        <legend>{T.countWay}</legend>
        <label class="check">
          <input type="radio" name="count-way" checked={byDenomination} onChange={() => setByDenomination(true)} />
          {T.byDenomination}
        </label>
        <label class="check">
          <input type="radio" name="count-way" checked={!byDenomination} onChange={() => setByDenomination(false)} />
          {T.byTotal}
        </label>
      </fieldset>
      {byDenomination ? (
        <div class="denominations">
          {DENOMINATIONS.map((value) => (
            <div key={value}>
              <label for={`count-${value}`}>{money(value)}</label>
              <input
                id={`count-${value}`}
                class="count"
                inputMode="numeric"
                aria-label={T.countOf(money(value))}
                value={counts[value] ?? ''}
                onInput={(e) => setCounts({ ...counts, [value]: e.currentTarget.value })}
              />
            </div>
          ))}
        </div>
      ) : (
        <div>
          <label for="counted-total">{T.total}</label>
          <input
            id="counted-total"
            inputMode="numeric"
            value={total}
            aria-describedby="counted-total-error"
            onInput={(e) => setTotal(e.currentTarget.value)}
            onBlur={() => total && setTotal(amountText(amountOf(total)))}
          />
          <FieldError error={error} field="countedCash" id="counted-total-error" />
        </div>
      )}
      <dl class="facts">
        <dt>{T.expected}</dt>
        <dd>{money(shift.expectedCash)}</dd>
        <dt>{T.counted}</dt>
        <dd data-testid="close-counted">{money(counted)}</dd>
        <dt>{T.difference}</dt>
        <dd data-testid="close-difference" class={difference === 0 ? 'ok' : 'field-error'}>
          {money(difference)}
        </dd>
      </dl>
      <div>
        <label for="shift-note">{T.note}</label>
        <textarea
          id="shift-note"
          rows={2}
          value={note}
          aria-describedby="shift-note-hint shift-note-error"
          onInput={(e) => setNote(e.currentTarget.value)}
        />
        <p class="muted" id="shift-note-hint">
          {T.noteHint}
        </p>
        <FieldError error={error} field="note" id="shift-note-error" />
      </div>
      <FormError error={error} fields={['note', 'countedCash']} />
      <button type="submit" class="primary" disabled={busy}>
        {T.close}
      </button>
    </form>
  );
}
