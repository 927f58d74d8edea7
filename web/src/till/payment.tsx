/**
 * Getting paid: the payment method (HTTToan of the invoice) as big buttons, and for cash the amount handed
 * over with the change shown large (the total rounded to the shop's cash step, "Làm tròn", which the invoice
 * never carries); for a bank transfer a VietQR of the total into the store's account (till settings), with
 * the bank's name, the amount and the sale's reference, and "Đã nhận tiền" once the money is in.
 */
import { cashRounding } from '../../../src/domain/cash-rounding';
import { bankName } from '../../../src/domain/napas-banks';
import { plainPurpose, vietQrPayload } from '../../../src/domain/vietqr';
import { amountText, money, type PaymentMethod } from '../base/format';
import { QrCode } from '../base/qr-code';
import { readMoney } from './sale-lines';
import { T } from './strings';
import type { TillSettings } from './till-settings';

/** Notes a customer hands over most often, above the total. */
const NOTES = [10_000, 20_000, 50_000, 100_000, 200_000, 500_000];

/** The methods the till offers, each a button. */
const METHODS: [PaymentMethod, string][] = [
  ['TM', T.cash],
  ['CK', T.transfer],
  ['THE', T.card],
];

export function quickAmounts(total: number): number[] {
  const above = NOTES.map((note) => Math.ceil(total / note) * note).filter((a) => a > total);
  return [total, ...new Set(above)].slice(0, 4);
}

/** What the cashier asks for: a cash total rounded to the shop's step, anything else as it is. */
export function amountDue(method: PaymentMethod, total: number, settings: TillSettings | undefined) {
  return method === 'TM' ? cashRounding(total, settings?.cashRounding ?? 0) : { due: total, rounding: 0 };
}

/** The change to hand back, when the cash handed over covers what is due (shown large in the issue bar). */
export function changeDue(method: PaymentMethod, due: number, tendered: string): number | undefined {
  if (method !== 'TM' && method !== 'TM/CK') return undefined;
  const amount = readMoney(tendered);
  return amount !== undefined && tendered.trim() !== '' && amount >= due ? amount - due : undefined;
}

/** The sale's reference the transfer carries (62/08): short enough for banks, found again from the order. */
export const saleReference = (orderId: string) =>
  orderId.replace(/^POS-/, '').replace(/-/g, '').slice(0, 10).toUpperCase();

function Cash({
  due,
  rounding,
  tendered,
  onTendered,
}: {
  due: number;
  rounding: number;
  tendered: string;
  onTendered: (text: string) => void;
}) {
  const amount = readMoney(tendered);
  const problem = tendered.trim() !== '' && amount === undefined ? T.tenderedWhole : undefined;
  const change = amount !== undefined ? amount - due : undefined;
  return (
    <div class="cash">
      {rounding !== 0 && (
        <p class="muted" data-testid="cash-rounding">
          {T.rounding}: {money(rounding)} · {T.due}: <strong>{money(due)}</strong>
        </p>
      )}
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
      {due > 0 && (
        <fieldset class="quick">
          <legend class="visually-hidden">{T.quickCash}</legend>
          {quickAmounts(due).map((a) => (
            <button key={a} type="button" onClick={() => onTendered(amountText(a))}>
              {a === due ? T.exact : money(a)}
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
  onReceived,
}: {
  total: number;
  reference: string;
  settings: TillSettings | undefined;
  onReceived: () => void;
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
        <span data-testid="vietqr-bank">
          {T.qrAccount(bankName(account.bin), account.accountNumber, account.accountName)}
        </span>
        <span>
          {T.qrAmount}: <strong data-testid="vietqr-amount">{money(total)}</strong>
        </span>
        <span>
          {T.qrContent}: <code>{purpose}</code>
        </span>
        <button type="button" class="primary received" onClick={onReceived}>
          {T.received}
        </button>
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
  onReceived,
}: {
  method: PaymentMethod;
  total: number;
  tendered: string;
  reference: string;
  settings: TillSettings | undefined;
  disabled: boolean;
  onMethod: (method: PaymentMethod) => void;
  onTendered: (text: string) => void;
  onReceived: () => void;
}) {
  const { due, rounding } = amountDue(method, total, settings);
  return (
    <fieldset class="panel payment" disabled={disabled}>
      <legend>{T.payment}</legend>
      <div class="methods">
        {METHODS.map(([code, name]) => (
          <button
            key={code}
            type="button"
            class="method"
            aria-pressed={method === code ? 'true' : 'false'}
            onClick={() => onMethod(code)}
          >
            {name}
          </button>
        ))}
      </div>
      {(method === 'TM' || method === 'TM/CK') && (
        <Cash due={due} rounding={rounding} tendered={tendered} onTendered={onTendered} />
      )}
      {(method === 'CK' || method === 'TM/CK') && (
        <Transfer total={total} reference={reference} settings={settings} onReceived={onReceived} />
      )}
    </fieldset>
  );
}
