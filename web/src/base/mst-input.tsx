/**
 * A tax-code field checked as it is typed (the four rules of docs/decisions.md §6, the node's own function), with a
 * lookup button that fills the buyer's name and address from GET /mst/lookup.
 */
import { useState } from 'preact/hooks';
import { checkMst } from '../../../src/domain/mst';
import { ApiError, api, call } from '../api/client';
import { fieldMessage } from './field-error';

export interface MstInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onFound?: (business: { name: string; address: string }) => void;
  /** An error of the node whose `details` may name this field. */
  error?: unknown;
  field?: string;
  disabled?: boolean;
}

export function MstInput({ id, label, value, onChange, onFound, error, field = 'buyer.mst', disabled }: MstInputProps) {
  const [lookup, setLookup] = useState<{ busy?: boolean; message?: string; ok?: boolean; notFound?: boolean }>({});
  const check = value.trim() === '' ? undefined : checkMst(value);
  const problem = (check && !check.ok ? check.message : undefined) ?? lookup.message ?? fieldMessage(error, field);
  const messageId = `${id}-message`;

  const find = async () => {
    setLookup({ busy: true });
    try {
      const business = await call(api.GET('/api/v1/mst/lookup', { params: { query: { mst: value.trim() } } }));
      onFound?.({ name: business.name, address: business.address });
      setLookup({ ok: true });
    } catch (caught) {
      // A code the register does not know yet is no mistake of the cashier's: the name is typed by hand.
      if (caught instanceof ApiError && caught.status === 404) setLookup({ notFound: true });
      else setLookup({ message: (caught as Error).message });
    }
  };

  return (
    <div>
      <label for={id}>{label}</label>
      <div class="row">
        <input
          id={id}
          inputMode="numeric"
          autocomplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={problem ? 'true' : undefined}
          aria-describedby={messageId}
          onInput={(e) => {
            setLookup({});
            onChange(e.currentTarget.value);
          }}
        />
        {onFound && (
          <button type="button" onClick={find} disabled={disabled || !check?.ok || lookup.busy}>
            {lookup.busy ? 'Đang tra cứu…' : 'Tra cứu MST'}
          </button>
        )}
      </div>
      <p id={messageId} class={problem ? 'field-error' : 'muted'} aria-live="polite">
        {problem ??
          (lookup.notFound ? 'Chưa tìm thấy tên doanh nghiệp, hãy nhập tay' : check?.ok ? 'Mã số thuế hợp lệ.' : '')}
      </p>
    </div>
  );
}
