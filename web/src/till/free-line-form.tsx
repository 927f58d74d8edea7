/**
 * A line that is not in the catalogue (a repair, a cut of fabric, a dish of the day): name, unit, price,
 * quantity and tax rate or category, for the roles the owner allows in the till settings.
 */
import { useState } from 'preact/hooks';
import { percent } from '../base/format';
import { newLine, type SaleLine, type TaxChoice } from './draft';
import { priceProblem, quantityProblem, readMoney, readQuantity } from './sale-lines';
import { T } from './strings';

export const TAX_CHOICES: TaxChoice[] = [0.08, 0.1, 0.05, 0, 'KCT', 'KKKNT'];

const EMPTY = { name: '', unit: '', price: '', quantity: '1', tax: '0.08' };

export function FreeLineForm({ disabled, onAdd }: { disabled: boolean; onAdd: (line: SaleLine) => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const [shown, setShown] = useState(false);
  const problems = shown
    ? {
        name: draft.name.trim() === '' ? T.freeNameEmpty : undefined,
        unit: draft.unit.trim() === '' ? T.freeUnitEmpty : undefined,
        price: priceProblem(draft.price),
        quantity: quantityProblem({ quantityText: draft.quantity, unit: draft.unit }),
      }
    : {};
  const field = (key: 'name' | 'unit' | 'price' | 'quantity', label: string, inputMode?: 'decimal' | 'numeric') => {
    const id = `free-${key}`;
    const problem = problems[key];
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input
          id={id}
          autocomplete="off"
          inputMode={inputMode}
          value={draft[key]}
          disabled={disabled}
          aria-invalid={problem ? 'true' : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onInput={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
        />
        {problem && (
          <p class="field-error" id={`${id}-error`}>
            {problem}
          </p>
        )}
      </div>
    );
  };
  const add = (event: Event) => {
    event.preventDefault();
    setShown(true);
    const quantity = readQuantity(draft.quantity);
    const price = readMoney(draft.price);
    const ok =
      draft.name.trim() !== '' &&
      draft.unit.trim() !== '' &&
      !priceProblem(draft.price) &&
      !quantityProblem({ quantityText: draft.quantity, unit: draft.unit });
    if (!ok || quantity === undefined || price === undefined) return;
    const tax: TaxChoice = draft.tax === 'KCT' || draft.tax === 'KKKNT' ? draft.tax : Number(draft.tax);
    onAdd(newLine({ name: draft.name.trim(), unit: draft.unit.trim(), unitPrice: price, tax, quantity, free: true }));
    setDraft({ ...EMPTY, tax: draft.tax });
    setShown(false);
  };
  return (
    <details class="panel free-line">
      <summary>{T.freeLine}</summary>
      <form onSubmit={add} noValidate>
        <div class="field-grid">
          {field('name', T.freeName)}
          {field('unit', T.freeUnit)}
          {field('price', T.freePrice, 'numeric')}
          {field('quantity', T.freeQuantity, 'decimal')}
          <div class="field">
            <label for="free-tax">{T.taxRate}</label>
            <select
              id="free-tax"
              value={draft.tax}
              disabled={disabled}
              onChange={(e) => setDraft({ ...draft, tax: e.currentTarget.value })}
            >
              {TAX_CHOICES.map((tax) => (
                <option key={String(tax)} value={String(tax)}>
                  {typeof tax === 'number' ? percent(tax) : T.taxChoice(tax)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" disabled={disabled}>
          {T.freeAdd}
        </button>
      </form>
    </details>
  );
}
