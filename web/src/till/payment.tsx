/**
 * Getting paid: the payment method (HTTToan of the invoice), and for cash the amount handed over with the
 * change shown large; for a bank transfer a VietQR of the total into the store's account (till settings),
 * carrying the sale's reference, which every Vietnamese banking app reads.
 */
import { vietQrPayload, plainPurpose } from '../../../src/domain/vietqr';
import { amountText, money, PAYMENT_METHODS, type PaymentMethod } from '../base/format';
import { QrCode } from '../base/qr-code';
import type { TillSettings } from './till-settings';
import { readMoney } from './sale-lines';
import { T } from './strings';

/** Notes a customer hands over most often, above the total. */
const NOTES = [10_000, 20_000, 50_000, 100_000, 200_000, 500_000];

export function quickAmounts(total: number): number[] {
  const above = NOTES.map((note) => Math.ceil(total / note) * note).filter((a) => a > total);
  return [total, ...new Set(above)].slice(0, 4);
}

/** The change to hand back, when the cash handed over covers the total (shown large in the issue bar). */
export function changeDue(method: PaymentMethod, total: number, tendered: string): number | undefined {
  if (method !== 'TM' && method !== 'TM/CK') return undefined;
  const amount = readMoney(tendered);
  return amount !== undefined && tendered.trim() !== '' && amount >= total ? amount - total : undefined;
}

/** The sale's reference the transfer carries (62/08): short enough for banks, found again from the order. */
export const saleReference = (orderId: string) =>
  orderId.replace(/^POS-/, '').replace(/-/g, '').slice(0, 10).toUpperCase();

function Cash({
  total,
  tendered,
  onTendered,
}: {
  total: number;
  tendered: string;
  onTendered: (text: string) => void;
}) {
  const amount = readMoney(tendered);
  const problem = tendered.trim() !== '' && amount === undefined ? T.tenderedWhole : undefined;
  const change = amount !== undefined ? amount - total : undefined;
  return (
    <div class="cash">
      <label for="tendered">{T.tendered}</label>
      <input
        id="tendered"
        inputMode="numeric"
        autocomplete="off"
        value={tendered}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? 'tendered-error' : undefined}
        onInput={(e) => onTendered(e.currentTarget.value)}
      />
      {problem && (
        <p class="field-error" id="tendered-error">
          {problem}
        </p>
      )}
      {total > 0 && (
        <fieldset class="quick">
          <legend class="visually-hidden">{T.quickCash}</legend>
          {quickAmounts(total).map((a) => (
            <button key={a} type="button" onClick={() => onTendered(amountText(a))}>
              {a === total ? T.exact : money(a)}
            </button>
          ))}
        </fieldset>
      )}
      {change !== undefined && change < 0 && (
        <p class="field-error" aria-live="polite">
          {T.short(money(-change))}
        </p>
      )}
    </div>
  );
}

function Transfer({
  total,
  reference,
  settings,
}: {
  total: number;
  reference: string;
  settings: TillSettings | undefined;
}) {
  const account = settings?.bankAccount;
  if (!account) return <p class="notice">{T.qrNoAccount}</p>;
  if (total <= 0) return null;
  const purpose = plainPurpose(T.qrPurpose(reference));
  const payload = vietQrPayload({ account, amount: total, purpose });
  return (
    <figure class="vietqr" data-testid="vietqr" data-payload={payload}>
      <QrCode text={payload} label={T.qrTitle} />
      <figcaption>
        <strong>{T.qrTitle}</strong>
        <span>{T.qrAccount(account.bin, account.accountNumber, account.accountName)}</span>
        <span>
          {T.qrAmount}: <strong>{money(total)}</strong>
        </span>
        <span>
          {T.qrContent}: <code>{purpose}</code>
        </span>
      </figcaption>
    </figure>
  );
}

export function Payment({
  method,
  total,
  tendered,
  reference,
  settings,
  disabled,
  onMethod,
  onTendered,
}: {
  method: PaymentMethod;
  total: number;
  tendered: string;
  reference: string;
  settings: TillSettings | undefined;
  disabled: boolean;
  onMethod: (method: PaymentMethod) => void;
  onTendered: (text: string) => void;
}) {
  return (
    <fieldset class="panel payment" disabled={disabled}>
      <legend>{T.payment}</legend>
      <label for="payment-method" class="visually-hidden">
        {T.payment}
      </label>
      <select id="payment-method" value={method} onChange={(e) => onMethod(e.currentTarget.value as PaymentMethod)}>
        {Object.entries(PAYMENT_METHODS).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {(method === 'TM' || method === 'TM/CK') && <Cash total={total} tendered={tendered} onTendered={onTendered} />}
      {(method === 'CK' || method === 'TM/CK') && <Transfer total={total} reference={reference} settings={settings} />}
    </fieldset>
  );
}
