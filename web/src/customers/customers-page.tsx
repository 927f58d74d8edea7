/** Customers: search by name or MST, with their invoice count and revenue; a click opens the detail. */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { FormError } from '../base/field-error';
import { money } from '../base/format';
import { Pager } from '../base/pager';
import { setQuery, useLocation } from '../base/router';
import { Table } from '../base/table';

const T = {
  title: 'Khách hàng',
  search: 'Tìm theo tên, MST hoặc email',
  find: 'Tìm',
  name: 'Tên khách hàng',
  mst: 'MST',
  invoices: 'Số hóa đơn',
  revenue: 'Doanh thu',
  none: 'Không tìm thấy khách hàng nào.',
};

type Page = Schema<'/api/v1/customers', 'get'>;

export function CustomersPage() {
  const { query } = useLocation();
  const search = query.get('search') ?? '';
  const page = Number(query.get('page') ?? '1') || 1;
  const [text, setText] = useState(search);
  const [result, setResult] = useState<Page>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    setText(search);
    call(
      api.GET('/api/v1/customers', { params: { query: { ...(search ? { search } : {}), page, pageSize: 20 } } }),
    ).then(setResult, setError);
  }, [search, page]);
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title">{T.title}</h1>
      <form
        class="filters row"
        aria-label={T.search}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ search: text });
        }}
      >
        <div>
          <label for="customer-search">{T.search}</label>
          <input id="customer-search" type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </div>
        <button type="submit" class="primary">
          {T.find}
        </button>
      </form>
      <FormError error={error} />
      {result && result.items.length === 0 && <p class="muted">{T.none}</p>}
      {result && result.items.length > 0 && (
        <>
          <Table
            columns={[
              { label: T.name },
              { label: T.mst },
              { label: T.invoices, num: true },
              { label: T.revenue, num: true },
            ]}
            rows={result.items}
            rowKey={(c) => c.id}
            cells={(c) => [
              <a key="name" href={`/customers/${encodeURIComponent(c.id)}`}>
                {c.name}
              </a>,
              c.mst ?? '',
              c.invoiceCount,
              money(c.totalRevenue),
            ]}
          />
          <Pager
            page={result.page}
            totalPages={result.totalPages}
            total={result.total}
            totalIsLowerBound={result.totalIsLowerBound}
            onPage={(p) => setQuery({ search, page: p })}
          />
        </>
      )}
    </section>
  );
}
