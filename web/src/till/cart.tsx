/** The lines of the sale: quantity fields and remove buttons, each named for a screen reader. */
import { money, percent } from '../base/format';
import type { Sale, SaleLine } from './draft';
import { T } from './strings';
import { Table } from '../base/table';

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
    <Table
      columns={[
        { label: T.product },
        { label: T.quantity, num: true },
        { label: T.unitPrice, num: true },
        { label: T.lineTotal, num: true },
        { label: T.remove, hidden: true },
      ]}
      rows={sale.lines}
      rowKey={(line) => line.sku}
      cells={(line) => [
        <>
          {line.name}{' '}
          <span class="muted">
            ({line.sku}, VAT {percent(line.taxRate)})
          </span>
        </>,
        <input
          key="quantity"
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
        />,
        money(line.unitPrice),
        money(Math.round(line.quantity * line.unitPrice)),
        <button
          key="remove"
          type="button"
          aria-label={T.removeOf(line.name)}
          disabled={disabled}
          onClick={() => onChange(sale.lines.filter((l) => l !== line))}
        >
          {T.remove}
        </button>,
      ]}
    />
  );
}
