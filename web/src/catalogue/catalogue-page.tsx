/**
 * "Hàng hóa": the catalogue a shop manages (docs/catalogue.md). The list searches names, SKUs and barcodes,
 * filters by category and by state, and pages; an admin adds and edits products, takes one off the till
 * (a sold product is never deleted), and imports a file; an accountant reads it and exports it.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call, newIdempotencyKey } from '../api/client';
import type { Schema } from '../api/types';
import { useSession } from '../auth/session';
import { FormError } from '../base/field-error';
import { money, percent } from '../base/format';
import { Pager } from '../base/pager';
import { setQuery, useLocation } from '../base/router';
import { type Column, Table } from '../base/table';
import { CatalogueFile } from './catalogue-file';
import { type Product, ProductForm } from './product-form';
import { T } from './strings';

type Page = Schema<'/api/v1/products', 'get'>;
type State = 'active' | 'inactive' | 'all';
const ACTIVE_OF: Record<State, boolean | undefined> = { active: true, inactive: false, all: undefined };

export function CataloguePage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const { query } = useLocation();
  const search = query.get('search') ?? '';
  const category = query.get('category') ?? '';
  const state = (query.get('state') ?? 'active') as State;
  const page = Number(query.get('page') ?? '1') || 1;
  const [text, setText] = useState(search);
  const [chosenCategory, setChosenCategory] = useState(category);
  const [chosenState, setChosenState] = useState<State>(state);
  const [result, setResult] = useState<Page>();
  const [categories, setCategories] = useState<string[]>([]);
  const [taxRates, setTaxRates] = useState<number[]>([0, 0.05, 0.08, 0.1]);
  const [pricesIncludeVat, setPricesIncludeVat] = useState(true);
  const [editing, setEditing] = useState<{ product?: Product }>();
  const [error, setError] = useState<unknown>();
  const [status, setStatus] = useState('');
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((g) => g + 1);

  useEffect(() => {
    call(api.GET('/api/v1/config')).then((c) => setTaxRates(c.taxRates), setError);
    call(api.GET('/api/v1/settings/till')).then((s) => setPricesIncludeVat(s.pricesIncludeVat !== false), setError);
  }, []);
  useEffect(() => {
    call(api.GET('/api/v1/products/categories')).then(setCategories, setError);
  }, [generation]);
  useEffect(() => {
    setText(search);
    setChosenCategory(category);
    setChosenState(state);
    const active = ACTIVE_OF[state];
    call(
      api.GET('/api/v1/products', {
        params: {
          query: {
            ...(search ? { search } : {}),
            ...(category ? { category } : {}),
            ...(active === undefined ? {} : { active: active ? 'true' : 'false' }),
            page,
            pageSize: 20,
          },
        },
      }),
    ).then(setResult, setError);
  }, [search, category, state, page, generation]);

  const setActive = async (p: Product, active: boolean) => {
    setError(undefined);
    try {
      await call(
        api.PUT('/api/v1/products/{sku}/active', {
          params: { path: { sku: p.sku } },
          headers: { 'x-idempotency-key': newIdempotencyKey() },
          body: { active },
        }),
      );
      setStatus(active ? T.activated(p.sku) : T.deactivated(p.sku));
      reload();
    } catch (caught) {
      setError(caught);
    }
  };

  const columns: Column[] = [
    { label: T.sku },
    { label: T.name },
    { label: T.category },
    { label: T.price, num: true },
    { label: T.rate, num: true },
    { label: T.barcode },
    { label: T.costShort, num: true },
    { label: T.state },
    ...(isAdmin ? [{ label: T.actions, hidden: true }] : []),
  ];

  return (
    <section aria-labelledby="catalogue-title">
      <h1 id="catalogue-title">{T.title}</h1>
      {!isAdmin && <p class="muted">{T.readOnly}</p>}
      <form
        class="filters row"
        aria-label={T.search}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ search: text, category: chosenCategory, state: chosenState });
        }}
      >
        <div>
          <label for="catalogue-search">{T.search}</label>
          <input id="catalogue-search" type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </div>
        <div>
          <label for="catalogue-category">{T.category}</label>
          <select
            id="catalogue-category"
            value={chosenCategory}
            onChange={(e) => setChosenCategory(e.currentTarget.value)}
          >
            <option value="">{T.allCategories}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="catalogue-state">{T.state}</label>
          <select
            id="catalogue-state"
            value={chosenState}
            onChange={(e) => setChosenState(e.currentTarget.value as State)}
          >
            <option value="active">{T.onSale}</option>
            <option value="inactive">{T.offSale}</option>
            <option value="all">{T.allStates}</option>
          </select>
        </div>
        <button type="submit" class="primary">
          {T.find}
        </button>
        {isAdmin && (
          <button type="button" onClick={() => setEditing({})}>
            {T.add}
          </button>
        )}
      </form>
      <FormError error={error} />
      <p role="status">{status}</p>
      {editing && (
        <ProductForm
          key={editing.product?.sku ?? ''}
          product={editing.product}
          taxRates={taxRates}
          categories={categories}
          pricesIncludeVat={pricesIncludeVat}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            setStatus(T.saved(saved.sku));
            reload();
          }}
        />
      )}
      {result && result.items.length === 0 && <p class="muted">{T.none}</p>}
      {result && result.items.length > 0 && (
        <div class="catalogue-list">
          <Table
            caption={T.list}
            columns={columns}
            rows={result.items}
            rowKey={(p) => p.sku}
            cells={(p) => [
              <span key="sku" translate={false}>
                {p.sku}
              </span>,
              <span key="name">
                {p.name}
                {p.favourite ? <span class="badge"> ★ {T.favouriteShort}</span> : null}
              </span>,
              p.category ?? '',
              money(p.unitPrice),
              p.taxCategory === 'KCT' || p.taxCategory === 'KKKNT' ? p.taxCategory : percent(p.taxRate),
              <span key="barcode" translate={false}>
                {p.barcode ?? ''}
              </span>,
              p.costPrice === undefined ? '' : money(p.costPrice),
              p.active ? T.onSale : T.offSale,
              ...(isAdmin
                ? [
                    <span key="actions" class="row-actions">
                      <button type="button" aria-label={T.edit(p.name)} onClick={() => setEditing({ product: p })}>
                        {T.editShort}
                      </button>
                      <button
                        type="button"
                        aria-label={p.active ? T.deactivate(p.name) : T.activate(p.name)}
                        onClick={() => void setActive(p, !p.active)}
                      >
                        {p.active ? T.offSale : T.activateShort}
                      </button>
                    </span>,
                  ]
                : []),
            ]}
          />
          <Pager
            page={result.page}
            totalPages={result.totalPages}
            total={result.total}
            onPage={(n) => setQuery({ search, category, state, page: n })}
          />
        </div>
      )}
      <CatalogueFile mayImport={isAdmin} onImported={reload} />
    </section>
  );
}
