/**
 * The invoice list with the API's filters (status, dates, buyer name, buyer MST) and pagination. The filters
 * live in the URL: a reload, a shared link and the back button show the same page.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { DateInput } from '../base/date-input';
import { FieldError, FormError } from '../base/field-error';
import { date, INVOICE_STATUSES, money } from '../base/format';
import { Pager } from '../base/pager';
import { setQuery, useLocation } from '../base/router';
import { Table } from '../base/table';
import { invoiceLabel } from './invoice-label';
import { T } from './strings';

type Page = Schema<'/api/v1/invoices', 'get'>;
const FILTERS = ['status', 'dateFrom', 'dateTo', 'buyerName', 'buyerMst'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export function InvoicesPage() {
  const { query } = useLocation();
  const applied = Object.fromEntries(FILTERS.map((f) => [f, query.get(f) ?? ''])) as Filters;
  const page = Number(query.get('page') ?? '1') || 1;
  const [form, setForm] = useState<Filters>(applied);
  const [result, setResult] = useState<Page>();
  const [error, setError] = useState<unknown>();
  const key = query.toString();

  useEffect(() => {
    setForm(applied);
    const params = Object.fromEntries(Object.entries(applied).filter(([, v]) => v !== ''));
    call(api.GET('/api/v1/invoices', { params: { query: { ...params, page, pageSize: 20 } } })).then((r) => {
      setResult(r);
      setError(undefined);
    }, setError);
  }, [key]);

  const submit = (event: Event) => {
    event.preventDefault();
    setQuery({ ...form });
  };
  const input = (name: keyof Filters, label: string, kind: 'text' | 'date' = 'text') => {
    const attributes = {
      id: `filter-${name}`,
      value: form[name],
      'aria-describedby': `filter-${name}-error`,
      onInput: (e: Event) => setForm({ ...form, [name]: (e.currentTarget as HTMLInputElement).value }),
    };
    return (
      <div>
        <label for={`filter-${name}`}>{label}</label>
        {kind === 'date' ? (
          <DateInput
            id={attributes.id}
            value={attributes.value}
            onChange={(value) => setForm({ ...form, [name]: value })}
            describedBy={attributes['aria-describedby']}
          />
        ) : (
          <input type="text" {...attributes} />
        )}
        <FieldError error={error} field={name} id={`filter-${name}-error`} />
      </div>
    );
  };

  return (
    <section aria-labelledby="invoices-title">
      <h1 id="invoices-title">{T.list}</h1>
      <form class="filters row" onSubmit={submit} aria-label="Lọc hóa đơn" noValidate>
        <div>
          <label for="filter-status">{T.status}</label>
          <select
            id="filter-status"
            value={form.status}
            onChange={(e) => setForm({ ...form, status: e.currentTarget.value })}
          >
            <option value="">{T.allStatuses}</option>
            {Object.entries(INVOICE_STATUSES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {input('dateFrom', T.dateFrom, 'date')}
        {input('dateTo', T.dateTo, 'date')}
        {input('buyerName', T.buyerName)}
        {input('buyerMst', T.buyerMst)}
        <button type="submit" class="primary">
          {T.filter}
        </button>
        <button type="button" onClick={() => setQuery({})}>
          {T.clearFilters}
        </button>
      </form>
      <FormError error={error} fields={[...FILTERS]} />
      {result && result.items.length === 0 && <p class="muted">{T.none}</p>}
      {result && result.items.length > 0 && (
        <>
          <Table
            columns={[
              { label: T.number },
              { label: T.date },
              { label: T.buyer },
              { label: T.status },
              { label: T.total, num: true },
            ]}
            rows={result.items}
            rowKey={(i) => i.id}
            cells={(i) => [
              <>
                <a href={`/invoices/${encodeURIComponent(i.id)}`}>{invoiceLabel(i)}</a>
                {i.demo && <span class="muted"> ({T.demo})</span>}
              </>,
              date(i.issueDate),
              <>
                {i.buyer.name}
                {i.buyer.mst && <span class="muted"> – MST {i.buyer.mst}</span>}
              </>,
              INVOICE_STATUSES[i.status],
              money(i.totals.total),
            ]}
          />
          <Pager
            page={result.page}
            totalPages={result.totalPages}
            total={result.total}
            totalIsLowerBound={result.totalIsLowerBound}
            onPage={(p) => setQuery({ ...applied, page: p })}
          />
        </>
      )}
    </section>
  );
}
