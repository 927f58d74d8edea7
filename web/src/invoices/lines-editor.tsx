/** The goods lines of a replacement or an adjustment: name, unit (ĐVT), quantity, unit price and tax rate. */
import { fieldMessage } from '../base/field-error';
import { percent } from '../base/format';
import { T } from './strings';

export interface EditedLine {
  name: string;
  sku?: string;
  unit?: string | undefined;
  quantity: string;
  unitPrice: string;
  taxRate: string;
}

/** The VAT rates of the law; a line's own rate stays offered even when it is another. */
const RATES = ['0', '0.05', '0.08', '0.1'];

export function LinesEditor({
  lines,
  onChange,
  error,
}: {
  lines: EditedLine[];
  onChange: (lines: EditedLine[]) => void;
  error: unknown;
}) {
  const set = (index: number, change: Partial<EditedLine>) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, ...change } : l)));
  const cell = (index: number, field: 'name' | 'unit' | 'quantity' | 'unitPrice' | 'taxRate', label: string) => {
    const message = fieldMessage(error, `items.${index}.${field}`);
    const id = `line-${index}-${field}`;
    const common = {
      id,
      'aria-label': `${label} dòng ${index + 1}`,
      'aria-invalid': message ? ('true' as const) : undefined,
      'aria-describedby': message ? `${id}-error` : undefined,
    };
    const value = lines[index]?.[field] ?? '';
    return (
      <td>
        {field === 'taxRate' ? (
          <select {...common} value={value} onChange={(e) => set(index, { taxRate: e.currentTarget.value })}>
            {[...new Set([...RATES, value])].map((rate) => (
              <option key={rate} value={rate}>
                {percent(Number(rate))}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            inputMode={field === 'quantity' || field === 'unitPrice' ? 'decimal' : undefined}
            value={value}
            onInput={(e) => set(index, { [field]: e.currentTarget.value })}
          />
        )}
        {message && (
          <p class="field-error" id={`${id}-error`}>
            {message}
          </p>
        )}
      </td>
    );
  };
  return (
    <fieldset>
      <legend>{T.lines}</legend>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{T.product}</th>
              <th scope="col">{T.unit}</th>
              <th scope="col">{T.quantity}</th>
              <th scope="col">{T.unitPrice}</th>
              <th scope="col">{T.rate}</th>
              <th scope="col">
                <span class="skip">{T.removeLine}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((_, index) => (
              <tr key={index}>
                {cell(index, 'name', T.product)}
                {cell(index, 'unit', T.unit)}
                {cell(index, 'quantity', T.quantity)}
                {cell(index, 'unitPrice', T.unitPrice)}
                {cell(index, 'taxRate', T.rate)}
                <td>
                  <button type="button" onClick={() => onChange(lines.filter((__, i) => i !== index))}>
                    {T.removeLine}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        onClick={() =>
          onChange([...lines, { name: '', quantity: '1', unitPrice: '0', taxRate: lines[0]?.taxRate ?? '0.1' }])
        }
      >
        {T.addLine}
      </button>
    </fieldset>
  );
}

/** The lines as the API takes them; numbers the user typed in Vietnamese (1.000,5) are read as such. */
export function linesForApi(lines: EditedLine[]) {
  const number = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
  return lines.map((l) => ({
    name: l.name,
    ...(l.sku ? { sku: l.sku } : {}),
    ...(l.unit?.trim() ? { unit: l.unit.trim() } : {}),
    quantity: number(l.quantity),
    unitPrice: number(l.unitPrice),
    taxRate: Number(l.taxRate),
  }));
}
