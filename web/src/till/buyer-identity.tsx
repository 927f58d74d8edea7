/**
 * The buyer's identity papers on the invoice (CCCDan, SHChieu, MDVQHNSach of NMua): rarely asked for at a
 * till, so folded away in a `<details>` that opens by itself when a restored sale or the node's refusal
 * concerns one of them, lest the cashier miss what was typed or what is wrong.
 */
import { FieldError, fieldMessage } from '../base/field-error';
import type { SaleBuyer } from './draft';
import { T } from './strings';

type IdentityField = 'cccd' | 'passport' | 'budgetUnitCode';

const FIELDS: { field: IdentityField; label: string; numeric: boolean }[] = [
  { field: 'cccd', label: T.buyerCccd, numeric: true },
  { field: 'passport', label: T.buyerPassport, numeric: false },
  { field: 'budgetUnitCode', label: T.buyerBudgetUnitCode, numeric: true },
];

/** The error paths these inputs show, so that the form's alert does not repeat them. */
export const IDENTITY_ERROR_FIELDS = FIELDS.map(({ field }) => `buyer.${field}`);

export function hasIdentity(buyer: SaleBuyer | undefined): boolean {
  return FIELDS.some(({ field }) => Boolean(buyer?.[field]));
}

export function BuyerIdentity({
  buyer,
  restored,
  error,
  onChange,
}: {
  buyer: SaleBuyer;
  /** The buyer of the draft the till reopened with, if any. */
  restored: SaleBuyer | undefined;
  error: unknown;
  onChange: (buyer: SaleBuyer) => void;
}) {
  const refused = IDENTITY_ERROR_FIELDS.some((field) => fieldMessage(error, field) !== undefined);
  return (
    <details open={hasIdentity(restored) || refused}>
      <summary>{T.identity}</summary>
      {FIELDS.map(({ field, label, numeric }) => {
        const id = `buyer-${field}`;
        const invalid = fieldMessage(error, `buyer.${field}`) !== undefined;
        return (
          <div key={field}>
            <label for={id}>{label}</label>
            <input
              id={id}
              inputMode={numeric ? 'numeric' : undefined}
              autocomplete="off"
              value={buyer[field]}
              aria-invalid={invalid ? 'true' : undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onInput={(e) => onChange({ ...buyer, [field]: e.currentTarget.value })}
            />
            <FieldError error={error} field={`buyer.${field}`} id={`${id}-error`} />
          </div>
        );
      })}
    </details>
  );
}
