/** The lines of the sale: quantity fields and remove buttons, each named for a screen reader. */
import { money, percent } from '../base/format';
import type { Sale, SaleLine } from './draft';
import { T } from './strings';

export function Cart({
  sale,
  disabled,
  onChange,
}: {
  sale: Sale;
  disabled: boolean;
  onChange: (lines: SaleLine[]) => void;
}) {
  if (sale.lines.length === 0) return <p class="muted">{T.empty}</p>;
  const setQuantity = (line: SaleLine, value: number) =>
    onChange(sale.lines.map((l) => (l === line ? { ...l, quantity: value } : l)));
  return (
    <table>
      <caption class="skip">{T.cart}</caption>
      <thead>
        <tr>
          <th scope="col">{T.product}</th>
          <th scope="col" class="num">
            {T.quantity}
          </th>
          <th scope="col" class="num">
            {T.unitPrice}
          </th>
          <th scope="col" class="num">
            {T.lineTotal}
          </th>
          <th scope="col">
            <span class="skip">{T.remove}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sale.lines.map((line) => (
          <tr key={line.sku}>
            <td>
              {line.name}{' '}
              <span class="muted">
                ({line.sku}, VAT {percent(line.taxRate)})
              </span>
            </td>
            <td class="num">
              <input
                class="qty"
                type="number"
                min="1"
                step="1"
                aria-label={T.quantityOf(line.name)}
                value={line.quantity}
                disabled={disabled}
                onChange={(e) => {
                  const value = Number(e.currentTarget.value);
                  if (Number.isFinite(value) && value > 0) setQuantity(line, value);
                }}
              />
            </td>
            <td class="num">{money(line.unitPrice)}</td>
            <td class="num">{money(Math.round(line.quantity * line.unitPrice))}</td>
            <td>
              <button
                type="button"
                aria-label={T.removeOf(line.name)}
                disabled={disabled}
                onClick={() => onChange(sale.lines.filter((l) => l !== line))}
              >
                {T.remove}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
