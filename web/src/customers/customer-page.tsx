/** One customer: identity, totals, revenue by month (chart and table) and by channel, and their invoices. */
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client';
import type { Schema } from '../api/types';
import { BarChart } from '../base/bar-chart';
import { FormError } from '../base/field-error';
import { date, money } from '../base/format';
import { Table } from '../base/table';

const T = {
  invoices: 'Số hóa đơn',
  revenue: 'Doanh thu',
  average: 'Giá trị trung bình',
  first: 'Hóa đơn đầu tiên',
  last: 'Hóa đơn gần nhất',
  monthly: 'Doanh thu theo tháng',
  month: 'Tháng',
  channels: 'Theo kênh bán',
  channel: 'Kênh',
  list: 'Xem hóa đơn của khách hàng này',
};

type Customer = Schema<'/api/v1/customers/{id}', 'get'>;
type Analytics = Schema<'/api/v1/customers/{id}/analytics', 'get'>;

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

export function CustomerPage({ id }: { id: string }) {
  const [customer, setCustomer] = useState<Customer>();
  const [analytics, setAnalytics] = useState<Analytics>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    const path = { params: { path: { id } } };
    call(api.GET('/api/v1/customers/{id}', path)).then(setCustomer, setError);
    call(api.GET('/api/v1/customers/{id}/analytics', path)).then(setAnalytics, setError);
  }, [id]);
  if (!customer) return <FormError error={error} />;
  const months = analytics?.monthly ?? [];
  const filter = customer.mst
    ? `buyerMst=${encodeURIComponent(customer.mst)}`
    : `buyerName=${encodeURIComponent(customer.name)}`;
  return (
    <section aria-labelledby="customer-title">
      <h1 id="customer-title">{customer.name}</h1>
      <FormError error={error} />
      <p>
        {customer.mst && `MST ${customer.mst} · `}
        {customer.address ?? ''} {customer.email ?? ''} {customer.phone ?? ''}
      </p>
      <p>
        <a href={`/invoices?${filter}`}>{T.list}</a>
      </p>
      {analytics && (
        <>
          <div class="cards">
            <div class="card">
              <div class="muted">{T.invoices}</div>
              <div class="figure">{analytics.stats.totalInvoices}</div>
            </div>
            <div class="card">
              <div class="muted">{T.revenue}</div>
              <div class="figure">{money(analytics.stats.totalRevenue)}</div>
            </div>
            <div class="card">
              <div class="muted">{T.average}</div>
              <div class="figure">{money(analytics.stats.avgOrderValue)}</div>
            </div>
            <div class="card">
              <div class="muted">
                {T.first} – {T.last}
              </div>
              <div>
                {analytics.stats.firstInvoice ? date(analytics.stats.firstInvoice) : '—'} –{' '}
                {analytics.stats.lastInvoice ? date(analytics.stats.lastInvoice) : '—'}
              </div>
            </div>
          </div>
          <h2>{T.monthly}</h2>
          <BarChart
            label={T.monthly}
            labels={months.map((m) => monthLabel(m.month))}
            values={months.map((m) => m.revenue)}
          />
          <Table
            columns={[{ label: T.month }, { label: T.invoices, num: true }, { label: T.revenue, num: true }]}
            rows={months}
            rowKey={(m) => m.month}
            cells={(m) => [monthLabel(m.month), m.count, money(m.revenue)]}
          />
          <h2>{T.channels}</h2>
          <Table
            columns={[{ label: T.channel }, { label: T.invoices, num: true }, { label: T.revenue, num: true }]}
            rows={Object.entries(analytics.channels)}
            rowKey={([channel]) => channel}
            cells={([channel, c]) => [channel, c.count, money(c.revenue)]}
          />
        </>
      )}
    </section>
  );
}
