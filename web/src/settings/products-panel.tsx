/** The catalogue at the store: find a product, or create or update one by SKU (PUT /products/:sku). */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { FieldError, FormError } from '../base/field-error';
import { money, percent } from '../base/format';
import { Table } from '../base/table';

const T = {
  title: 'Danh mục sản phẩm',
  search: 'Tìm sản phẩm',
  sku: 'Mã SKU',
  name: 'Tên sản phẩm',
  unit: 'Đơn vị tính',
  price: 'Đơn giá (đồng)',
  rate: 'Thuế suất',
  save: 'Lưu sản phẩm',
  saved: (sku: string) => `Đã lưu sản phẩm ${sku}.`,
  edit: (name: string) => `Sửa ${name}`,
};

type Products = Schema<'/api/v1/products', 'get'>;
const EMPTY = { sku: '', name: '', unit: '', unitPrice: '', taxRate: '' };

export function ProductsPanel({ taxRates }: { taxRates: number[] }) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Products>();
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const load = (text: string) =>
    call(api.GET('/api/v1/products', { params: { query: { ...(text ? { search: text } : {}), pageSize: 10 } } })).then(
      setFound,
      setError,
    );
  useEffect(() => {
    const timer = setTimeout(() => load(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search]);

  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    setStatus('');
    try {
      const saved = await call(
        api.PUT('/api/v1/products/{sku}', {
          params: { path: { sku: draft.sku.trim() } },
          body: {
            name: draft.name,
            ...(draft.unit.trim() ? { unit: draft.unit.trim() } : {}),
            unitPrice: Number(draft.unitPrice.replace(/\./g, '')),
            taxRate: Number(draft.taxRate || taxRates[taxRates.length - 1]),
          },
        }),
      );
      setStatus(T.saved(saved.sku));
      setDraft(EMPTY);
      await load(search.trim());
    } catch (caught) {
      setError(caught);
    }
  };
  const field = (name: 'sku' | 'name' | 'unit' | 'unitPrice', label: string, path: string) => (
    <div>
      <label for={`product-${name}`}>{label}</label>
      <input
        id={`product-${name}`}
        value={draft[name]}
        inputMode={name === 'unitPrice' ? 'numeric' : undefined}
        aria-describedby={`product-${name}-error`}
        onInput={(e) => setDraft({ ...draft, [name]: e.currentTarget.value })}
      />
      <FieldError error={error} field={path} id={`product-${name}-error`} />
    </div>
  );
  return (
    <section class="panel" aria-labelledby="products-title">
      <h2 id="products-title">{T.title}</h2>
      <form class="row" onSubmit={save} noValidate aria-label={T.save}>
        {field('sku', T.sku, 'sku')}
        {field('name', T.name, 'name')}
        {field('unit', T.unit, 'unit')}
        {field('unitPrice', T.price, 'unitPrice')}
        <div>
          <label for="product-taxRate">{T.rate}</label>
          <select
            id="product-taxRate"
            value={draft.taxRate || String(taxRates[taxRates.length - 1] ?? '')}
            onChange={(e) => setDraft({ ...draft, taxRate: e.currentTarget.value })}
          >
            {taxRates.map((r) => (
              <option key={r} value={String(r)}>
                {percent(r)}
              </option>
            ))}
          </select>
          <FieldError error={error} field="taxRate" id="product-taxRate-error" />
        </div>
        <button type="submit" class="primary">
          {T.save}
        </button>
      </form>
      <FormError error={error} fields={['sku', 'name', 'unit', 'unitPrice', 'taxRate']} />
      <p role="status">{status}</p>
      <label for="product-find">{T.search}</label>
      <input id="product-find" type="search" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
      {found && found.items.length > 0 && (
        <Table
          columns={[
            { label: T.sku },
            { label: T.name },
            { label: T.unit },
            { label: T.price, num: true },
            { label: T.rate, num: true },
          ]}
          rows={found.items}
          rowKey={(p) => p.sku}
          cells={(p) => [
            <button
              key="sku"
              type="button"
              aria-label={T.edit(p.name)}
              onClick={() =>
                setDraft({
                  sku: p.sku,
                  name: p.name,
                  unit: p.unit ?? '',
                  unitPrice: String(p.unitPrice),
                  taxRate: String(p.taxRate),
                })
              }
            >
              {p.sku}
            </button>,
            p.name,
            p.unit ?? '',
            money(p.unitPrice),
            percent(p.taxRate),
          ]}
        />
      )}
    </section>
  );
}
