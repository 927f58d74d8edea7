/**
 * The lines of the sale, one card each (a table would not fit a phone): quantity, price when the cashier may
 * change it, discount, remove. Every field is named for a screen reader and shows its own Vietnamese message
 * beside it; a 0-đồng line asks whether it is a promotional item.
 */
import { quantity as formatQuantity, money } from '../base/format';
import { type Discount, fieldText, type Sale, type SaleLine } from './draft';
import { isMeasured, netOf, readMoney, readQuantity } from './sale-lines';
import { T } from './strings';

function Message({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p class="field-error" id={`${id}-error`}>
      {text}
    </p>
  ) : null;
}

const invalid = (text: string | undefined, id: string) =>
  text ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-error` } : {};

export function DiscountField({
  id,
  label,
  name,
  modeLabel,
  discount,
  problem,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  /** The name read aloud when the visible label alone is ambiguous ("Chiết khấu Cà phê sữa đá"). */
  name?: string;
  modeLabel: string;
  discount: Discount | undefined;
  problem: string | undefined;
  disabled: boolean;
  onChange: (discount: Discount | undefined) => void;
}) {
  const mode = discount?.mode ?? 'rate';
  return (
    <div class="field discount">
      <label for={id}>{label}</label>
      <div class="joined">
        <input
          id={id}
          inputMode="decimal"
          autocomplete="off"
          aria-label={name}
          value={discount?.text ?? ''}
          disabled={disabled}
          {...invalid(problem, id)}
          onInput={(e) => {
            const text = e.currentTarget.value;
            onChange(text === '' ? undefined : { mode, text });
          }}
        />
        <select
          aria-label={modeLabel}
          value={mode}
          disabled={disabled}
          onChange={(e) => {
            const next = e.currentTarget.value as Discount['mode'];
            onChange(discount ? { ...discount, mode: next } : { mode: next, text: '' });
          }}
        >
          <option value="rate">{T.discountRateMode}</option>
          <option value="amount">{T.discountAmountMode}</option>
        </select>
      </div>
      <Message id={id} text={problem} />
    </div>
  );
}

function LineCard({
  line,
  problems,
  canChangePrice,
  disabled,
  set,
  remove,
}: {
  line: SaleLine;
  problems: Record<string, string>;
  canChangePrice: boolean;
  disabled: boolean;
  set: (change: Partial<SaleLine>) => void;
  remove: () => void;
}) {
  const qtyId = `qty-${line.id}`;
  const priceId = `price-${line.id}`;
  const discountId = `discount-${line.id}`;
  const askPromotion = problems[priceId] === T.zeroPrice && !line.notPromotion;
  return (
    <li class="line">
      <div class="line-head">
        <span class="line-name" title={line.name}>
          {line.name}
        </span>
        <span class="muted line-tags">
          {[
            line.sku,
            T.taxChoice(line.tax),
            line.promotion ? T.promotionTag : undefined,
            line.free ? T.freeLineTag : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div class="line-fields">
        <div class="field">
          <label for={qtyId}>
            {T.quantity}
            {line.unit ? ` (${line.unit})` : ''}
          </label>
          <div class="stepper">
            <button
              type="button"
              class="step"
              aria-label={T.minusOf(line.name)}
              disabled={disabled}
              onClick={() => {
                const quantity = Math.round((line.quantity - 1) * 1000) / 1000;
                if (quantity <= 0) remove();
                else set({ quantity, quantityText: fieldText(quantity) });
              }}
            >
              −
            </button>
            <input
              id={qtyId}
              class="qty"
              inputMode="decimal"
              autocomplete="off"
              aria-label={T.quantityOf(line.name)}
              title={isMeasured(line.unit) ? T.weighed : undefined}
              value={line.quantityText}
              disabled={disabled}
              {...invalid(problems[qtyId], qtyId)}
              onInput={(e) => {
                const text = e.currentTarget.value;
                const value = readQuantity(text);
                set({ quantityText: text, ...(value !== undefined && value > 0 ? { quantity: value } : {}) });
              }}
            />
            <button
              type="button"
              class="step"
              aria-label={T.plusOf(line.name)}
              disabled={disabled}
              onClick={() => {
                const quantity = Math.round((line.quantity + 1) * 1000) / 1000;
                set({ quantity, quantityText: fieldText(quantity) });
              }}
            >
              +
            </button>
          </div>
          <Message id={qtyId} text={problems[qtyId]} />
        </div>
        <div class="field">
          {canChangePrice || line.free ? (
            <>
              <label for={priceId}>{T.unitPrice}</label>
              <input
                id={priceId}
                class="price"
                inputMode="numeric"
                autocomplete="off"
                aria-label={T.priceOf(line.name)}
                value={line.priceText}
                disabled={disabled || line.promotion}
                {...invalid(problems[priceId], priceId)}
                onInput={(e) => {
                  const text = e.currentTarget.value;
                  const value = readMoney(text);
                  set({ priceText: text, ...(value !== undefined ? { unitPrice: value } : {}), notPromotion: false });
                }}
              />
            </>
          ) : (
            <>
              <span class="label">{T.unitPrice}</span>
              <span class="num">{money(line.unitPrice)}</span>
            </>
          )}
          <Message id={priceId} text={askPromotion ? undefined : problems[priceId]} />
        </div>
        {!line.promotion && (
          <DiscountField
            id={discountId}
            label={T.discount}
            name={T.discountOf(line.name)}
            modeLabel={T.discountModeOf(line.name)}
            discount={line.discount}
            problem={problems[discountId]}
            disabled={disabled}
            onChange={(discount) => set({ discount })}
          />
        )}
        <div class="field line-total">
          <span class="label">{T.lineTotal}</span>
          <span class="num" data-testid={`line-total-${line.sku ?? line.name}`}>
            {money(netOf(line))}
          </span>
        </div>
        <button type="button" class="remove" aria-label={T.removeOf(line.name)} disabled={disabled} onClick={remove}>
          {T.remove}
        </button>
      </div>
      {askPromotion && (
        <div class="ask" role="alert">
          <p>{T.zeroPriceAsk(line.name)}</p>
          <div class="actions">
            <button type="button" disabled={disabled} onClick={() => set({ promotion: true, discount: undefined })}>
              {T.yesPromotion}
            </button>
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                set({ notPromotion: true });
                setTimeout(() => document.getElementById(priceId)?.focus(), 0);
              }}
            >
              {T.noPromotion}
            </button>
          </div>
        </div>
      )}
      {line.promotion && line.quantity > 0 && (
        <p class="muted">
          {T.promotion}: {formatQuantity(line.quantity)} {line.unit ?? ''}
        </p>
      )}
    </li>
  );
}

export function Cart({
  sale,
  problems,
  canChangePrice,
  disabled,
  onChange,
}: {
  sale: Sale;
  problems: Record<string, string>;
  canChangePrice: boolean;
  disabled: boolean;
  onChange: (lines: SaleLine[]) => void;
}) {
  if (sale.lines.length === 0) return <p class="muted">{T.empty}</p>;
  return (
    <ul class="cart" aria-label={T.cart}>
      {sale.lines.map((line) => (
        <LineCard
          key={line.id}
          line={line}
          problems={problems}
          canChangePrice={canChangePrice}
          disabled={disabled}
          set={(change) => onChange(sale.lines.map((l) => (l === line ? { ...l, ...change } : l)))}
          remove={() => onChange(sale.lines.filter((l) => l !== line))}
        />
      ))}
    </ul>
  );
}
