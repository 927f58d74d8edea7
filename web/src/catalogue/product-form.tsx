/**
 * One product as the admin edits it (PUT /products/:sku): the price as the shop states it (with VAT when the
 * till's "Giá bán đã gồm thuế GTGT" is on), the tax facts, the barcode, category, favourite mark and cost price.
 */
import { useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError } from '../base/field-error';
import { percent } from '../base/format';
import { T } from './strings';

export type Product = Schema<'/api/v1/products', 'get'>['items'][number];
type TaxCategory = 'goods' | 'KCT' | 'KKKNT';

interface Draft {
  sku: string;
  name: string;
  unit: string;
  unitPrice: string;
  taxRate: string;
  taxCategory: TaxCategory;
  vatReductionEligible: boolean;
  barcode: string;
  category: string;
  favourite: boolean;
  costPrice: string;
}

const digits = (n: number | undefined) => (n === undefined ? '' : String(n));
/** "25.000" or "25000" typed → 25000; a decimal comma is a decimal point. */
const amount = (text: string) => Number(text.trim().replace(/\./g, '').replace(',', '.'));

export function draftOf(p: Product | undefined, taxRates: number[]): Draft {
  return {
    sku: p?.sku ?? '',
    name: p?.name ?? '',
    unit: p?.unit ?? '',
    unitPrice: digits(p?.unitPrice),
    taxRate: String(p?.taxRate ?? taxRates[taxRates.length - 1] ?? ''),
    taxCategory: p?.taxCategory ?? 'goods',
    vatReductionEligible: p?.vatReductionEligible ?? true,
    barcode: p?.barcode ?? '',
    category: p?.category ?? '',
    favourite: p?.favourite ?? false,
    costPrice: digits(p?.costPrice),
  };
}

export function ProductForm({
  product,
  taxRates,
  categories,
  pricesIncludeVat,
  onSaved,
  onClose,
}: {
  product: Product | undefined;
  taxRates: number[];
  categories: string[];
  pricesIncludeVat: boolean;
  onSaved: (saved: Product) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, taxRates));
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });

  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const saved = await call(
        api.PUT('/api/v1/products/{sku}', {
          params: { path: { sku: draft.sku.trim() } },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
          body: {
            name: draft.name,
            ...(draft.unit.trim() ? { unit: draft.unit.trim() } : {}),
            unitPrice: amount(draft.unitPrice),
            taxRate: Number(draft.taxRate),
            taxCategory: draft.taxCategory,
            vatReductionEligible: draft.vatReductionEligible,
            ...(draft.barcode.trim() ? { barcode: draft.barcode.trim() } : {}),
            ...(draft.category.trim() ? { category: draft.category.trim() } : {}),
            favourite: draft.favourite,
            ...(draft.costPrice.trim() ? { costPrice: amount(draft.costPrice) } : {}),
            active: product?.active ?? true,
          },
        }),
      );
      onSaved(saved);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const text = (name: 'sku' | 'name' | 'unit' | 'barcode' | 'category' | 'unitPrice' | 'costPrice', label: string) => (
    <div>
      <label for={`product-${name}`}>{label}</label>
      <input
        id={`product-${name}`}
        value={draft[name]}
        readOnly={name === 'sku' && product !== undefined}
        inputMode={name === 'unitPrice' || name === 'costPrice' ? 'decimal' : undefined}
        list={name === 'category' ? 'product-categories' : undefined}
        autocomplete="off"
        aria-describedby={`product-${name}-error`}
        onInput={(e) => set({ [name]: e.currentTarget.value })}
      />
      <FieldError error={error} field={name} id={`product-${name}-error`} />
    </div>
  );
  const titleId = 'product-form-title';
  return (
    <section class="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{product ? T.editTitle(product.sku) : T.newTitle}</h2>
      <form class="row product-form" onSubmit={save} noValidate aria-labelledby={titleId}>
        {text('sku', T.sku)}
        {text('name', T.name)}
        {text('unit', T.unit)}
        {text('unitPrice', pricesIncludeVat ? T.priceWithVat : T.priceBeforeVat)}
        <div>
          <label for="product-taxCategory">{T.taxCategory}</label>
          <select
            id="product-taxCategory"
            value={draft.taxCategory}
            onChange={(e) => set({ taxCategory: e.currentTarget.value as TaxCategory })}
          >
            {(Object.keys(T.taxCategories) as TaxCategory[]).map((c) => (
              <option key={c} value={c}>
                {T.taxCategories[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="product-taxRate">{T.rate}</label>
          <select id="product-taxRate" value={draft.taxRate} onChange={(e) => set({ taxRate: e.currentTarget.value })}>
            {taxRates.map((r) => (
              <option key={r} value={String(r)}>
                {percent(r)}
              </option>
            ))}
          </select>
          <FieldError error={error} field="taxRate" id="product-taxRate-error" />
        </div>
        {text('barcode', T.barcode)}
        {text('category', T.category)}
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        {text('costPrice', T.costPrice)}
        <div class="checks">
          <label>
            <input
              type="checkbox"
              checked={draft.vatReductionEligible}
              onChange={(e) => set({ vatReductionEligible: e.currentTarget.checked })}
            />{' '}
            {T.reduction}
          </label>
          <label>
            <input
              type="checkbox"
              checked={draft.favourite}
              onChange={(e) => set({ favourite: e.currentTarget.checked })}
            />{' '}
            {T.favourite}
          </label>
        </div>
        <div class="row">
          <button type="submit" class="primary" disabled={busy}>
            {T.save}
          </button>
          <button type="button" onClick={onClose}>
            {T.cancel}
          </button>
        </div>
      </form>
      <FormError
        error={error}
        fields={['sku', 'name', 'unit', 'unitPrice', 'taxRate', 'barcode', 'category', 'costPrice']}
      />
    </section>
  );
}
