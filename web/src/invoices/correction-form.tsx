/**
 * Replace or adjust an invoice: the lines (prefilled from the original), the buyer for a replacement, the
 * kind of adjustment, and the legal reason. The node refuses a missing reason; its message is shown under
 * the field. One idempotency key per opened form, so a double submit issues once.
 */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError, fieldMessage } from '../base/field-error';
import { PAYMENT_METHODS, type PaymentMethod } from '../base/format';
import { MstInput } from '../base/mst-input';
import { type EditedLine, LinesEditor, linesForApi } from './lines-editor';
import { T } from './strings';

type Invoice = Schema<'/api/v1/invoices/{id}', 'get'>;
export type Correction = 'replace' | 'adjust';

const linesOf = (invoice: Invoice): EditedLine[] =>
  invoice.items.map((i) => ({
    name: i.name,
    sku: i.sku,
    unit: i.unit,
    quantity: String(Math.abs(i.quantity)),
    unitPrice: String(Math.abs(i.unitPrice)),
    taxRate: String(i.taxRate),
  }));

export function CorrectionForm({
  invoice,
  kind,
  onDone,
  onCancel,
}: {
  invoice: Invoice;
  kind: Correction;
  onDone: (newInvoiceId: string) => void;
  onCancel: () => void;
}) {
  const [key] = useState(newIdempotencyKey);
  const [lines, setLines] = useState(() => linesOf(invoice));
  const [buyer, setBuyer] = useState({
    name: invoice.buyer.name,
    mst: invoice.buyer.mst ?? '',
    address: invoice.buyer.address ?? '',
  });
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(invoice.paymentMethod);
  const [type, setType] = useState<'increase' | 'decrease' | 'info'>('decrease');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const headers = { 'x-idempotency-key': key };
  const path = { id: invoice.id };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const buyerBody = {
        name: buyer.name,
        ...(buyer.mst.trim() ? { mst: buyer.mst.trim() } : {}),
        ...(buyer.address.trim() ? { address: buyer.address.trim() } : {}),
      };
      const created =
        kind === 'replace'
          ? await call(
              api.POST('/api/v1/invoices/{id}/replace', {
                params: { path },
                headers,
                body: { buyer: buyerBody, items: linesForApi(lines), reason, paymentMethod },
              }),
            )
          : await call(
              api.POST('/api/v1/invoices/{id}/adjust', {
                params: { path },
                headers,
                body: {
                  type,
                  items: type === 'info' ? [] : linesForApi(lines),
                  reason,
                  ...(type === 'info' ? { buyer: buyerBody } : {}),
                },
              }),
            );
      onDone(created.id);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };

  const reasonError = fieldMessage(error, 'reason');
  return (
    <form class="panel" onSubmit={submit} noValidate aria-labelledby="correction-title">
      <h2 id="correction-title">{kind === 'replace' ? T.replace : T.adjust}</h2>
      {kind === 'adjust' && (
        <>
          <label for="adjust-type">{T.adjustType}</label>
          <select id="adjust-type" value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
            <option value="increase">{T.increase}</option>
            <option value="decrease">{T.decrease}</option>
            <option value="info">{T.info}</option>
          </select>
        </>
      )}
      {(kind === 'replace' || type === 'info') && (
        <fieldset>
          <legend>{T.buyer}</legend>
          <label for="correction-buyer-name">{T.buyerName}</label>
          <input
            id="correction-buyer-name"
            value={buyer.name}
            onInput={(e) => setBuyer({ ...buyer, name: e.currentTarget.value })}
          />
          <FieldError error={error} field="buyer.name" id="correction-buyer-name-error" />
          <MstInput
            id="correction-buyer-mst"
            label={T.buyerMst}
            value={buyer.mst}
            error={error}
            onChange={(mst) => setBuyer({ ...buyer, mst })}
          />
        </fieldset>
      )}
      {kind === 'replace' && (
        <>
          <label for="correction-payment">{T.payment}</label>
          <select
            id="correction-payment"
            value={paymentMethod}
            onChange={(e) => setPaymentMethod(e.currentTarget.value as PaymentMethod)}
          >
            {Object.entries(PAYMENT_METHODS).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </>
      )}
      {!(kind === 'adjust' && type === 'info') && <LinesEditor lines={lines} onChange={setLines} error={error} />}
      <label for="correction-reason">{T.reason}</label>
      <textarea
        id="correction-reason"
        rows={2}
        cols={60}
        value={reason}
        aria-invalid={reasonError ? 'true' : undefined}
        aria-describedby="correction-reason-error"
        onInput={(e) => setReason(e.currentTarget.value)}
      />
      <FieldError error={error} field="reason" id="correction-reason-error" />
      <FormError
        error={error}
        fields={[
          'reason',
          'buyer.mst',
          'buyer.name',
          ...lines.flatMap((_, i) =>
            ['name', 'unit', 'quantity', 'unitPrice', 'taxRate'].map((f) => `items.${i}.${f}`),
          ),
        ]}
      />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {kind === 'replace' ? T.submitReplace : T.submitAdjust}
        </button>
        <button type="button" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
